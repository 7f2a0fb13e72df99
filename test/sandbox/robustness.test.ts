import { CALLBACKS, useSandbox } from './helpers/sandbox';

const fx = useSandbox();
beforeEach(() => fx.admin.post('/reset'));

describe('bad input never crashes the sandbox', () => {
	it.each([
		['PUT', CALLBACKS],
		['POST', '/v1/callbacks/generacion/evento'],
		['POST', '/v1/callbacks/generacion/evento/credito'],
	])('%s %s with malformed JSON answers 400 with the error object', async (method, path) => {
		const answer = await fx.les.send(method, path, {
			raw: '{"url": "http://x',
			contentType: 'application/json',
		});
		expect(answer.status).toBe(400);
		expect(answer.json).toEqual({
			code: 'bad_request',
			message: 'The request body is not valid JSON',
		});
	});

	it('refuses a body of the wrong type', async () => {
		for (const body of ['"just a string"', '42', 'null', '[]']) {
			const answer = await fx.les.send('PUT', CALLBACKS, {
				raw: body,
				contentType: 'application/json',
			});
			expect(answer.status).toBe(400);
			expect(answer.json.code).toBe('bad_request');
		}
	});

	it('reads a JSON body sent with another content type', async () => {
		const answer = await fx.les.send('PUT', CALLBACKS, {
			raw: '{"url":"https://a.invalid"}',
			contentType: 'text/plain',
		});
		expect(answer.status).toBe(204);
		const garbage = await fx.les.send('PUT', CALLBACKS, {
			raw: 'url=https://a.invalid',
			contentType: 'text/plain',
		});
		expect(garbage.status).toBe(400);
	});

	it('answers a too large body with 413', async () => {
		const answer = await fx.les.send('PUT', CALLBACKS, {
			raw: JSON.stringify({ url: `https://a.invalid/${'x'.repeat(1_100_000)}` }),
			contentType: 'application/json',
		});
		expect(answer.status).toBe(413);
		expect(answer.json.code).toBe('payload_too_large');
	});

	it('refuses proto pollution attempts', async () => {
		const answer = await fx.les.send('PUT', CALLBACKS, {
			raw: '{"url":"https://a.invalid","__proto__":{"polluted":true}}',
			contentType: 'application/json',
		});
		expect(answer.status).toBe(400);
		expect(({} as Record<string, unknown>).polluted).toBeUndefined();
	});

	it("answers an unknown path outside the service's versions with the 404 error object", async () => {
		for (const [method, path] of [
			['GET', '/nothing-here'],
			['GET', '/v3/inmobiliarias'],
			['GET', '/__sandbox/nothing'],
		]) {
			const answer = await fx.les.send(method, path);
			expect(answer.status).toBe(404);
			expect(answer.json).toEqual({ code: 'not_found', message: expect.stringContaining(path) });
		}
	});

	it('answers a badly encoded path with 400, without echoing the token', async () => {
		const answer = await fx.les.get('/v1/inmobiliarias/%E0%A4%A/avisos/online/resumen');
		expect(answer.status).toBe(400);
		expect(answer.json.code).toBe('bad_request');
		expect(answer.text).not.toContain('demo-les-token');
	});

	it('accepts a trailing slash', async () => {
		expect((await fx.les.get('/v1/monedas/')).status).toBe(200);
	});

	it('still serves normally after all of the above', async () => {
		await fx.les.send('PUT', CALLBACKS, { raw: '{', contentType: 'application/json' });
		expect((await fx.les.get('/v1/inmobiliarias')).status).toBe(200);
	});
});

describe('admin input', () => {
	it('answers 404 for unknown ads, agencies and interfaces, 400 for malformed ids', async () => {
		expect((await fx.admin.post('/ads/1/alta')).status).toBe(404);
		expect((await fx.admin.post('/ads/abc/alta')).status).toBe(400);
		expect((await fx.admin.get('/agencies/NOPE/ads')).status).toBe(404);
		expect((await fx.admin.get('/interfaces/nope')).status).toBe(404);
		expect((await fx.admin.post('/agencies/NOPE/credits', {})).status).toBe(404);
	});

	it('answers 409 for an alta of an online ad', async () => {
		const [ad] = (await fx.admin.get('/agencies/INMO-001/ads', { online: true })).json;
		const answer = await fx.admin.post(`/ads/${ad.idAvisoPlat}/alta`);
		expect(answer.status).toBe(409);
		expect(answer.json.code).toBe('conflict');
	});

	it('refuses unknown or ill-typed ad fields', async () => {
		const [ad] = (await fx.admin.get('/agencies/INMO-001/ads', { online: true })).json;
		expect((await fx.admin.patch(`/ads/${ad.idAvisoPlat}`, { colour: 'red' })).status).toBe(400);
		expect(
			(await fx.admin.patch(`/ads/${ad.idAvisoPlat}`, { precio: 'cheap' })).json.message,
		).toContain('precio');
		expect(
			(await fx.admin.post(`/ads/${ad.idAvisoPlat}/leads`, { tipoEvento: 'CREDITO' })).status,
		).toBe(400);
	});
});

describe('the admin overview', () => {
	it('lists settings, interfaces with their credentials, and agencies', async () => {
		const { json } = await fx.admin.get('');
		expect(json.settings).toEqual({
			adShape: 'B',
			badFilter: 'error',
			edition: null,
			leadList: 'recorded',
		});
		expect(json.interfaces.map((i: any) => [i.id, i.kind, i.token])).toEqual([
			['demo-les', 'LES', 'demo-les-token'],
			['demo-lec', 'LEC', 'demo-lec-token'],
			['other-les', 'LES', 'other-les-token'],
			['nocallbacks-les', 'LES', 'nocallbacks-les-token'],
			['limits-les', 'LES', 'limits-les-token'],
		]);
		const first = json.agencies.find((a: any) => a.codigoInmobiliaria === 'INMO-001');
		expect(first.onlineAds).toBeGreaterThanOrEqual(60);
		expect(first.developments).toBeGreaterThanOrEqual(3);
	});

	it('is reproducible: the same seed gives the same inventory after a reset', async () => {
		const before = (await fx.admin.get('/agencies/INMO-001/ads')).json;
		await fx.admin.post(`/ads/${before[0].idAvisoPlat}/baja`);
		await fx.admin.post('/reset');
		expect((await fx.admin.get('/agencies/INMO-001/ads')).json).toEqual(before);
		await fx.admin.post('/reset', { seed: 7 });
		expect((await fx.admin.get('/agencies/INMO-001/ads')).json).not.toEqual(before);
	});
});
