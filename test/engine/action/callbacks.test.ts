/** Callback Configuration → Get / Set and Event Subscription → Subscribe / Unsubscribe. */
import type { IDataObject } from 'n8n-workflow';
import {
	TOKENS,
	errorOf,
	expectPaired,
	interfaceState,
	jsonOf,
	runPortal,
	useSandbox,
} from './support';

const sandbox = useSandbox();

const setConfiguration = (extra: IDataObject = {}) => ({
	resource: 'callbackConfiguration',
	operation: 'set',
	callbackUrl: 'https://n8n.example.com/webhook/portal',
	authorizationHeaderValue: 'Basic dXNlcjpwYXNz',
	callbackBodyLanguage: 'EN',
	...extra,
});

const getConfiguration = { resource: 'callbackConfiguration', operation: 'get' };

const subscription = (operation: string, eventKinds: string[]) => ({
	resource: 'eventSubscription',
	operation,
	eventKinds,
});

describe.each(['es', 'pt'])('%s paths', (pathLanguage) => {
	const credentials = { pathLanguage };

	test('Get with nothing configured says so; Set then Get returns what was set', async () => {
		const before = await runPortal(sandbox(), getConfiguration, { credentials });
		expect(jsonOf(before)).toEqual([{ configured: false }]);

		const set = await runPortal(sandbox(), setConfiguration(), { credentials });
		expect(jsonOf(set)).toEqual([
			{
				configured: true,
				url: 'https://n8n.example.com/webhook/portal',
				authorizationHeaderKey: 'Authorization',
				authorizationHeaderValue: '•••• (18 characters, ends in YXNz)',
				bodyLanguage: 'EN',
			},
		]);
		expectPaired(set);

		const after = await runPortal(sandbox(), getConfiguration, { credentials });
		expect(jsonOf(after)).toEqual(jsonOf(set));
		// Version 1 nodes keep the portal's name, which their workflows read.
		const version1 = await runPortal(sandbox(), getConfiguration, { credentials, typeVersion: 1 });
		expect(jsonOf(version1)).toEqual([
			expect.objectContaining({ configured: true, lenguajeCallbackBody: 'EN' }),
		]);
		expect((await interfaceState(sandbox(), 'demo-les')).configuration).toEqual(
			expect.objectContaining({
				url: 'https://n8n.example.com/webhook/portal',
				lenguajeCallbackBody: 'EN',
			}),
		);
	});

	test('Subscribe to several kinds at once: one item per kind; Unsubscribe removes them', async () => {
		await runPortal(sandbox(), setConfiguration(), { credentials });
		const kinds = ['CONTACTO', 'CONTACTO_MENSAJE', 'AVISO_ACTIVIDAD'];
		const subscribed = await runPortal(sandbox(), subscription('subscribe', kinds), {
			credentials,
		});
		expect(jsonOf(subscribed)).toEqual(
			kinds.map((eventKind) => ({ eventKind, subscribed: true, deliveredToThisInterface: true })),
		);
		expectPaired(subscribed);
		expect((await interfaceState(sandbox(), 'demo-les')).subscriptions.sort()).toEqual(
			[...kinds].sort(),
		);

		const unsubscribed = await runPortal(
			sandbox(),
			subscription('unsubscribe', ['CONTACTO', 'AVISO_ACTIVIDAD']),
			{
				credentials,
			},
		);
		expect(jsonOf(unsubscribed).map((item) => item.subscribed)).toEqual([false, false]);
		expect((await interfaceState(sandbox(), 'demo-les')).subscriptions).toEqual([
			'CONTACTO_MENSAJE',
		]);
	});
});

describe('the header value is a secret', () => {
	const secret = 'a'.repeat(40) + 'k9Zq';

	test('Get masks it (set, length, last four) unless Reveal Header Value is on', async () => {
		await runPortal(sandbox(), setConfiguration({ authorizationHeaderValue: secret }));
		const masked = jsonOf(await runPortal(sandbox(), getConfiguration))[0];
		expect(masked.authorizationHeaderValue).toBe('•••• (44 characters, ends in k9Zq)');
		expect(JSON.stringify(masked)).not.toContain(secret);

		const revealed = await runPortal(sandbox(), { ...getConfiguration, revealHeaderValue: true });
		expect(jsonOf(revealed)[0].authorizationHeaderValue).toBe(secret);
	});

	test('a short value shows only its length', async () => {
		await runPortal(sandbox(), setConfiguration({ authorizationHeaderValue: 'abc123' }));
		const masked = jsonOf(await runPortal(sandbox(), getConfiguration))[0];
		expect(masked.authorizationHeaderValue).toBe('•••• (6 characters)');
	});
});

describe("Set replaces the interface's one callback", () => {
	const triggerUrl = 'https://n8n.example.com/webhook/abc/webhook';

	test("replacing a Real Estate Portal Trigger's callback names its URL in a warning", async () => {
		const trigger = { callbackUrl: triggerUrl, authorizationHeaderKey: 'X-Portal-Webhook-Secret' };
		await runPortal(sandbox(), setConfiguration(trigger));
		const result = jsonOf(await runPortal(sandbox(), setConfiguration()))[0];
		expect(result).toEqual(
			expect.objectContaining({
				url: 'https://n8n.example.com/webhook/portal',
				replacedTriggerUrl: triggerUrl,
				warning: expect.stringContaining(`Real Estate Portal Trigger (${triggerUrl})`),
			}),
		);
		expect((await interfaceState(sandbox(), 'demo-les')).configuration).toEqual(
			expect.objectContaining({ url: 'https://n8n.example.com/webhook/portal' }),
		);
	});

	test('replacing another callback gives no warning', async () => {
		await runPortal(sandbox(), setConfiguration({ callbackUrl: 'https://other.example.com/hook' }));
		const result = jsonOf(await runPortal(sandbox(), setConfiguration()))[0];
		expect(result).not.toHaveProperty('warning');
		expect(result).not.toHaveProperty('replacedTriggerUrl');
	});
});

describe('validated before sending', () => {
	test.each([
		[
			{ callbackUrl: 'ftp://example.com/hook' },
			'Invalid parameter: Callback URL: url must start with http:// or https://',
		],
		[
			{ callbackUrl: '={{ $json.missing ?? "" }}' },
			'Invalid parameter: Callback URL: url must start with http:// or https://',
		],
		[
			{ authorizationHeaderKey: 'X Token' },
			'Invalid parameter: Authorization Header Name: must be a valid HTTP header name (letters, digits and - only, no spaces)',
		],
	])('%j is refused', async (parameters, message) => {
		const result = await runPortal(sandbox(), setConfiguration(parameters));
		expect(errorOf(result).message).toBe(message);
		expect((await interfaceState(sandbox(), 'demo-les')).configuration).toBeNull();
	});

	test('an empty header name falls back to Authorization', async () => {
		const result = await runPortal(sandbox(), setConfiguration({ authorizationHeaderKey: '' }));
		expect(jsonOf(result)[0].authorizationHeaderKey).toBe('Authorization');
	});

	test('Subscribe needs at least one event kind (an expression can give none)', async () => {
		const result = await runPortal(sandbox(), {
			...subscription('subscribe', []),
			eventKinds: '={{ [] }}',
		});
		expect(errorOf(result).message).toBe(
			'Invalid parameter: Event Kinds: choose at least one event kind',
		);
	});
});

test('subscribing before configuring the callback names the step to do first', async () => {
	const result = await runPortal(sandbox(), subscription('subscribe', ['CONTACTO']));
	expect(errorOf(result)).toEqual(
		expect.objectContaining({
			message: 'Configure the callback before subscribing to events',
			description: expect.stringContaining('Callback Configuration → Set'),
		}),
	);
});

test('a LEC subscription to ad events is accepted but flagged as never delivered to it', async () => {
	const credentials = { accessToken: TOKENS.lec, interfaceKind: 'LEC' };
	await runPortal(sandbox(), setConfiguration(), { credentials });
	const result = await runPortal(
		sandbox(),
		subscription('subscribe', ['CONTACTO', 'AVISO_CALIDAD']),
		{ credentials },
	);
	expect(jsonOf(result)).toEqual([
		{ eventKind: 'CONTACTO', subscribed: true, deliveredToThisInterface: true },
		{ eventKind: 'AVISO_CALIDAD', subscribed: true, deliveredToThisInterface: false },
	]);
});

describe('a plan without callback access', () => {
	const credentials = { accessToken: TOKENS.noCallbacks };

	test.each([
		['Get', getConfiguration],
		['Set', setConfiguration()],
		['Subscribe', subscription('subscribe', ['CONTACTO'])],
		['Unsubscribe', subscription('unsubscribe', ['CONTACTO'])],
	])('%s says the plan has no callback access, without retrying', async (_name, parameters) => {
		const result = await runPortal(sandbox(), parameters, { credentials });
		expect(errorOf(result)).toEqual(
			expect.objectContaining({
				message: 'Your portal plan has no callback access',
				description: expect.stringContaining("Contact the portal's integration support"),
			}),
		);
		expect(errorOf(result).description).not.toContain('Gave up');
	});
});
