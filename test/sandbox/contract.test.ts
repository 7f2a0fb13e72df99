/**
 * The lead bodies as the portal publishes them (field notes, "Published contract"): every body
 * language × lead event × documentation edition delivers exactly the published field names (and,
 * in Spanish, every field of the specification's lead event body), with the values where the notes
 * and the specification say what they mean.
 */
import { UUID, ZONED } from './helpers/expected';
import type { Portal } from './helpers/http';
import {
	SPECIFICATION_LEAD_FIELDS,
	deliveredFields,
	type Edition,
	type Language,
	type LeadEvent,
} from './helpers/publishedFields';
import { useReceiver } from './helpers/receiver';
import { CALLBACKS, CALLBACKS_PT, adminAds, useSandbox } from './helpers/sandbox';

const fx = useSandbox();
const hook = useReceiver();

beforeEach(() => fx.admin.post('/reset'));
afterEach(() => fx.sandbox.waitForIdle());

const LANGUAGES: Language[] = ['ES', 'PT', 'EN', 'EN2', 'EN_SF'];
const EVENTS: LeadEvent[] = ['CONTACTO', 'CONTACTO_MENSAJE'];
const EDITIONS: Edition[] = ['arg', 'rela', 'bra'];

const PROSPECT = {
	nombre: 'Ana Pérez',
	email: 'ana@example.com',
	telefono: '+55 11 98765-4321',
	mensaje: 'Quero visitar',
	dni: '123.456.789-09',
};

async function configure(client: Portal, language: string | undefined, path = CALLBACKS) {
	await client.put(path, { url: hook.current.url, lenguajeCallbackBody: language });
	for (const kind of EVENTS) await client.put(`${path}/${kind}`);
}

/** An online ad of INMO-001 associated to demo-les, with its code. */
async function associatedAd() {
	const associations = (await fx.admin.get('/interfaces/demo-les')).json.associations;
	const ads = await adminAds(fx, 'INMO-001', true);
	const ad = ads.find((a) => associations.some((x: any) => x.idAvisoPlat === a.idAvisoPlat))!;
	const code = associations.find((x: any) => x.idAvisoPlat === ad.idAvisoPlat).codigoAviso;
	return { ...ad, codigoAviso: code as string };
}

async function deliveredLead(event: LeadEvent, extra: Record<string, unknown> = {}) {
	const ad = await associatedAd();
	const made = await fx.admin.post(`/ads/${ad.idAvisoPlat}/leads`, {
		tipoEvento: event,
		...PROSPECT,
		...extra,
	});
	const [delivered] = await hook.current.waitFor(1);
	return { ad, body: delivered.body, idMensaje: made.json.idMensaje as number };
}

const cases = LANGUAGES.flatMap((language) =>
	EVENTS.flatMap((event) => EDITIONS.map((edition) => [language, event, edition] as const)),
);

describe("lead bodies: exactly the published fields (and the specification's, in Spanish)", () => {
	it.each(cases)('%s %s, edition %s', async (language, event, edition) => {
		await fx.admin.put('/interfaces/demo-les/edition', { edition });
		await configure(fx.les, language);
		const { body } = await deliveredLead(event);
		expect(Object.keys(body).sort()).toEqual(deliveredFields(language, event, edition));
	});
});

describe("Spanish lead bodies: every field of the specification's lead event body", () => {
	const spanishCases = EVENTS.flatMap((event) =>
		EDITIONS.map((edition) => [event, edition] as const),
	);

	it.each(spanishCases)('%s, edition %s', async (event, edition) => {
		await fx.admin.put('/interfaces/demo-les/edition', { edition });
		await configure(fx.les, 'ES');
		const { ad, body, idMensaje } = await deliveredLead(event);

		expect(SPECIFICATION_LEAD_FIELDS.filter((name) => !(name in body))).toEqual([]);
		const message = event === 'CONTACTO_MENSAJE';
		expect(body).toMatchObject({
			idEvento: expect.stringMatching(UUID),
			tipoEvento: event,
			// "null for CONTACTO; set for CONTACTO_MENSAJE"
			idMensaje: message ? idMensaje : null,
			idTipoContacto: message ? 1 : 6,
			// The published message block carries the contact; no published phone view does.
			idContacto: message ? expect.any(Number) : null,
			// Null in the observed bodies, and no published Spanish block carries it.
			codigoInmobiliaria: null,
			// Null in the observed bodies; the published blocks carry it, read as the agency's code.
			codigoCliente: 'INMO-001',
			referencia: ad.codigoAviso,
			fechaRegistro: expect.stringMatching(ZONED),
			nombre: PROSPECT.nombre,
			email: PROSPECT.email,
			telefono: PROSPECT.telefono,
			mensaje: message ? PROSPECT.mensaje : null,
		});
	});
});

describe('lead bodies: values', () => {
	it('Spanish: the agency code as codigoCliente, the zoned instant, the ad code as referencia', async () => {
		await configure(fx.les, 'ES');
		const { ad, body } = await deliveredLead('CONTACTO_MENSAJE');
		expect(body).toMatchObject({
			codigoCliente: 'INMO-001',
			referencia: ad.codigoAviso,
			idPlat: ad.idAvisoPlat,
			fechaRegistro: expect.stringMatching(ZONED),
			nombre: PROSPECT.nombre,
			telefono: PROSPECT.telefono,
			mensaje: PROSPECT.mensaje,
			claveInterna: ad.claveInterna,
			dni: PROSPECT.dni,
		});
	});

	it('Portuguese: both agency-code spellings, the advertiser code, cpf', async () => {
		await configure(fx.les, 'PT', CALLBACKS_PT);
		const { ad, body } = await deliveredLead('CONTACTO');
		expect(body).toMatchObject({
			codigoImobiliaria: 'INMO-001',
			codigoInmobiliaria: 'INMO-001',
			codigoDoAnunciante: ad.claveInterna,
			dataRegistro: expect.stringMatching(ZONED),
			nome: PROSPECT.nombre,
			telefone: PROSPECT.telefono,
			mensagem: null,
			cpf: PROSPECT.dni,
		});
	});

	it('English: registerDate, clientCode, internalReference, identificationId', async () => {
		await configure(fx.les, 'EN');
		const { ad, body } = await deliveredLead('CONTACTO_MENSAJE');
		expect(body).toMatchObject({
			eventType: 'CONTACTO_MENSAJE',
			contactTypeId: 1,
			clientCode: 'INMO-001',
			reference: ad.codigoAviso,
			registerDate: expect.stringMatching(ZONED),
			internalReference: ad.claveInterna,
			message: PROSPECT.mensaje,
			identificationId: PROSPECT.dni,
		});
	});

	it('English 2: the phone in three fields, none prefixed twice; listing ids; the lead origin', async () => {
		await configure(fx.les, 'EN2');
		const { ad, body } = await deliveredLead('CONTACTO_MENSAJE');
		expect(body).toMatchObject({
			ddd: '11',
			phone: '+5511987654321',
			phoneNumber: '11987654321',
			originListingId: ad.idAvisoPlat,
			clientListingId: ad.codigoAviso,
			reference: ad.codigoAviso,
			timestamp: expect.stringMatching(ZONED),
			leadOrigin: expect.stringMatching(/^(Imovelweb|Wimoveis|CasaMineira)$/),
			originLeadId: expect.any(Number),
			messageId: expect.any(Number),
			message: PROSPECT.mensaje,
		});
	});

	it('English SF: the contact as id, the number as an Integer apart from its area code', async () => {
		await configure(fx.les, 'EN_SF');
		const { body } = await deliveredLead('CONTACTO_MENSAJE');
		expect(body).toEqual({
			token: expect.any(String),
			id: expect.any(Number),
			txtNome: PROSPECT.nombre,
			txtEmail: PROSPECT.email,
			txtDdd: '11',
			txtTelefone: 987654321,
			messageId: expect.any(Number),
			txtMensagem: PROSPECT.mensaje,
		});
	});

	it('gives one prospect one contact id across leads, and each lead its own event id', async () => {
		await configure(fx.les, 'EN');
		const ad = await associatedAd();
		for (const tipoEvento of EVENTS) {
			await fx.admin.post(`/ads/${ad.idAvisoPlat}/leads`, { tipoEvento, ...PROSPECT });
		}
		const [first, second] = await hook.current.waitFor(2);
		expect(first.body.contactId).toBe(second.body.contactId);
		expect(first.body.eventId).not.toBe(second.body.eventId);
	});

	it('sends the contact type asked for', async () => {
		await configure(fx.les, 'ES');
		const { body } = await deliveredLead('CONTACTO_MENSAJE', { idTipoContacto: 12 });
		expect(body.idTipoContacto).toBe(12);
	});
});

describe('which language and edition a delivery uses', () => {
	it.each([[''], [undefined], ['FR']])(
		'a configured language %j delivers Spanish',
		async (language) => {
			await configure(fx.les, language);
			const { body } = await deliveredLead('CONTACTO');
			expect(Object.keys(body).sort()).toEqual(deliveredFields('ES', 'CONTACTO', 'rela'));
		},
	);

	it('a callback configured through the Portuguese path follows the Brazilian edition', async () => {
		await configure(fx.les, 'ES', CALLBACKS_PT);
		const { body } = await deliveredLead('CONTACTO');
		expect(Object.keys(body).sort()).toEqual(deliveredFields('ES', 'CONTACTO', 'bra'));
	});

	it('the emulator-wide edition (SANDBOX_EDITION) applies to every interface', async () => {
		await fx.admin.post('/reset', { edition: 'arg' });
		await configure(fx.les, 'PT', CALLBACKS_PT);
		const { body } = await deliveredLead('CONTACTO_MENSAJE');
		expect(Object.keys(body).sort()).toEqual(deliveredFields('PT', 'CONTACTO_MENSAJE', 'arg'));
		expect((await fx.admin.get('/interfaces/demo-les')).json.edition).toBe('arg');
	});

	it('simulations follow the simulation path language and the configured body language', async () => {
		for (const [path, edition] of [
			['/v1/callbacks/generacion/evento', 'rela'],
			['/v1/callbacks/geracao/eventos', 'bra'],
		] as const) {
			hook.current.received.length = 0;
			await fx.les.post(path, {
				codigoAviso: 'DEMO-0001',
				codigoInmobiliaria: 'INMO-001',
				configuracionCallback: { url: hook.current.url, lenguajeCallbackBody: 'EN2' },
				contactEmail: 'ana@example.com',
				tipoDeEvento: 'CONTACTO',
			});
			const [delivered] = await hook.current.waitFor(1);
			expect(Object.keys(delivered.body).sort()).toEqual(
				deliveredFields('EN2', 'CONTACTO', edition),
			);
		}
	});
});
