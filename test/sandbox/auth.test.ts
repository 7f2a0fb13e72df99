import { send } from './helpers/http';
import { useSandbox } from './helpers/sandbox';

const fx = useSandbox();
const LOGIN = '/v1/application/login';

describe('access token (Authentication rule 1)', () => {
	it('refuses a request without access_token with 401 invalid_token', async () => {
		const answer = await fx.anonymous.get('/v1/inmobiliarias');
		expect(answer.status).toBe(401);
		expect(answer.json).toEqual({
			code: 'invalid_token',
			message: expect.stringContaining('access_token'),
		});
	});

	it('refuses an unknown token with 401', async () => {
		const answer = await send(fx.sandbox.url, 'GET', '/v1/inmobiliarias', {
			query: { access_token: 'nope' },
		});
		expect(answer.status).toBe(401);
		expect(answer.json.code).toBe('invalid_token');
	});

	it('does not accept the token in an Authorization Bearer header (docs/portal-api.md)', async () => {
		const answer = await send(
			fx.sandbox.url,
			'GET',
			'/v1/inmobiliarias/INMO-001/avisos/online/resumen',
			{
				headers: { authorization: 'Bearer demo-les-token' },
			},
		);
		expect(answer.status).toBe(401);
		expect(answer.json.code).toBe('invalid_token');
	});

	it('refuses a repeated access_token', async () => {
		const answer = await send(fx.sandbox.url, 'GET', '/v1/inmobiliarias', {
			query: { access_token: ['demo-les-token', 'demo-lec-token'] },
		});
		expect(answer.status).toBe(401);
	});
});

describe('client-credentials login (docs/portal-api.md)', () => {
	it.each([
		['demo-les-client', 'demo-les-secret', 'demo-les-token'],
		['demo-lec-client', 'demo-lec-secret', 'demo-lec-token'],
		['other-les-client', 'other-les-secret', 'other-les-token'],
	])('%s gets %s, which then works', async (clientId, clientSecret, token) => {
		const answer = await send(fx.sandbox.url, 'POST', LOGIN, {
			query: { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret },
		});
		expect(answer.status).toBe(200);
		expect(answer.json).toEqual({
			access_token: token,
			token_type: 'bearer',
			expires_in: expect.any(Number),
			scope: expect.any(String),
		});
		expect(answer.json.expires_in).toBeGreaterThan(9 * 365 * 86_400);
		const agencies = await send(fx.sandbox.url, 'GET', '/v1/inmobiliarias', {
			query: { access_token: token },
		});
		expect(agencies.status).toBe(200);
	});

	it('answers bad credentials with 401 and an XML body', async () => {
		const answer = await send(fx.sandbox.url, 'POST', LOGIN, {
			query: {
				grant_type: 'client_credentials',
				client_id: 'demo-les-client',
				client_secret: 'wrong',
			},
		});
		expect(answer.status).toBe(401);
		expect(answer.headers['content-type']).toContain('xml');
		expect(answer.text).toMatch(/^<\?xml/);
		expect(answer.text).toContain('invalid_client');
		expect(answer.text).not.toContain('wrong');
	});

	it('answers another grant type with 400 XML', async () => {
		const answer = await send(fx.sandbox.url, 'POST', LOGIN, {
			query: {
				grant_type: 'password',
				client_id: 'demo-les-client',
				client_secret: 'demo-les-secret',
			},
		});
		expect(answer.status).toBe(400);
		expect(answer.text).toContain('unsupported_grant_type');
	});

	it('also reads the parameters from a form body', async () => {
		const answer = await send(fx.sandbox.url, 'POST', LOGIN, {
			raw: 'grant_type=client_credentials&client_id=demo-lec-client&client_secret=demo-lec-secret',
			contentType: 'application/x-www-form-urlencoded',
		});
		expect(answer.status).toBe(200);
		expect(answer.json.access_token).toBe('demo-lec-token');
	});
});
