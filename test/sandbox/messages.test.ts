import { ZONED } from './helpers/expected';
import { portal } from './helpers/http';
import { useReceiver } from './helpers/receiver';
import { adminAds, allPages, useSandbox } from './helpers/sandbox';

const fx = useSandbox();
const hook = useReceiver();

beforeEach(() => fx.admin.post('/reset'));
afterEach(() => fx.sandbox.waitForIdle());

const SPELLINGS = {
	Spanish: (agency: string) => `/v2/inmobiliarias/${agency}/mensajes`,
	Portuguese: (agency: string) => `/v2/imobiliarias/${agency}/mensagens`,
};
const MESSAGES = (agency = 'INMO-001') => SPELLINGS.Spanish(agency);

/** The recorded item's fields (field notes, "Lead list"). */
const RECORDED_FIELDS = [
	'codigoAviso',
	'email',
	'fecha',
	'id',
	'idAvisoPlat',
	'idContacto',
	'idContactoAccion',
	'idMensaje',
	'nombre',
	'telefono',
	'textoMensaje',
];
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** The portal's local day (UTC-3), as yyyyMMdd, `days` from now. */
function portalDay(days = 0): string {
	const local = new Date(Date.now() + days * 86_400_000 - 3 * 3_600_000);
	return local.toISOString().slice(0, 10).replace(/-/g, '');
}

async function onlineAd(agency = 'INMO-001') {
	return (await adminAds(fx, agency, true))[0];
}

/** An online ad of INMO-001 associated to demo-les: the one whose leads demo-les is sent. */
async function adAssociatedToDemoLes() {
	const associated = (await fx.admin.get('/interfaces/demo-les')).json.associations;
	const ad = (await adminAds(fx, 'INMO-001', true)).find((a) =>
		associated.some((x: any) => x.idAvisoPlat === a.idAvisoPlat),
	)!;
	const code = associated.find((x: any) => x.idAvisoPlat === ad.idAvisoPlat).codigoAviso;
	return { ...ad, codigoAviso: code as string };
}

describe.each(Object.entries(SPELLINGS))('lead list, %s spelling, recorded shape', (_, path) => {
	it('lists every lead made, delivered or not, each with exactly the recorded fields', async () => {
		const ad = await adAssociatedToDemoLes();
		const message = await fx.admin.post(`/ads/${ad.idAvisoPlat}/leads`, {
			tipoEvento: 'CONTACTO_MENSAJE',
			nombre: 'Ana Pérez',
			telefono: '+54 11 4444-0000',
			mensaje: 'Quiero visitarlo',
		});
		const view = await fx.admin.post(`/ads/${ad.idAvisoPlat}/leads`, {
			tipoEvento: 'CONTACTO',
			nombre: 'Bruno Díaz',
			email: 'bruno.diaz@example.com',
			telefono: '+54 11 4444-0001',
		});
		// An anonymous prospect's lead is sent as a callback only ("not in the public API").
		await fx.admin.post(`/ads/${ad.idAvisoPlat}/leads`, {
			tipoEvento: 'CONTACTO',
			anonymous: true,
		});
		// Nobody is subscribed: no callback was scheduled, the leads are listed all the same.
		expect(message.json.events).toEqual([]);
		const answer = await fx.les.get(path('INMO-001'), { fromDate: portalDay() });
		expect(answer.status).toBe(200);
		expect(answer.json).toMatchObject({ number: 0, size: 2, total: 2 });
		const [first, second] = answer.json.content;
		for (const item of [first, second]) expect(Object.keys(item).sort()).toEqual(RECORDED_FIELDS);
		expect(first).toEqual({
			id: message.json.idMensaje,
			idMensaje: message.json.idMensaje,
			idContacto: expect.any(Number),
			idContactoAccion: 1,
			idAvisoPlat: ad.idAvisoPlat,
			codigoAviso: ad.codigoAviso,
			fecha: expect.stringMatching(ISO_UTC),
			nombre: 'Ana Pérez',
			email: expect.any(String),
			telefono: '+54 11 4444-0000',
			textoMensaje: 'Quiero visitarlo',
		});
		// A phone view is listed too (behaviour.ts), with its own id, no message id and no text.
		expect(second).toMatchObject({
			id: view.json.idMensaje,
			idMensaje: null,
			idContactoAccion: 6,
			nombre: 'Bruno Díaz',
			email: 'bruno.diaz@example.com',
			telefono: '+54 11 4444-0001',
			textoMensaje: null,
		});
		expect(second.id).toBeGreaterThan(first.id);
		expect((await fx.les.get(path('INMO-001'), { fromDate: portalDay() })).json).toEqual(
			answer.json,
		);
	});

	it('needs the access token, and fromDate as a calendar day', async () => {
		expect((await fx.anonymous.get(path('INMO-001'), { fromDate: portalDay() })).status).toBe(401);
		for (const fromDate of [undefined, '2025-01-15', '20251315']) {
			const answer = await fx.les.get(path('INMO-001'), { fromDate });
			expect(answer.status).toBe(400);
			expect(answer.json.message).toContain('fromDate');
		}
	});
});

describe('lead list (GET /v2/inmobiliarias/{agency}/mensajes)', () => {
	it('serves the same items under both spellings', async () => {
		const ad = await onlineAd();
		for (let i = 0; i < 3; i++) await fx.admin.post(`/ads/${ad.idAvisoPlat}/leads`, {});
		const spanish = await fx.les.get(SPELLINGS.Spanish('INMO-001'), { fromDate: portalDay() });
		const portuguese = await fx.les.get(SPELLINGS.Portuguese('INMO-001'), {
			fromDate: portalDay(),
		});
		expect(portuguese.json).toEqual(spanish.json);
	});

	it('gives a CONTACTO_MENSAJE callback the idMensaje the list gives', async () => {
		await fx.les.put('/v1/configuracion/callbacks', { url: hook.current.url });
		await fx.les.put('/v1/configuracion/callbacks/CONTACTO_MENSAJE');
		const ad = await adAssociatedToDemoLes();
		const made = await fx.admin.post(`/ads/${ad.idAvisoPlat}/leads`, {
			tipoEvento: 'CONTACTO_MENSAJE',
		});
		const [delivered] = await hook.current.waitFor(1);
		expect(delivered.body.idMensaje).toBe(made.json.idMensaje);
		const listed = (await fx.les.get(MESSAGES(), { fromDate: portalDay() })).json.content[0];
		expect(listed.idMensaje).toBe(made.json.idMensaje);
		expect(listed.codigoAviso).toBe(delivered.body.referencia);
		expect(listed.idContacto).toBe(delivered.body.idContacto);
	});

	it('sends a body variant as asked, in the callback and in the list alike', async () => {
		await fx.les.put('/v1/configuracion/callbacks', { url: hook.current.url });
		await fx.les.put('/v1/configuracion/callbacks/CONTACTO');
		const ad = await adAssociatedToDemoLes();
		const variant = { fechaRegistro: 1_763_900_000_000, telefono: { numero: '5555-0101' } };
		await fx.admin.post(`/ads/${ad.idAvisoPlat}/leads`, { variant });
		const [delivered] = await hook.current.waitFor(1);
		expect(delivered.body).toMatchObject({ tipoEvento: 'CONTACTO', ...variant });
		const listed = (await fx.les.get(MESSAGES(), { fromDate: portalDay() })).json.content;
		expect(listed).toEqual([expect.objectContaining(variant)]);
		const refused = await fx.admin.post(`/ads/${ad.idAvisoPlat}/leads`, {
			variant: { idEvento: 'mine' },
		});
		expect(refused.status).toBe(400);
	});

	it('lists simulated leads of the caller too', async () => {
		const simulated = await fx.les.post('/v1/callbacks/generacion/evento', {
			codigoAviso: 'DEMO-0001',
			codigoInmobiliaria: 'INMO-001',
			configuracionCallback: { url: hook.current.url },
			contactEmail: 'ana@example.com',
			tipoDeEvento: 'CONTACTO',
		});
		expect(simulated.status).toBe(200);
		const listed = (await fx.les.get(MESSAGES(), { fromDate: portalDay() })).json.content;
		expect(listed).toEqual([
			expect.objectContaining({
				idContactoAccion: 6,
				email: 'ana@example.com',
				codigoAviso: 'DEMO-0001',
			}),
		]);
	});

	it('gives generated leads every contact type of their kind in turn', async () => {
		for (let i = 0; i < 14; i++) fx.sandbox.activity.lead();
		const view = (await fx.admin.get('')).json;
		const types = new Set<number>();
		for (const { token, agencies } of view.interfaces) {
			for (const agency of agencies) {
				const answer = await portal(fx.sandbox.url, token).get(MESSAGES(agency), {
					fromDate: portalDay(),
				});
				for (const item of answer.json?.content ?? []) types.add(item.idContactoAccion);
			}
		}
		expect([...types].sort((a, b) => a - b)).toEqual([1, 2, 3, 6, 10, 12, 15]);
	});

	it('lists from the given day on: a later day answers 204 with no body', async () => {
		const ad = await onlineAd();
		await fx.admin.post(`/ads/${ad.idAvisoPlat}/leads`, {});
		expect((await fx.les.get(MESSAGES(), { fromDate: portalDay(-1) })).json.total).toBe(1);
		const tomorrow = await fx.les.get(MESSAGES(), { fromDate: portalDay(1) });
		expect(tomorrow.status).toBe(204);
		expect(tomorrow.text).toBe('');
	});

	it('pages with pageable.page and pageable.size, oldest first', async () => {
		const ad = await onlineAd();
		const ids: number[] = [];
		for (let i = 0; i < 5; i++)
			ids.push((await fx.admin.post(`/ads/${ad.idAvisoPlat}/leads`, {})).json.idMensaje);
		const listed = await allPages(fx.les, MESSAGES(), { fromDate: portalDay() }, 2);
		expect(listed.map((m: any) => m.id)).toEqual(ids);
	});

	it('is read by a LEC (codigoAviso null when not associated to it) and by a plan without callbacks', async () => {
		const ad = await onlineAd();
		await fx.admin.post(`/ads/${ad.idAvisoPlat}/leads`, {});
		const lec = await fx.lec.get(MESSAGES(), { fromDate: portalDay() });
		expect(lec.status).toBe(200);
		expect(lec.json.content[0]).toMatchObject({ codigoAviso: null, idAvisoPlat: ad.idAvisoPlat });
		const own = await onlineAd('INMO-500');
		await fx.admin.post(`/ads/${own.idAvisoPlat}/leads`, {});
		const free = await fx.noCallbacks.get(MESSAGES('INMO-500'), { fromDate: portalDay() });
		expect(free.status).toBe(200);
		expect(free.json.total).toBe(1);
	});

	it("keeps integrators apart: another integrator's agency does not exist for the caller", async () => {
		const answer = await fx.other.get(MESSAGES('INMO-001'), { fromDate: portalDay() });
		expect(answer.status).toBe(404);
		expect(answer.json.code).toBe('not_found');
		expect((await fx.les.get(MESSAGES('INMO-404'), { fromDate: portalDay() })).status).toBe(404);
	});
});

describe.each(Object.entries(SPELLINGS))(
	'lead list, %s spelling, callback-like shape (leadList: callback)',
	(_, path) => {
		beforeEach(() => fx.admin.post('/reset', { leadList: 'callback' }));

		it('lists the Spanish lead body without the event id, with the listed id, agency and ad', async () => {
			const ad = await adAssociatedToDemoLes();
			const made = await fx.admin.post(`/ads/${ad.idAvisoPlat}/leads`, {
				tipoEvento: 'CONTACTO_MENSAJE',
				nombre: 'Ana Pérez',
			});
			const view = await fx.admin.post(`/ads/${ad.idAvisoPlat}/leads`, { tipoEvento: 'CONTACTO' });
			const [message, phoneView] = (await fx.les.get(path('INMO-001'), { fromDate: portalDay() }))
				.json.content;
			expect(message).toMatchObject({
				idMensaje: made.json.idMensaje,
				tipoEvento: 'CONTACTO_MENSAJE',
				idTipoContacto: 1,
				codigoInmobiliaria: 'INMO-001',
				codigoCliente: 'INMO-001',
				idAvisoPlat: ad.idAvisoPlat,
				referencia: ad.codigoAviso,
				nombre: 'Ana Pérez',
				fechaRegistro: expect.stringMatching(ZONED),
			});
			expect(message).not.toHaveProperty('idEvento');
			expect(phoneView).toMatchObject({
				idMensaje: view.json.idMensaje,
				tipoEvento: 'CONTACTO',
				idTipoContacto: 6,
				mensaje: null,
			});
		});
	},
);
