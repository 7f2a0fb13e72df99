/**
 * The transport against the sandbox's fault injection: the path table in both languages for every
 * operation, retries of what is safe to repeat (429 with Retry-After, 5xx, dropped connections),
 * and error bodies that are not the JSON error object (XML, HTML, empty).
 */
import type { IDataObject } from 'n8n-workflow';
import { admin, errorOf, failOnce, injectedFaults, jsonOf, runPortal, useSandbox } from './support';

const sandbox = useSandbox();

const callback = { callbackUrl: 'http://127.0.0.1:9/hook' };

/** Every operation, with the method and path (Spanish, Portuguese) it must call. */
const OPERATIONS: Array<[string, IDataObject, string, string, string]> = [
	[
		'agency getAll',
		{ resource: 'agency', operation: 'getAll' },
		'GET',
		'/v1/inmobiliarias',
		'/v1/imobiliarias',
	],
	[
		'lookup getOperations',
		{ resource: 'lookup', operation: 'getOperations' },
		'GET',
		'/v1/operaciones',
		'/v1/operacoes',
	],
	[
		'lookup getCurrencies',
		{ resource: 'lookup', operation: 'getCurrencies' },
		'GET',
		'/v1/monedas',
		'/v1/moedas',
	],
	[
		'ad getAll',
		{ resource: 'ad', operation: 'getAll', agencyCode: 'INMO-001' },
		'GET',
		'/v1/inmobiliarias/INMO-001/avisos/online/resumen',
		'/v1/imobiliarias/INMO-001/anuncios/online/resumo',
	],
	[
		'ad get',
		{ resource: 'ad', operation: 'get', agencyCode: 'INMO-001', platformAdId: 1 },
		'GET',
		'/v1/inmobiliarias/INMO-001/avisos/online/resumen',
		'/v1/imobiliarias/INMO-001/anuncios/online/resumo',
	],
	[
		'ad associate',
		{
			resource: 'ad',
			operation: 'associate',
			agencyCode: 'INMO-001',
			adCode: 'MY CODE/1',
			platformAdId: 77,
		},
		'PUT',
		'/v1/inmobiliarias/INMO-001/avisos/MY%20CODE%2F1/asociar/77',
		'/v1/imobiliarias/INMO-001/anuncios/MY%20CODE%2F1/asociar/77',
	],
	[
		'development getAll',
		{ resource: 'development', operation: 'getAll', agencyCode: 'INMO-001' },
		'GET',
		'/v1/inmobiliarias/INMO-001/desarrollos/online/resumen',
		'/v1/imobiliarias/INMO-001/lancamentos/online/resumo',
	],
	[
		'callbackConfiguration get',
		{ resource: 'callbackConfiguration', operation: 'get' },
		'GET',
		'/v1/configuracion/callbacks',
		'/v1/configuracao/callbacks',
	],
	[
		'callbackConfiguration set',
		{ resource: 'callbackConfiguration', operation: 'set', ...callback },
		'PUT',
		'/v1/configuracion/callbacks',
		'/v1/configuracao/callbacks',
	],
	[
		'eventSubscription subscribe',
		{ resource: 'eventSubscription', operation: 'subscribe', eventKinds: ['CONTACTO'] },
		'PUT',
		'/v1/configuracion/callbacks/CONTACTO',
		'/v1/configuracao/callbacks/CONTACTO',
	],
	[
		'eventSubscription unsubscribe',
		{ resource: 'eventSubscription', operation: 'unsubscribe', eventKinds: ['CREDITO'] },
		'DELETE',
		'/v1/configuracion/callbacks/CREDITO',
		'/v1/configuracao/callbacks/CREDITO',
	],
	[
		'sandbox simulateLeadEvent',
		{
			resource: 'sandbox',
			operation: 'simulateLeadEvent',
			agencyCode: 'INMO-001',
			adCode: 'DEMO-0001',
			contactEmail: 'a@b.c',
			...callback,
		},
		'POST',
		'/v1/callbacks/generacion/evento',
		'/v1/callbacks/geracao/eventos',
	],
	[
		'sandbox simulateCreditEvent',
		{ resource: 'sandbox', operation: 'simulateCreditEvent', agencyCode: 'INMO-001', ...callback },
		'POST',
		'/v1/callbacks/generacion/evento/credito',
		'/v1/callbacks/geracao/eventos',
	],
];

const escape = (path: string) => path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe.each(['es', 'pt'] as const)('the path table, %s', (pathLanguage) => {
	test.each(OPERATIONS)(
		'%s calls its method and path',
		async (_name, parameters, method, es, pt) => {
			await failOnce(sandbox(), {
				method,
				path: `^${escape(pathLanguage === 'es' ? es : pt)}$`,
				status: 418,
				body: { code: 'probe', message: 'the probe was hit' },
			});
			const result = await runPortal(sandbox(), parameters, { credentials: { pathLanguage } });
			expect(errorOf(result).message).toBe('The portal answered HTTP 418: the probe was hit');
		},
	);
});

const agencies = { resource: 'agency', operation: 'getAll', returnAll: true };
const associate = (platformAdId: number, adCode: string) => ({
	resource: 'ad',
	operation: 'associate',
	agencyCode: 'INMO-001',
	adCode,
	platformAdId,
});

async function unassociatedAd(): Promise<number> {
	const ads = jsonOf(
		await runPortal(sandbox(), {
			resource: 'ad',
			operation: 'getAll',
			agencyCode: 'INMO-001',
			returnAll: true,
		}),
	);
	return ads.find((ad) => !ad.isAssociated)!.platformAdId as number;
}

describe('retries of what is safe to repeat', () => {
	test.each([500, 502, 503])(
		'a GET answered %i twice succeeds on the third attempt',
		async (status) => {
			await failOnce(sandbox(), { method: 'GET', path: '^/v1/inmobiliarias$', status, times: 2 });
			const result = await runPortal(sandbox(), agencies);
			expect(result.status).toBe('success');
			expect(await injectedFaults(sandbox())).toBe(2);
		},
	);

	test('a 429 is repeated after its Retry-After', async () => {
		await failOnce(sandbox(), {
			path: '^/v1/inmobiliarias$',
			status: 429,
			headers: { 'retry-after': '1' },
		});
		const result = await runPortal(sandbox(), agencies);
		expect(result.status).toBe('success');
		expect(await injectedFaults(sandbox())).toBe(1);
	});

	test('a 429 is repeated even for a request that is not idempotent (nothing was done)', async () => {
		const id = await unassociatedAd();
		await failOnce(sandbox(), {
			method: 'PUT',
			path: '/asociar/',
			status: 429,
			headers: { 'retry-after': '0' },
		});
		const result = await runPortal(sandbox(), associate(id, 'AFTER-429'));
		expect(jsonOf(result)).toEqual([
			expect.objectContaining({ associated: true, alreadyAssociated: false }),
		]);
	});

	test('a dropped connection on a GET is repeated', async () => {
		await failOnce(sandbox(), { path: '^/v1/monedas$', reset: true });
		const result = await runPortal(sandbox(), { resource: 'lookup', operation: 'getCurrencies' });
		expect(jsonOf(result)).toHaveLength(2);
	});

	test('gives up after 4 attempts and says so', async () => {
		await failOnce(sandbox(), { path: '^/v1/inmobiliarias$', status: 503, times: 10 });
		const result = await runPortal(sandbox(), agencies);
		expect(errorOf(result)).toEqual(
			expect.objectContaining({
				message: 'The portal failed to process the request (HTTP 503)',
				description: expect.stringContaining('Gave up after 4 attempts'),
			}),
		);
		expect(await injectedFaults(sandbox())).toBe(4);
	});

	test('a connection that keeps dropping: could not reach the portal', async () => {
		await failOnce(sandbox(), { path: '^/v1/inmobiliarias$', reset: true, times: 10 });
		const result = await runPortal(sandbox(), agencies);
		expect(errorOf(result)).toEqual(
			expect.objectContaining({
				message: `Could not reach the portal at ${sandbox().url}`,
				description: expect.stringContaining('Gave up after 4 attempts'),
			}),
		);
	});

	test('a Retry-After longer than a minute is not waited for', async () => {
		await failOnce(sandbox(), {
			path: '^/v1/inmobiliarias$',
			status: 429,
			headers: { 'retry-after': '3600' },
		});
		const result = await runPortal(sandbox(), agencies);
		expect(errorOf(result)).toEqual(
			expect.objectContaining({
				message: 'The portal is limiting the request rate (HTTP 429)',
				description: expect.stringContaining('Batching'),
			}),
		);
		expect(await injectedFaults(sandbox())).toBe(1);
	});

	test('a 500 on an association is not repeated, and the error says why', async () => {
		const id = await unassociatedAd();
		await failOnce(sandbox(), { method: 'PUT', path: '/asociar/', status: 500, times: 3 });
		const result = await runPortal(sandbox(), associate(id, 'ONCE-ONLY'));
		expect(errorOf(result).description).toContain(
			'not repeated automatically because repeating it is not safe',
		);
		expect(await injectedFaults(sandbox())).toBe(1);
	});

	test('a dropped connection on a simulation is not repeated', async () => {
		await failOnce(sandbox(), { method: 'POST', path: '^/v1/callbacks/', reset: true, times: 3 });
		const result = await runPortal(sandbox(), OPERATIONS[11][1]);
		expect(errorOf(result).message).toBe(`Could not reach the portal at ${sandbox().url}`);
		expect(await injectedFaults(sandbox())).toBe(1);
	});

	test('under random 5xx and 429 faults a Return All of every ad still completes', async () => {
		sandbox().reset({ ads: 900 });
		await admin(sandbox(), 'PUT', '/__sandbox/faults', {
			rate: 0.3,
			retryAfterSeconds: 0,
			seed: 7,
		});
		const result = await runPortal(sandbox(), {
			resource: 'ad',
			operation: 'getAll',
			agencyCode: 'INMO-001',
			returnAll: true,
		});
		expect(result.status).toBe('success');
		expect(jsonOf(result)).toHaveLength(900);
		expect(await injectedFaults(sandbox())).toBeGreaterThan(0);
	});
});

describe('error bodies that are not the JSON error object', () => {
	test.each([
		[
			'XML',
			'<?xml version="1.0"?><error><code>bad</code><message>XML says no</message></error>',
			'The portal refused the request: XML says no',
		],
		['plain text', 'Something is off', 'The portal refused the request: Something is off'],
		['empty', '', 'The portal refused the request: bad request'],
	])('%s on a 400', async (_kind, body, message) => {
		await failOnce(sandbox(), { path: '^/v1/inmobiliarias$', status: 400, body });
		const result = await runPortal(sandbox(), agencies);
		expect(errorOf(result).message).toBe(message);
	});

	test('an HTML gateway page on a 502 gives its title', async () => {
		await failOnce(sandbox(), {
			path: '^/v1/inmobiliarias$',
			status: 502,
			body: '<html><head><title>502 Bad Gateway</title></head><body><h1>nginx</h1></body></html>',
			times: 10,
		});
		const result = await runPortal(sandbox(), agencies);
		expect(errorOf(result)).toEqual(
			expect.objectContaining({
				message: 'The portal failed to process the request (HTTP 502)',
				description: expect.stringContaining('"502 Bad Gateway"'),
			}),
		);
	});

	test('XML fault bodies from the fault injector are read too', async () => {
		await admin(sandbox(), 'PUT', '/__sandbox/faults', {
			rate: 1,
			statuses: [503],
			xmlRate: 1,
			pathPattern: '^/v1/monedas$',
		});
		const result = await runPortal(sandbox(), { resource: 'lookup', operation: 'getCurrencies' });
		expect(errorOf(result).description).toContain('The portal said: "Service unavailable"');
	});

	test('an unknown 403 says access was denied and what to check', async () => {
		await failOnce(sandbox(), {
			path: '^/v1/inmobiliarias$',
			status: 403,
			body: { code: 'forbidden', message: 'Nope' },
		});
		const result = await runPortal(sandbox(), agencies);
		expect(errorOf(result)).toEqual(
			expect.objectContaining({
				message: 'The portal denied access to this operation',
				description: expect.stringContaining('Interface Kind'),
			}),
		);
	});
});
