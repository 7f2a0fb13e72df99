/**
 * The access token (and the client secret, and the session token obtained with it) never appears in
 * what n8n keeps of a run: the error with its cause and response, the run data, the output items
 * under Continue On Fail, the log lines. Every error path is forced, and everything is searched,
 * non-enumerable properties included.
 */
import type { ICredentialDataDecryptedObject, IDataObject } from 'n8n-workflow';
import type { RunNodeResult } from '../harness';
import { TOKENS, failOnce, runPortal, useSandbox } from './support';

const sandbox = useSandbox();

/** Where `secret` occurs inside `value`, walking every own property (enumerable or not). */
function placesOf(secret: string, value: unknown, path = '$', seen = new Set<unknown>()): string[] {
	if (typeof value === 'string') return value.includes(secret) ? [path] : [];
	if (typeof value !== 'object' || value === null || seen.has(value)) return [];
	seen.add(value);
	if (Buffer.isBuffer(value)) return value.toString('utf8').includes(secret) ? [path] : [];
	const places: string[] = [];
	const entries =
		value instanceof Map
			? [...value.entries()]
			: Object.getOwnPropertyNames(value).map((key) => [
					key,
					(value as Record<string, unknown>)[key],
				]);
	for (const [key, child] of entries) {
		if (typeof key === 'string' && key.includes(secret)) places.push(`${path}[key]`);
		places.push(...placesOf(secret, child, `${path}.${String(key)}`, seen));
	}
	return places;
}

function expectNoSecret(result: RunNodeResult, secrets: string[]): void {
	const kept = {
		error: result.error,
		errorJson: JSON.stringify(result.error ?? null),
		runDataJson: JSON.stringify(result.runData),
		run: result.run,
		items: result.items,
		logs: result.logs,
	};
	for (const secret of secrets) expect(placesOf(secret, kept)).toEqual([]);
}

const ad = (extra: IDataObject = {}) => ({
	resource: 'ad',
	operation: 'getAll',
	agencyCode: 'INMO-001',
	returnAll: true,
	...extra,
});
const agencies = { resource: 'agency', operation: 'getAll', returnAll: true };
const associate = (platformAdId: number, adCode = 'LEAK-1') => ({
	resource: 'ad',
	operation: 'associate',
	agencyCode: 'INMO-001',
	adCode,
	platformAdId,
});
const subscribe = {
	resource: 'eventSubscription',
	operation: 'subscribe',
	eventKinds: ['CONTACTO'],
};
const simulateCredit = {
	resource: 'sandbox',
	operation: 'simulateCreditEvent',
	agencyCode: 'INMO-001',
	callbackUrl: 'http://127.0.0.1:9/hook',
};

type Caller = 'les' | 'lec' | 'noCallbacks';

interface Case {
	name: string;
	parameters: IDataObject;
	/** The interface calling; default the LES. */
	as?: Caller;
	credentials?: ICredentialDataDecryptedObject;
	/** Makes the sandbox fail this way first. */
	arrange?: () => Promise<void>;
}

const echo = (token: string) => ({
	code: 'echo',
	message: `GET /v1/inmobiliarias?access_token=${token} was refused for token ${token}`,
});

function cases(token: string): Case[] {
	return [
		{
			name: 'token refused (401), even after a new login',
			parameters: agencies,
			arrange: () =>
				failOnce(sandbox(), {
					path: '^/v1/inmobiliarias$',
					status: 401,
					body: echo(token),
					times: 2,
				}),
		},
		{ name: 'LEC refusal (403)', parameters: associate(54000010), as: 'lec' },
		{ name: 'already associated (403)', parameters: associate(54000002, 'DEMO-0001') },
		{ name: 'unknown agency (404)', parameters: ad({ agencyCode: 'NOPE' }) },
		{ name: 'unknown ad (404)', parameters: associate(99_999_999) },
		{ name: 'bad filter (400)', parameters: ad({ filters: { operacion: 'PERMUTA' } }) },
		{ name: 'no configuration yet (400)', parameters: subscribe },
		{ name: 'plan without callbacks (500)', parameters: subscribe, as: 'noCallbacks' },
		{ name: 'LEC credit simulation (403)', parameters: simulateCredit, as: 'lec' },
		{
			name: 'production simulation',
			parameters: simulateCredit,
			credentials: { environment: 'production' },
		},
		{ name: 'invalid parameter', parameters: associate(-1) },
		{
			name: '5xx until giving up',
			parameters: agencies,
			arrange: () => failOnce(sandbox(), { path: '^/v1/inmobiliarias$', status: 503, times: 10 }),
		},
		{
			name: '429 with a long Retry-After',
			parameters: agencies,
			arrange: () =>
				failOnce(sandbox(), {
					path: '^/v1/inmobiliarias$',
					status: 429,
					headers: { 'retry-after': '999' },
				}),
		},
		{
			name: 'connection dropped',
			parameters: associate(54000010),
			arrange: () => failOnce(sandbox(), { path: '/asociar/', reset: true }),
		},
		{
			name: 'nothing listening',
			parameters: agencies,
			credentials: { baseUrl: 'http://127.0.0.1:9' },
		},
		{
			name: 'an error body echoing the token and the URL',
			parameters: agencies,
			arrange: () =>
				failOnce(sandbox(), { path: '^/v1/inmobiliarias$', status: 400, body: echo(token) }),
		},
		{
			name: 'an XML error body echoing the token',
			parameters: agencies,
			arrange: () =>
				failOnce(sandbox(), {
					path: '^/v1/inmobiliarias$',
					status: 403,
					body: `<error><code>x</code><message>access_token=${token} denied</message></error>`,
				}),
		},
	];
}

/** How each interface logs in, by authentication mode. */
const LOGINS: Record<Caller, { token: string; client: string; secret: string }> = {
	les: { token: TOKENS.les, client: 'demo-les-client', secret: 'demo-les-secret' },
	lec: { token: TOKENS.lec, client: 'demo-lec-client', secret: 'demo-lec-secret' },
	noCallbacks: {
		token: TOKENS.noCallbacks,
		client: 'nocallbacks-les-client',
		secret: 'nocallbacks-les-secret',
	},
};

function credentialsOf(
	c: Case,
	mode: 'accessToken' | 'clientCredentials',
): ICredentialDataDecryptedObject {
	const login = LOGINS[c.as ?? 'les'];
	const base: ICredentialDataDecryptedObject =
		mode === 'accessToken'
			? { accessToken: login.token }
			: { authentication: 'clientCredentials', clientId: login.client, clientSecret: login.secret };
	return { ...base, ...c.credentials };
}

const SECRETS = Object.values(LOGINS).flatMap((login) => [login.token, login.secret]);

describe.each(['accessToken', 'clientCredentials'] as const)('%s', (mode) => {
	test.each(cases(TOKENS.les).map((c) => [c.name, c] as const))('%s', async (_name, c) => {
		for (const continueOnFail of [false, true]) {
			sandbox().reset();
			await c.arrange?.();
			const result = await runPortal(sandbox(), c.parameters, {
				credentials: credentialsOf(c, mode),
				continueOnFail,
			});
			if (continueOnFail) expect(result.items[0].json.error).toEqual(expect.any(String));
			else expect(result.error).toBeDefined();
			expectNoSecret(result, SECRETS);
		}
	});
});

test('a refused login keeps the secret out', async () => {
	const result = await runPortal(sandbox(), agencies, {
		credentials: {
			authentication: 'clientCredentials',
			clientId: 'demo-les-client',
			clientSecret: 'the-wrong-secret-value',
		},
	});
	expect(result.error).toBeDefined();
	expectNoSecret(result, ['the-wrong-secret-value']);
});
