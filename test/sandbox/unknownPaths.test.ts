/**
 * Field notes, "Unknown paths": the portal answers a path it does not route with 401 before
 * routing, as it answers a bad token, so a wrong path spelling and a bad token look alike.
 */
import { portal } from './helpers/http';
import { useSandbox } from './helpers/sandbox';

const fx = useSandbox();

describe('unknown service paths', () => {
	it.each([
		['GET', '/v1/nothing-here'],
		['GET', '/v1/imobiliarias/INMO-001/mensagens'],
		['GET', '/v2/inmobiliarias/INMO-001/mensagens'],
		['GET', '/v1/configuracion/callback'],
		['DELETE', '/v1/inmobiliarias'],
	])('%s %s answers 401 with the bad-token body, even with a good token', async (method, path) => {
		const badToken = await portal(fx.sandbox.url, 'no-such-token').get('/v1/inmobiliarias');
		expect(badToken.status).toBe(401);
		const answer = await fx.les.send(method, path);
		expect(answer.status).toBe(401);
		expect(answer.json).toEqual(badToken.json);
	});

	it('still answers a known path with a good token', async () => {
		expect((await fx.les.get('/v1/inmobiliarias')).status).toBe(200);
	});
});
