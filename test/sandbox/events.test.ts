import { EVENT_KINDS, leadEventBodySchema } from '../../nodes/shared/schemas';
import { ZONED, messageLeadBody } from './helpers/expected';
import type { Portal } from './helpers/http';
import { startReceiver, type Receiver } from './helpers/receiver';
import { AD_SUMMARY, CALLBACKS, adminAds, deliveryRecords, useSandbox } from './helpers/sandbox';

const fx = useSandbox();
const receivers: Record<'les' | 'lec' | 'other', Receiver> = {} as never;

beforeAll(async () => {
	for (const name of ['les', 'lec', 'other'] as const) receivers[name] = await startReceiver();
});
afterAll(async () => {
	for (const receiver of Object.values(receivers)) await receiver.close();
});
beforeEach(async () => {
	for (const receiver of Object.values(receivers)) receiver.received.length = 0;
	await fx.admin.post('/reset');
});
// A delivery still on its way would land in the next test's receiver.
afterEach(() => fx.sandbox.waitForIdle());

async function subscribe(
	client: Portal,
	receiver: Receiver,
	kinds: readonly string[] = EVENT_KINDS,
	language?: string,
) {
	await client.put(CALLBACKS, {
		url: receiver.url,
		authorizationHeaderValue: 'tok',
		lenguajeCallbackBody: language,
	});
	for (const kind of kinds) await client.put(`${CALLBACKS}/${kind}`);
}

async function subscribeEveryone() {
	await subscribe(fx.les, receivers.les);
	await subscribe(fx.lec, receivers.lec);
	await subscribe(fx.other, receivers.other);
}

/** An ad of INMO-001 associated to demo-les, online or offline. */
async function associatedAd(online: boolean) {
	const codes = new Map<number, string>(
		(await fx.admin.get('/interfaces/demo-les')).json.associations.map((a: any) => [
			a.idAvisoPlat,
			a.codigoAviso,
		]),
	);
	const ad = (await adminAds(fx, 'INMO-001', online)).find((a) => codes.has(a.idAvisoPlat))!;
	return { ...ad, codigoAviso: codes.get(ad.idAvisoPlat)! };
}

async function unassociatedOnlineAd(unit = false) {
	const page = await fx.les.get(AD_SUMMARY, { 'pageable.size': 200 });
	return page.json.content.find(
		(i: any) => i.codigoAviso === null && (i.idDesarrolloPlat !== null) === unit,
	).idAvisoPlat as number;
}

const kindsOf = (events: any[]) => events.map((e) => `${e.interfaceId}:${e.kind}`).sort();

describe('ad occurrences (Events table, States and transitions)', () => {
	it('alta notifies AVISO_ACTIVIDAD and AVISO_ESTADO_PUBLICACION to the LES only', async () => {
		await subscribeEveryone();
		const ad = await associatedAd(false);
		await fx.admin.put(`/interfaces/demo-lec/associations/${ad.idAvisoPlat}`, {
			codigoAviso: 'LEC-1',
		});
		const answer = await fx.admin.post(`/ads/${ad.idAvisoPlat}/alta`);
		expect(answer.status).toBe(200);
		expect(kindsOf(answer.json.events)).toEqual([
			'demo-les:AVISO_ACTIVIDAD',
			'demo-les:AVISO_ESTADO_PUBLICACION',
		]);
		const bodies = (await receivers.les.waitFor(2)).map((r) => r.body);
		const common = {
			codigoInmobiliaria: 'INMO-001',
			idAvisoPlat: ad.idAvisoPlat,
			codigoAviso: ad.codigoAviso,
			fechaEvento: expect.stringMatching(ZONED),
		};
		expect(bodies).toEqual(
			expect.arrayContaining([
				{ ...common, idEvento: expect.any(String), tipoEvento: 'AVISO_ACTIVIDAD', accion: 'ALTA' },
				{
					...common,
					idEvento: expect.any(String),
					tipoEvento: 'AVISO_ESTADO_PUBLICACION',
					estadoPublicacion: 'ONLINE',
				},
			]),
		);
		expect(bodies[0].idEvento).not.toBe(bodies[1].idEvento);
		expect(
			(await fx.lec.get(AD_SUMMARY, { idAvisoPlat: ad.idAvisoPlat })).json.content[0].codigoAviso,
		).toBe('LEC-1');
		expect(receivers.lec.received).toHaveLength(0);
		expect(receivers.other.received).toHaveLength(0);
	});

	it('baja notifies BAJA / OFFLINE and the ad leaves the summary of LES and LEC (rule 4)', async () => {
		await subscribe(fx.les, receivers.les);
		const ad = await associatedAd(true);
		const answer = await fx.admin.post(`/ads/${ad.idAvisoPlat}/baja`);
		expect(kindsOf(answer.json.events)).toEqual([
			'demo-les:AVISO_ACTIVIDAD',
			'demo-les:AVISO_ESTADO_PUBLICACION',
		]);
		const bodies = (await receivers.les.waitFor(2)).map((r) => r.body);
		expect(bodies.map((b) => b.accion ?? b.estadoPublicacion).sort()).toEqual(['BAJA', 'OFFLINE']);
		for (const client of [fx.les, fx.lec]) {
			expect((await client.get(AD_SUMMARY, { idAvisoPlat: ad.idAvisoPlat })).status).toBe(204);
		}
		expect((await fx.admin.post(`/ads/${ad.idAvisoPlat}/baja`)).status).toBe(409);
	});

	it('a modification notifies AVISO_ACTIVIDAD only, and the change is visible to the LEC (rule 4)', async () => {
		await subscribe(fx.les, receivers.les);
		const ad = await associatedAd(true);
		const answer = await fx.admin.patch(`/ads/${ad.idAvisoPlat}`, {
			titulo: 'Casa renovada en Belgrano',
			precio: 99_000,
		});
		expect(kindsOf(answer.json.events)).toEqual(['demo-les:AVISO_ACTIVIDAD']);
		const [delivered] = await receivers.les.waitFor(1);
		expect(delivered.body).toMatchObject({
			tipoEvento: 'AVISO_ACTIVIDAD',
			accion: 'MODIFICACION',
			codigoAviso: ad.codigoAviso,
		});
		const seen = await fx.lec.get(AD_SUMMARY, { titulo: 'renovada belgrano' });
		expect(seen.json.content.map((i: any) => i.idAvisoPlat)).toEqual([ad.idAvisoPlat]);
		expect(
			(await fx.les.get(AD_SUMMARY, { idAvisoPlat: ad.idAvisoPlat, precioHasta: 99_000 })).status,
		).toBe(200);
	});

	it('a quality change notifies AVISO_CALIDAD with the new quality', async () => {
		await subscribe(fx.les, receivers.les);
		const ad = await associatedAd(true);
		const answer = await fx.admin.put(`/ads/${ad.idAvisoPlat}/quality`, { calidad: 91 });
		expect(kindsOf(answer.json.events)).toEqual(['demo-les:AVISO_CALIDAD']);
		const [delivered] = await receivers.les.waitFor(1);
		expect(delivered.body).toMatchObject({
			tipoEvento: 'AVISO_CALIDAD',
			calidad: 91,
			idAvisoPlat: ad.idAvisoPlat,
		});
		expect((await fx.admin.put(`/ads/${ad.idAvisoPlat}/quality`, { calidad: 101 })).status).toBe(
			400,
		);
	});

	it('sends only the subscribed kinds', async () => {
		await subscribe(fx.les, receivers.les, ['AVISO_ESTADO_PUBLICACION']);
		const ad = await associatedAd(false);
		const answer = await fx.admin.post(`/ads/${ad.idAvisoPlat}/alta`);
		expect(kindsOf(answer.json.events)).toEqual(['demo-les:AVISO_ESTADO_PUBLICACION']);
		const modified = await fx.admin.patch(`/ads/${ad.idAvisoPlat}`, { titulo: 'Otro título' });
		expect(modified.json.events).toEqual([]);
	});

	it('sends nothing without any subscription (rule 5)', async () => {
		await subscribe(fx.les, receivers.les, []);
		const ad = await associatedAd(true);
		expect((await fx.admin.patch(`/ads/${ad.idAvisoPlat}`, { precio: 1 })).json.events).toEqual([]);
		expect((await fx.admin.post(`/ads/${ad.idAvisoPlat}/leads`, {})).json.events).toEqual([]);
	});

	it('notifies an ad only once it is associated to the interface (association rule 2)', async () => {
		await subscribe(fx.les, receivers.les);
		const id = await unassociatedOnlineAd();
		expect((await fx.admin.patch(`/ads/${id}`, { precio: 1 })).json.events).toEqual([]);
		await fx.les.put(`/v1/inmobiliarias/INMO-001/avisos/NEW-1/asociar/${id}`);
		const answer = await fx.admin.patch(`/ads/${id}`, { precio: 2 });
		expect(kindsOf(answer.json.events)).toEqual(['demo-les:AVISO_ACTIVIDAD']);
		expect((await receivers.les.waitFor(1))[0].body.codigoAviso).toBe('NEW-1');
	});

	it('notifies a new ad created online with an association', async () => {
		await subscribe(fx.les, receivers.les);
		const answer = await fx.admin.post('/agencies/INMO-001/ads', {
			titulo: 'Loft nuevo en San Telmo',
			operacion: 'ALQUILER',
			codigoMoneda: 'ARS',
			precio: 500_000,
			associations: { 'demo-les': 'LOFT-1' },
		});
		expect(answer.status).toBe(201);
		expect(kindsOf(answer.json.events)).toEqual([
			'demo-les:AVISO_ACTIVIDAD',
			'demo-les:AVISO_ESTADO_PUBLICACION',
		]);
		const found = await fx.les.get(AD_SUMMARY, { codigoAviso: 'LOFT-1' });
		expect(found.json.content[0]).toMatchObject({
			idAvisoPlat: answer.json.ad.idAvisoPlat,
			titulo: 'Loft nuevo en San Telmo',
		});
	});

	it('writes ad event bodies with the English envelope, other fields keeping their names (not public)', async () => {
		await subscribe(fx.les, receivers.les, ['AVISO_CALIDAD'], 'EN');
		const ad = await associatedAd(true);
		await fx.admin.put(`/ads/${ad.idAvisoPlat}/quality`, { calidad: 50 });
		const [delivered] = await receivers.les.waitFor(1);
		expect(delivered.body).toEqual({
			eventId: expect.any(String),
			eventType: 'AVISO_CALIDAD',
			codigoInmobiliaria: 'INMO-001',
			idAvisoPlat: ad.idAvisoPlat,
			codigoAviso: ad.codigoAviso,
			fechaEvento: expect.stringMatching(ZONED),
			calidad: 50,
		});
		expect(delivered.headers.authorization).toBe('tok');
	});
});

describe('lead occurrences', () => {
	it('reaches the LES of an associated ad, and the LEC only once associated to it (rule 3)', async () => {
		await subscribeEveryone();
		const ad = await associatedAd(true);
		const first = await fx.admin.post(`/ads/${ad.idAvisoPlat}/leads`, {
			tipoEvento: 'CONTACTO_MENSAJE',
		});
		expect(kindsOf(first.json.events)).toEqual(['demo-les:CONTACTO_MENSAJE']);
		await fx.admin.put(`/interfaces/demo-lec/associations/${ad.idAvisoPlat}`, {
			codigoAviso: 'LEC-9',
		});
		const second = await fx.admin.post(`/ads/${ad.idAvisoPlat}/leads`, {
			tipoEvento: 'CONTACTO_MENSAJE',
		});
		expect(kindsOf(second.json.events)).toEqual([
			'demo-lec:CONTACTO_MENSAJE',
			'demo-les:CONTACTO_MENSAJE',
		]);
		const [toLec] = await receivers.lec.waitFor(1);
		expect(toLec.body.referencia).toBe('LEC-9');
		await receivers.les.waitFor(2);
		expect(receivers.les.received.map((r) => r.body.referencia)).toEqual([
			ad.codigoAviso,
			ad.codigoAviso,
		]);
	});

	it('never sends ad kinds to a LEC, even subscribed and associated (Events rule 3)', async () => {
		await subscribeEveryone();
		const ad = await associatedAd(true);
		await fx.admin.put(`/interfaces/demo-lec/associations/${ad.idAvisoPlat}`, {
			codigoAviso: 'LEC-2',
		});
		const modified = await fx.admin.patch(`/ads/${ad.idAvisoPlat}`, { precio: 5 });
		const quality = await fx.admin.put(`/ads/${ad.idAvisoPlat}/quality`, { calidad: 10 });
		const baja = await fx.admin.post(`/ads/${ad.idAvisoPlat}/baja`);
		const all = [...modified.json.events, ...quality.json.events, ...baja.json.events];
		expect(all.every((e: any) => e.interfaceId === 'demo-les')).toBe(true);
		expect(all).toHaveLength(4);
	});

	it('has the lead body with the extra fields observed in production', async () => {
		await subscribe(fx.les, receivers.les);
		const ad = await associatedAd(true);
		await fx.admin.post(`/ads/${ad.idAvisoPlat}/leads`, {
			tipoEvento: 'CONTACTO_MENSAJE',
			nombre: 'Juan',
			email: 'juan@example.com',
			telefono: '1234',
			mensaje: '¿Acepta mascotas?',
			dni: '30111222',
		});
		const [delivered] = await receivers.les.waitFor(1);
		expect(() => leadEventBodySchema.parse(delivered.body)).not.toThrow();
		expect(delivered.body).toEqual(
			messageLeadBody({
				idPlat: ad.idAvisoPlat,
				agencyCode: 'INMO-001',
				referencia: ad.codigoAviso,
				nombre: 'Juan',
				email: 'juan@example.com',
				telefono: '1234',
				mensaje: '¿Acepta mascotas?',
				planDePublicacion: ad.planDePublicacion,
				claveInterna: ad.claveInterna,
				dni: '30111222',
			}),
		);
	});

	it('marks an anonymous phone view: ANONYMOUS, -- and no phone, and a null message id (rela CONTACTO)', async () => {
		await subscribe(fx.les, receivers.les, ['CONTACTO']);
		const ad = await associatedAd(true);
		await fx.admin.post(`/ads/${ad.idAvisoPlat}/leads`, {
			tipoEvento: 'CONTACTO',
			anonymous: true,
		});
		const [delivered] = await receivers.les.waitFor(1);
		expect(delivered.body).toMatchObject({
			tipoEvento: 'CONTACTO',
			idMensaje: null,
			idTipoContacto: 6,
			nombre: 'ANONYMOUS',
			email: '--',
			telefono: null,
			mensaje: null,
		});
	});

	it('carries the development of a unit as idAvisoPadre and codigoDesarrollo in a message', async () => {
		await subscribe(fx.les, receivers.les, ['CONTACTO_MENSAJE']);
		const id = await unassociatedOnlineAd(true);
		await fx.les.put(`/v1/inmobiliarias/INMO-001/avisos/UNIT-1/asociar/${id}`);
		await fx.admin.post(`/ads/${id}/leads`, { tipoEvento: 'CONTACTO_MENSAJE' });
		const [delivered] = await receivers.les.waitFor(1);
		const unit = (await adminAds(fx)).find((a) => a.idAvisoPlat === id)!;
		expect(delivered.body.idAvisoPadre).toBe(unit.idDesarrolloPlat);
		expect(delivered.body.codigoDesarrollo).toBe(unit.codigoDesarrollo);
		expect(delivered.body.referencia).toBe('UNIT-1');
	});

	it('refuses a lead on an offline ad', async () => {
		const ad = await associatedAd(false);
		expect((await fx.admin.post(`/ads/${ad.idAvisoPlat}/leads`, {})).status).toBe(409);
	});
});

describe('credit occurrences and integrator isolation', () => {
	it('sends CREDITO to the subscribed LES of the agency only', async () => {
		await subscribeEveryone();
		const answer = await fx.admin.post('/agencies/INMO-001/credits', {
			accion: 'BAJA',
			planDePublicacion: 'PLAN_PLATA',
		});
		expect(kindsOf(answer.json.events)).toEqual(['demo-les:CREDITO']);
		const [delivered] = await receivers.les.waitFor(1);
		expect(delivered.body).toMatchObject({
			tipoEvento: 'CREDITO',
			codigoEmpresa: 'INMO-001',
			accion: 'BAJA',
			planDePublicacion: 'PLAN_PLATA',
		});
		const theirs = await fx.admin.post('/agencies/INMO-900/credits', {});
		expect(kindsOf(theirs.json.events)).toEqual(['other-les:CREDITO']);
	});

	it('never lets another integrator receive demo occurrences', async () => {
		await subscribeEveryone();
		const ad = await associatedAd(true);
		const events = [
			...(await fx.admin.patch(`/ads/${ad.idAvisoPlat}`, { precio: 3 })).json.events,
			...(await fx.admin.post(`/ads/${ad.idAvisoPlat}/leads`, {})).json.events,
			...(await fx.admin.post(`/ads/${ad.idAvisoPlat}/baja`)).json.events,
		];
		expect(events.length).toBe(4);
		expect(events.some((e: any) => e.interfaceId === 'other-les')).toBe(false);
		await deliveryRecords(fx, { interfaceId: 'demo-les' }, 4);
		expect(receivers.other.received).toHaveLength(0);
	});
});
