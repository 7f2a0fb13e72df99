import { leadEventBodySchema } from '../../nodes/shared/schemas';
import { UUID, ZONED, messageLeadBody } from './helpers/expected';
import { useReceiver } from './helpers/receiver';
import { deliveryRecords, useSandbox } from './helpers/sandbox';

const fx = useSandbox();
const hook = useReceiver();

beforeEach(() => fx.admin.post('/reset'));
afterEach(() => fx.sandbox.waitForIdle());

const LEAD = '/v1/callbacks/generacion/evento';
const CREDIT = '/v1/callbacks/generacion/evento/credito';
const PT_BOTH = '/v1/callbacks/geracao/eventos';

const callback = (extra: Record<string, unknown> = {}) => ({
	url: hook.current.url,
	authorizationHeaderKey: 'X-Api-Key',
	authorizationHeaderValue: 'hook-secret',
	...extra,
});

const messageLead = (extra: Record<string, unknown> = {}) => ({
	codigoAviso: 'DEMO-0001',
	codigoInmobiliaria: 'INMO-001',
	configuracionCallback: callback(),
	contactEmail: 'ana@example.com',
	contactMessage: 'Quiero visitarlo',
	contactName: 'Ana Pérez',
	contactPhone: '+54 11 4444-0000',
	tipoDeEvento: 'CONTACTO_MENSAJE',
	...extra,
});

const creditBody = (extra: Record<string, unknown> = {}) => ({
	accion: 'ALTA',
	codigoEmpresa: 'INMO-001',
	configuracionCallback: callback(),
	planDePublicacion: 'PLAN_ORO',
	siteId: 'SITE-AR',
	status: 'HABILITADO',
	...extra,
});

describe('lead simulation', () => {
	it('answers 200 with the idEvento and delivers a CONTACTO_MENSAJE with the header and Spanish names', async () => {
		const answer = await fx.les.post(LEAD, messageLead());
		expect(answer.status).toBe(200);
		expect(answer.json).toEqual({ code: 'ok', idEvento: expect.stringMatching(UUID) });
		const [delivered] = await hook.current.waitFor(1);
		expect(delivered.method).toBe('POST');
		expect(delivered.path).toBe('/hook');
		expect(delivered.headers['x-api-key']).toBe('hook-secret');
		expect(delivered.headers['content-type']).toContain('application/json');
		const body = leadEventBodySchema.parse(delivered.body);
		expect(delivered.body).toEqual(
			messageLeadBody({
				idEvento: answer.json.idEvento,
				idPlat: expect.any(Number),
				agencyCode: 'INMO-001',
				referencia: 'DEMO-0001',
				nombre: 'Ana Pérez',
				email: 'ana@example.com',
				telefono: '+54 11 4444-0000',
				mensaje: 'Quiero visitarlo',
				planDePublicacion: expect.any(String),
				claveInterna: body.claveInterna ?? null,
				dni: null,
			}),
		);
	});

	it('delivers a CONTACTO with only contactEmail: no message or message id, phone-view contact type', async () => {
		const answer = await fx.les.post(LEAD, {
			codigoAviso: 'DEMO-0002',
			codigoInmobiliaria: 'INMO-001',
			configuracionCallback: callback(),
			contactEmail: 'solo@example.com',
			tipoDeEvento: 'CONTACTO',
		});
		expect(answer.status).toBe(200);
		const [delivered] = await hook.current.waitFor(1);
		expect(delivered.body).toMatchObject({
			tipoEvento: 'CONTACTO',
			idMensaje: null,
			idTipoContacto: 6,
			mensaje: null,
			email: 'solo@example.com',
			referencia: 'DEMO-0002',
		});
	});

	it.each(['contactName', 'contactPhone', 'contactEmail', 'contactMessage'])(
		'CONTACTO_MENSAJE without %s answers 400 naming it (rule 2)',
		async (field) => {
			const answer = await fx.les.post(LEAD, messageLead({ [field]: undefined }));
			expect(answer.status).toBe(400);
			expect(answer.json).toEqual({ code: 'bad_request', message: expect.stringContaining(field) });
		},
	);

	it('CONTACTO without contactEmail answers 400 (rule 3)', async () => {
		const answer = await fx.les.post(
			LEAD,
			messageLead({ tipoDeEvento: 'CONTACTO', contactEmail: undefined }),
		);
		expect(answer.status).toBe(400);
		expect(answer.json.message).toContain('contactEmail');
	});

	it.each([
		[{ codigoInmobiliaria: 'INMO-404' }, 'INMO-404'],
		[{ codigoInmobiliaria: 'INMO-900' }, 'INMO-900'],
		[{ codigoAviso: 'NO-SUCH-AD' }, 'NO-SUCH-AD'],
		[{ codigoAviso: 'OTHER-0001' }, 'OTHER-0001'],
	])(
		'answers 404 when the agency or ad does not exist for the caller: %j',
		async (change, named) => {
			const answer = await fx.les.post(LEAD, messageLead(change));
			expect(answer.status).toBe(404);
			expect(answer.json).toEqual({ code: 'not_found', message: expect.stringContaining(named) });
		},
	);

	it('accepts the ad platform id as the ad code', async () => {
		const [ad] = (await fx.admin.get('/agencies/INMO-001/ads')).json;
		expect(
			(await fx.les.post(LEAD, messageLead({ codigoAviso: String(ad.idAvisoPlat) }))).status,
		).toBe(200);
	});

	it.each([
		[{ tipoDeEvento: 'VISITA' }, 'tipoDeEvento'],
		[{ tipoDeEvento: undefined }, 'tipoDeEvento'],
		[{ configuracionCallback: { url: 'mailto:x' } }, 'url'],
		[{ configuracionCallback: undefined }, 'configuracionCallback'],
		[{ contactEmail: 42 }, 'contactEmail'],
	])('refuses %j with 400', async (change, named) => {
		const answer = await fx.les.post(LEAD, messageLead(change));
		expect(answer.status).toBe(400);
		expect(answer.json.message).toContain(named);
	});

	it('sends the Authorization header when no key is configured', async () => {
		const config = { url: hook.current.url, authorizationHeaderValue: 'Basic dXNlcjpwYXNz' };
		await fx.les.post(LEAD, messageLead({ configuracionCallback: config }));
		const [delivered] = await hook.current.waitFor(1);
		expect(delivered.headers.authorization).toBe('Basic dXNlcjpwYXNz');
	});

	it.each([
		[
			'EN',
			{
				eventId: expect.any(String),
				eventType: 'CONTACTO_MENSAJE',
				name: 'Ana Pérez',
				reference: 'DEMO-0001',
				registerDate: expect.stringMatching(ZONED),
				message: 'Quiero visitarlo',
				phone: expect.any(String),
			},
			'nombre',
		],
		[
			'PT',
			{
				idEvento: expect.any(String),
				tipoEvento: 'CONTACTO_MENSAJE',
				nome: 'Ana Pérez',
				referencia: 'DEMO-0001',
				dataRegistro: expect.stringMatching(ZONED),
				mensagem: 'Quiero visitarlo',
				telefone: expect.any(String),
			},
			'nombre',
		],
		[
			'ES',
			{ idEvento: expect.any(String), nombre: 'Ana Pérez', mensaje: 'Quiero visitarlo' },
			'nome',
		],
	])('writes the body in lenguajeCallbackBody %s', async (language, expected, absent) => {
		await fx.les.post(
			LEAD,
			messageLead({ configuracionCallback: callback({ lenguajeCallbackBody: language }) }),
		);
		const [delivered] = await hook.current.waitFor(1);
		expect(delivered.body).toMatchObject(expected);
		expect(delivered.body).not.toHaveProperty(absent);
	});

	it('is accepted from a LEC and recorded as a simulation delivery', async () => {
		const answer = await fx.lec.post(LEAD, messageLead());
		const records = await deliveryRecords(fx, { idEvento: answer.json.idEvento });
		expect(records).toEqual([
			expect.objectContaining({
				idEvento: answer.json.idEvento,
				kind: 'CONTACTO_MENSAJE',
				interfaceId: 'demo-lec',
				source: 'simulation',
				url: hook.current.url,
				status: 200,
				outcome: 'success',
				attempt: 1,
				final: true,
			}),
		]);
		expect(records[0].headers['X-Api-Key']).toBe('hook-secret');
	});

	it('is refused to a plan without callback access', async () => {
		const answer = await fx.noCallbacks.post(
			LEAD,
			messageLead({ codigoInmobiliaria: 'INMO-500', codigoAviso: 'NOCB-0001' }),
		);
		expect(answer.status).toBe(500);
		expect(answer.json).toEqual({ code: 'error_inesperado', message: 'Access is denied' });
	});
});

describe('credit simulation', () => {
	it('delivers a CREDITO body with the credit fields', async () => {
		const answer = await fx.les.post(CREDIT, creditBody());
		expect(answer.json).toEqual({ code: 'ok', idEvento: expect.stringMatching(UUID) });
		const [delivered] = await hook.current.waitFor(1);
		expect(delivered.body).toEqual({
			idEvento: answer.json.idEvento,
			tipoEvento: 'CREDITO',
			codigoInmobiliaria: 'INMO-001',
			codigoEmpresa: 'INMO-001',
			fechaEvento: expect.stringMatching(ZONED),
			accion: 'ALTA',
			planDePublicacion: 'PLAN_ORO',
			status: 'HABILITADO',
			siteId: 'SITE-AR',
		});
	});

	it('answers 400 without accion or codigoEmpresa, 404 for an agency not linked', async () => {
		expect((await fx.les.post(CREDIT, creditBody({ accion: undefined }))).json.message).toContain(
			'accion',
		);
		expect((await fx.les.post(CREDIT, creditBody({ codigoEmpresa: undefined }))).status).toBe(400);
		expect((await fx.les.post(CREDIT, creditBody({ codigoEmpresa: 'INMO-900' }))).status).toBe(404);
	});

	it('is refused to a LEC, which never receives CREDITO', async () => {
		const answer = await fx.lec.post(CREDIT, creditBody());
		expect(answer.status).toBe(403);
		expect(answer.json).toEqual({ code: 'error_inesperado', message: 'Access is denied' });
	});
});

describe('the Portuguese edition path shared by both kinds', () => {
	it('tells a lead body from a credit body', async () => {
		const lead = await fx.les.post(PT_BOTH, messageLead());
		const credit = await fx.les.post(PT_BOTH, creditBody());
		expect(lead.status).toBe(200);
		expect(credit.status).toBe(200);
		await hook.current.waitFor(2);
		const kindOf = (id: string) =>
			hook.current.received.find((r) => r.body.idEvento === id)?.body.tipoEvento;
		expect(kindOf(lead.json.idEvento)).toBe('CONTACTO_MENSAJE');
		expect(kindOf(credit.json.idEvento)).toBe('CREDITO');
	});

	it('validates a body that is neither as a lead', async () => {
		const answer = await fx.les.post(PT_BOTH, { hello: 'world' });
		expect(answer.status).toBe(400);
		expect(answer.json.message).toContain('tipoDeEvento');
	});
});
