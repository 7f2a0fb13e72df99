import { EVENT_KINDS } from '../../nodes/shared/schemas';
import { CALLBACKS, CALLBACKS_PT, useSandbox } from './helpers/sandbox';

const fx = useSandbox();
const config = {
	url: 'https://example.invalid/hook',
	authorizationHeaderKey: 'X-Api-Key',
	authorizationHeaderValue: 's3cret',
	lenguajeCallbackBody: 'EN',
};

const adminView = async (id: string) => (await fx.admin.get(`/interfaces/${id}`)).json;

describe('callback configuration', () => {
	beforeEach(() => fx.admin.post('/reset'));

	it('answers 204 while nothing is configured', async () => {
		const answer = await fx.les.get(CALLBACKS);
		expect(answer.status).toBe(204);
		expect(answer.text).toBe('');
	});

	it('stores the configuration with 204 and gives the same fields back, in both path languages', async () => {
		const put = await fx.les.put(CALLBACKS, config);
		expect(put.status).toBe(204);
		expect(put.text).toBe('');
		expect((await fx.les.get(CALLBACKS)).json).toEqual(config);
		expect((await fx.les.get(CALLBACKS_PT)).json).toEqual(config);
		const minimal = { url: 'http://127.0.0.1:9/x' };
		expect((await fx.les.put(CALLBACKS_PT, { ...minimal, unknownField: 1 })).status).toBe(204);
		expect((await fx.les.get(CALLBACKS)).json).toEqual(minimal);
	});

	it.each([
		[{ url: 'ftp://example.invalid/hook' }, 'url'],
		[{ url: 'example.invalid/hook' }, 'url'],
		[{ url: 5 }, 'url'],
		[{ url: 'https://a.invalid', lenguajeCallbackBody: 5 }, 'lenguajeCallbackBody'],
		[{ url: 'https://a.invalid', authorizationHeaderKey: 'bad header' }, 'authorizationHeaderKey'],
		[[config], 'body'],
	])('refuses %j with 400 naming %s', async (body, field) => {
		const answer = await fx.les.put(CALLBACKS, body);
		expect(answer.status).toBe(400);
		expect(answer.json).toEqual({ code: 'bad_request', message: expect.stringContaining(field) });
		expect((await fx.les.get(CALLBACKS)).status).toBe(204);
	});

	it('refuses a PUT without body', async () => {
		const answer = await fx.les.put(CALLBACKS);
		expect(answer.status).toBe(400);
		expect(answer.json.code).toBe('bad_request');
	});

	it.each([['EN2'], ['EN_SF'], ['ES'], ['PT'], ['EN'], [''], ['FR']])(
		'stores and reads back lenguajeCallbackBody %j, in both path languages',
		async (language) => {
			const sent = { ...config, lenguajeCallbackBody: language };
			expect((await fx.les.put(CALLBACKS, sent)).status).toBe(204);
			expect((await fx.les.get(CALLBACKS)).json).toEqual(sent);
			expect((await fx.les.get(CALLBACKS_PT)).json).toEqual(sent);
		},
	);

	it('stores and reads back a configuration without a language', async () => {
		const { lenguajeCallbackBody: _none, ...sent } = config;
		expect((await fx.les.put(CALLBACKS_PT, sent)).status).toBe(204);
		expect((await fx.les.get(CALLBACKS)).json).toEqual(sent);
	});

	it.each([
		[{ url: null, lenguajeCallbackBody: 'EN2' }],
		[{ authorizationHeaderKey: 'X-Api-Key', lenguajeCallbackBody: null }],
		[{}],
	])(
		'stores and reads back %j: a configuration with no url, which delivers nothing',
		async (sent) => {
			expect((await fx.les.put(CALLBACKS, sent)).status).toBe(204);
			expect((await fx.les.get(CALLBACKS)).json).toEqual(sent);
			expect((await fx.les.put(`${CALLBACKS}/CONTACTO`)).status).toBe(204);
			const { associations } = await adminView('demo-les');
			const made = await fx.admin.post(`/ads/${associations[0].idAvisoPlat}/leads`, {});
			expect(made.status).toBe(200);
			expect(made.json.events).toEqual([]);
		},
	);

	it('lets a LEC configure its own callback, apart from the LES', async () => {
		expect((await fx.lec.put(CALLBACKS, config)).status).toBe(204);
		expect((await fx.les.get(CALLBACKS)).status).toBe(204);
		expect((await adminView('demo-lec')).configuration).toEqual(config);
	});
});

describe('event subscriptions', () => {
	beforeEach(() => fx.admin.post('/reset'));

	it('needs a configuration first: 400 sin_configuracion', async () => {
		const answer = await fx.les.put(`${CALLBACKS}/CONTACTO`);
		expect(answer.status).toBe(400);
		expect(answer.json.code).toBe('sin_configuracion');
		expect((await adminView('demo-les')).subscriptions).toEqual([]);
	});

	it('subscribes and unsubscribes each kind with 204, in both path languages', async () => {
		await fx.les.put(CALLBACKS, config);
		for (const kind of EVENT_KINDS)
			expect((await fx.les.put(`${CALLBACKS}/${kind}`)).status).toBe(204);
		expect((await adminView('demo-les')).subscriptions.sort()).toEqual([...EVENT_KINDS].sort());
		expect((await fx.les.delete(`${CALLBACKS_PT}/CREDITO`)).status).toBe(204);
		expect((await fx.les.delete(`${CALLBACKS}/CONTACTO`)).status).toBe(204);
		expect((await fx.les.delete(`${CALLBACKS}/CONTACTO`)).status).toBe(204);
		expect((await adminView('demo-les')).subscriptions.sort()).toEqual(
			EVENT_KINDS.filter((k) => k !== 'CREDITO' && k !== 'CONTACTO').sort(),
		);
	});

	it('refuses an unknown event kind with 400', async () => {
		await fx.les.put(CALLBACKS, config);
		for (const answer of [
			await fx.les.put(`${CALLBACKS}/VISITA`),
			await fx.les.delete(`${CALLBACKS}/VISITA`),
		]) {
			expect(answer.status).toBe(400);
			expect(answer.json.message).toContain('evento');
		}
	});
});

describe('plans without callback access (docs/portal-api.md)', () => {
	it.each([
		['GET', CALLBACKS],
		['PUT', CALLBACKS],
		['PUT', `${CALLBACKS}/CONTACTO`],
		['DELETE', `${CALLBACKS_PT}/CONTACTO`],
	])('%s %s answers 500 error_inesperado / Access is denied', async (method, path) => {
		const answer = await fx.noCallbacks.send(
			method,
			path,
			method === 'PUT' && path === CALLBACKS ? { body: config } : {},
		);
		expect(answer.status).toBe(500);
		expect(answer.json).toEqual({ code: 'error_inesperado', message: 'Access is denied' });
	});
});

describe('integrator isolation of configuration and subscriptions', () => {
	beforeEach(() => fx.admin.post('/reset'));

	it('keeps every interface configuration and subscriptions its own', async () => {
		await fx.les.put(CALLBACKS, config);
		await fx.les.put(`${CALLBACKS}/CONTACTO`);
		expect((await fx.other.get(CALLBACKS)).status).toBe(204);
		await fx.other.put(CALLBACKS, { url: 'https://other.invalid/hook' });
		await fx.other.delete(`${CALLBACKS}/CONTACTO`);
		await fx.other.put(`${CALLBACKS}/AVISO_ACTIVIDAD`);
		expect((await fx.les.get(CALLBACKS)).json).toEqual(config);
		expect((await adminView('demo-les')).subscriptions).toEqual(['CONTACTO']);
		expect((await adminView('other-les')).subscriptions).toEqual(['AVISO_ACTIVIDAD']);
	});
});
