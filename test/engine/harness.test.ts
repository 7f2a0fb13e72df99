import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NodeApiError } from 'n8n-workflow';
import type {
	IDataObject,
	IHookFunctions,
	IHttpRequestMethods,
	IWebhookFunctions,
	IWebhookResponseData,
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IExecuteFunctions,
	IHttpRequestHelper,
	ILoadOptionsFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IAuthenticateGeneric,
	JsonObject,
} from 'n8n-workflow';

import {
	CredentialStore,
	captureLogs,
	loadOptions,
	receiveWebhook,
	runNode,
	secretExposures,
	testCredential,
	type RunNodeOptions,
	type WebhookReceiver,
} from './harness';

// ---------------------------------------------------------------------------------------------
// A tiny service on loopback: a client-credentials login and a few token-protected routes.
// ---------------------------------------------------------------------------------------------

interface SeenRequest {
	method: string;
	url: URL;
	headers: IncomingMessage['headers'];
}

class TinyService {
	readonly seen: SeenRequest[] = [];

	logins = 0;

	/** The callback URL registered at the service (by the trigger's create()). */
	hookUrl: string | undefined;

	hookRegistrations = 0;

	private session = 'session-1';

	private server?: Server;

	baseUrl = '';

	async start() {
		this.server = createServer((req, res) => this.handle(req, res));
		await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
		this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
	}

	async close() {
		await new Promise<void>((resolve) => this.server!.close(() => resolve()));
	}

	/** The service forgets the session: the next request with it gets 401. */
	expireSession() {
		this.session = `session-${this.logins + 1}`;
	}

	private handle(req: IncomingMessage, res: ServerResponse) {
		const url = new URL(req.url ?? '/', this.baseUrl);
		this.seen.push({ method: req.method ?? '', url, headers: req.headers });
		const send = (status: number, body: unknown) => {
			res.writeHead(status, { 'content-type': 'application/json' });
			res.end(JSON.stringify(body));
		};
		if (url.pathname === '/login' && req.method === 'POST') {
			if (url.searchParams.get('client_secret') !== 'client-secret') {
				return send(401, { code: 'invalid_client' });
			}
			this.logins += 1;
			this.session = `session-${this.logins}`;
			return send(200, { token: this.session });
		}
		const token = url.searchParams.get('access_token');
		if (token !== 'secret-token' && token !== this.session) {
			return send(401, { code: 'invalid_token', message: 'Unknown token' });
		}
		if (url.pathname === '/echo') return send(200, { item: Number(url.searchParams.get('item')) });
		if (url.pathname === '/fail') return send(500, { code: 'boom', message: 'Server failed' });
		if (url.pathname === '/colours') return send(200, [{ id: 'r', name: 'Red' }]);
		if (url.pathname === '/me') return send(200, { ok: true });
		if (url.pathname === '/hook' && req.method === 'GET')
			return send(200, { url: this.hookUrl ?? null });
		if (url.pathname === '/hook' && req.method === 'PUT') {
			this.hookRegistrations += 1;
			this.hookUrl = url.searchParams.get('url') ?? undefined;
			return send(200, { ok: true });
		}
		if (url.pathname === '/hook' && req.method === 'DELETE') {
			this.hookUrl = undefined;
			return send(200, { ok: true });
		}
		return send(404, { code: 'not_found' });
	}
}

// ---------------------------------------------------------------------------------------------
// A tiny credential type: a fixed token, or a client id/secret exchanged for a session token.
// ---------------------------------------------------------------------------------------------

class TinyApi implements ICredentialType {
	name = 'tinyApi';

	displayName = 'Tiny API';

	properties: ICredentialType['properties'] = [
		{ displayName: 'Base URL', name: 'baseUrl', type: 'string', default: '' },
		{
			displayName: 'Authentication',
			name: 'authentication',
			type: 'options',
			options: [
				{ name: 'Token', value: 'token' },
				{ name: 'Client Credentials', value: 'login' },
			],
			default: 'token',
		},
		{
			displayName: 'Token',
			name: 'accessToken',
			type: 'string',
			typeOptions: { password: true },
			default: '',
		},
		{ displayName: 'Client Secret', name: 'clientSecret', type: 'string', default: '' },
		{
			displayName: 'Session Token',
			name: 'sessionToken',
			type: 'hidden',
			typeOptions: { expirable: true, password: true },
			default: '',
		},
	];

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			qs: {
				access_token:
					'={{$credentials.authentication === "login" ? $credentials.sessionToken : $credentials.accessToken}}',
			},
		},
	};

	test: ICredentialTestRequest = {
		request: { baseURL: '={{$credentials.baseUrl}}', url: '/me' },
		rules: [{ type: 'responseCode', properties: { value: 401, message: 'The token was refused' } }],
	};

	async preAuthentication(this: IHttpRequestHelper, credentials: ICredentialDataDecryptedObject) {
		if (credentials.authentication !== 'login') return {};
		const { token } = (await this.helpers.httpRequest({
			method: 'POST',
			url: `${credentials.baseUrl as string}/login`,
			qs: { client_secret: credentials.clientSecret },
			json: true,
		})) as { token: string };
		return { sessionToken: token };
	}
}

const tinyApi = new TinyApi();

// ---------------------------------------------------------------------------------------------
// A tiny node: one authenticated GET per item, continueOnFail-aware, plus a loadOptions method.
// ---------------------------------------------------------------------------------------------

class TinyNode implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Tiny',
		name: 'tiny',
		group: ['transform'],
		version: 1,
		description: 'Calls the tiny service',
		defaults: { name: 'Tiny' },
		inputs: ['main'],
		outputs: ['main'],
		credentials: [{ name: 'tinyApi', required: true }],
		properties: [{ displayName: 'Path', name: 'path', type: 'string', default: '/echo' }],
	};

	methods = {
		loadOptions: {
			async getColours(this: ILoadOptionsFunctions) {
				const { baseUrl } = await this.getCredentials('tinyApi');
				const colours = (await this.helpers.httpRequestWithAuthentication.call(this, 'tinyApi', {
					url: `${baseUrl as string}/colours`,
					json: true,
				})) as Array<{ id: string; name: string }>;
				return colours.map(({ id, name }) => ({ name, value: id }));
			},
		},
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const { baseUrl } = await this.getCredentials('tinyApi');
		const output: INodeExecutionData[] = [];
		for (const [index, item] of this.getInputData().entries()) {
			const path = item.json.fail === true ? '/fail' : this.getNodeParameter('path', index);
			try {
				const body = (await this.helpers.httpRequestWithAuthentication.call(this, 'tinyApi', {
					url: `${baseUrl as string}${path as string}`,
					qs: { item: index },
					json: true,
				})) as JsonObject;
				this.logger.info(`tiny: item ${index} done`);
				output.push({ json: body, pairedItem: { item: index } });
			} catch (error) {
				if (!this.continueOnFail())
					throw new NodeApiError(this.getNode(), error as JsonObject, { itemIndex: index });
				output.push({ json: { error: (error as Error).message }, pairedItem: { item: index } });
			}
		}
		return [output];
	}
}

// ---------------------------------------------------------------------------------------------

const service = new TinyService();
beforeAll(async () => await service.start());
afterAll(async () => await service.close());
beforeEach(() => {
	service.seen.length = 0;
});

const tokenCredentials = () => ({
	tinyApi: { baseUrl: service.baseUrl, authentication: 'token', accessToken: 'secret-token' },
});

/** The tiny node with the fixed-token credential, the engine defaults and `options` on top. */
const runTiny = async (options: Partial<RunNodeOptions> = {}) =>
	await runNode({
		nodeType: TinyNode,
		parameters: {},
		credentials: tokenCredentials(),
		credentialTypes: [tinyApi],
		...options,
	});

describe('runNode', () => {
	it('runs the node in the engine: every input item gives an output item paired to it', async () => {
		const result = await runTiny({ input: [{ n: 0 }, { n: 1 }, { n: 2 }] });

		expect(result.status).toBe('success');
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(result.items.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
		]);
		expect(result.logs).toContain('info: tiny: item 1 done');
	});

	it('applies the default parameter values of the node type', async () => {
		await runTiny({ nodeType: new TinyNode() });

		expect(service.seen.map(({ url }) => url.pathname)).toEqual(['/echo']);
	});

	it('with continueOnFail, a failing item becomes an error item and the others go on', async () => {
		const result = await runTiny({ input: [{}, { fail: true }, {}], continueOnFail: true });

		expect(result.status).toBe('success');
		expect(result.items).toHaveLength(3);
		expect(result.items[0].json).toEqual({ item: 0 });
		expect(result.items[1].json).toEqual({
			error: 'The service was not able to process your request',
		});
		expect(result.items[2].json).toEqual({ item: 2 });
	});

	it('without continueOnFail, the run fails with the node error', async () => {
		const result = await runTiny({ input: [{}, { fail: true }, {}] });

		expect(result.status).toBe('error');
		expect(result.error).toMatchObject({
			name: 'NodeApiError',
			httpCode: '500',
			description: 'Server failed',
		});
		expect(result.items).toEqual([]);
		expect(service.seen).toHaveLength(2);
		expect(secretExposures(result, 'secret-token')).toEqual([]);
	});

	it("applies the credential's generic authenticate: the token goes in the query string", async () => {
		await runTiny();

		const [request] = service.seen;
		expect(request.url.searchParams.get('access_token')).toBe('secret-token');
		expect(JSON.stringify(request.headers)).not.toContain('secret-token');
	});
});

describe('pre-authentication', () => {
	const loginCredentials = () => ({
		tinyApi: { baseUrl: service.baseUrl, authentication: 'login', clientSecret: 'client-secret' },
	});

	it('logs in once, saves the session token and reuses it for every item and the next run', async () => {
		const store = new CredentialStore([tinyApi], loginCredentials());
		const loginsBefore = service.logins;

		const first = await runTiny({ credentials: store, input: [{}, {}, {}] });
		const second = await runTiny({ credentials: store });

		expect(first.status).toBe('success');
		expect(second.status).toBe('success');
		expect(service.logins - loginsBefore).toBe(1);
		expect(store.updates).toHaveLength(1);
		expect(store.data('tinyApi')?.sessionToken).toBe(`session-${service.logins}`);
		const tokensSent = service.seen
			.filter(({ url }) => url.pathname === '/echo')
			.map(({ url }) => url.searchParams.get('access_token'));
		expect(tokensSent).toEqual(Array(4).fill(`session-${service.logins}`));
	});

	it('logs in again after a 401 and retries the request with the new token', async () => {
		const store = new CredentialStore([tinyApi], loginCredentials());
		await runTiny({ credentials: store });
		const loginsBefore = service.logins;
		service.expireSession();

		const result = await runTiny({ credentials: store });

		expect(result.status).toBe('success');
		expect(service.logins - loginsBefore).toBe(1);
		expect(store.data('tinyApi')?.sessionToken).toBe(`session-${service.logins}`);
	});
});

describe('secretExposures', () => {
	it('names every place a secret shows up, without printing it', async () => {
		const result = await runTiny();
		const traces = { ...result, logs: ['debug: GET /echo?access_token=secret-token'] };

		expect(secretExposures(result, 'secret-token')).toEqual([]);
		expect(secretExposures(traces, 'secret-token')).toEqual([
			'log line 0: debug: GET /echo?access_token=***',
		]);
		expect(secretExposures({ error: new Error('bad secret-token') }, 'secret-token')).toEqual([
			'error.message',
			'error.stack',
		]);
	});
});

describe('loadOptions', () => {
	it("calls the node's loadOptions method with its credentials, over HTTP", async () => {
		const options = await loadOptions({
			nodeType: TinyNode,
			method: 'getColours',
			credentials: tokenCredentials(),
			credentialTypes: [tinyApi],
		});

		expect(options).toEqual([{ name: 'Red', value: 'r' }]);
		expect(service.seen[0].url.searchParams.get('access_token')).toBe('secret-token');
	});
});

describe('testCredential', () => {
	it('answers OK when the test request succeeds with the authentication applied', async () => {
		const result = await testCredential(tinyApi, tokenCredentials().tinyApi);

		expect(result).toMatchObject({ status: 'OK', message: 'Connection successful!' });
		expect(service.seen[0].url.pathname).toBe('/me');
	});

	it("answers with the rule's message when the service refuses the token", async () => {
		const result = await testCredential(tinyApi, {
			...tokenCredentials().tinyApi,
			accessToken: 'wrong',
		});

		expect(result).toMatchObject({ status: 'Error', message: 'The token was refused' });
	});

	it('always runs pre-authentication during a test, even with a saved session token', async () => {
		const loginsBefore = service.logins;

		const result = await testCredential(tinyApi, {
			baseUrl: service.baseUrl,
			authentication: 'login',
			clientSecret: 'client-secret',
			sessionToken: 'stale-session',
		});

		expect(result.status).toBe('OK');
		expect(service.logins - loginsBefore).toBe(1);
		expect(result.credentials.data('tinyApi')?.sessionToken).toBe(`session-${service.logins}`);
	});
});

// ---------------------------------------------------------------------------------------------
// A tiny trigger: registers its webhook URL at the service, checks a secret header on delivery.
// ---------------------------------------------------------------------------------------------

async function tinyRequest(
	context: IHookFunctions,
	method: IHttpRequestMethods,
	qs: IDataObject = {},
) {
	const { baseUrl } = await context.getCredentials('tinyApi');
	return (await context.helpers.httpRequestWithAuthentication.call(context, 'tinyApi', {
		method,
		url: `${baseUrl as string}/hook`,
		qs,
		json: true,
	})) as { url?: string | null };
}

class TinyTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Tiny Trigger',
		name: 'tinyTrigger',
		group: ['trigger'],
		version: 1,
		description: 'Receives tiny events',
		defaults: { name: 'Tiny Trigger' },
		inputs: [],
		outputs: ['main'],
		credentials: [{ name: 'tinyApi', required: true }],
		webhooks: [{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'events' }],
		properties: [{ displayName: 'Secret', name: 'secret', type: 'string', default: 'let-me-in' }],
	};

	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions) {
				const { url } = await tinyRequest(this, 'GET');
				return url === this.getNodeWebhookUrl('default');
			},
			async create(this: IHookFunctions) {
				const url = this.getNodeWebhookUrl('default')!;
				await tinyRequest(this, 'PUT', { url });
				this.getWorkflowStaticData('node').registeredUrl = url;
				return true;
			},
			async delete(this: IHookFunctions) {
				await tinyRequest(this, 'DELETE');
				delete this.getWorkflowStaticData('node').registeredUrl;
				return true;
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		if (this.getHeaderData()['x-secret'] !== this.getNodeParameter('secret')) {
			this.getResponseObject().status(401).json({ message: 'Wrong secret' });
			return { noWebhookResponse: true };
		}
		const body = this.getBodyData();
		if (body.kind === 'ping') return { webhookResponse: 'pong' };
		return { workflowData: [this.helpers.returnJsonArray([body])] };
	}
}

const deliver = async (url: string, body: string, secret = 'let-me-in') => {
	const response = await fetch(url, {
		method: 'POST',
		headers: { 'content-type': 'application/json', 'x-secret': secret },
		body,
	});
	return { status: response.status, body: await response.text() };
};

describe('receiveWebhook', () => {
	let receiver: WebhookReceiver;

	beforeEach(async () => {
		service.hookUrl = undefined;
		service.hookRegistrations = 0;
		receiver = await receiveWebhook({
			nodeType: TinyTrigger,
			parameters: {},
			credentials: tokenCredentials(),
			credentialTypes: [tinyApi],
		});
	});
	afterEach(async () => await receiver.close());

	it('activation registers the URL it serves; a delivery comes out of the trigger in an execution', async () => {
		await receiver.trigger.activate();
		expect(service.hookUrl).toBe(receiver.url('production'));
		expect(receiver.trigger.nodeStaticData).toEqual({ registeredUrl: receiver.url('production') });

		const answer = await deliver(service.hookUrl!, '{"kind":"lead","id":7}');
		const [received] = await receiver.waitForReceived(1);

		// As n8n 2.41.1 answers a webhook description without responseData: its default's name.
		expect(answer).toEqual({ status: 200, body: 'firstEntryJson' });
		expect(received.items.map((item) => item.json)).toEqual([{ kind: 'lead', id: 7 }]);
		expect(received.run?.status).toBe('success');
		const output = received.run?.data.resultData.runData['Tiny Trigger'][0].data?.main[0];
		expect(output?.map((item) => item.json)).toEqual([{ kind: 'lead', id: 7 }]);
	});

	it("honours the node's own answer and its webhookResponse, and starts no execution then", async () => {
		await receiver.trigger.activate();

		const refused = await deliver(receiver.url(), '{"kind":"lead"}', 'wrong');
		const ping = await deliver(receiver.url(), '{"kind":"ping"}');
		await receiver.waitForReceived(2);

		expect(refused).toEqual({ status: 401, body: '{"message":"Wrong secret"}' });
		expect(ping).toEqual({ status: 200, body: 'pong' });
		expect(receiver.received.map(({ items, run }) => ({ items, run }))).toEqual([
			{ items: [], run: undefined },
			{ items: [], run: undefined },
		]);
	});

	it('answers 422 to a malformed JSON body before the node runs, like n8n', async () => {
		await receiver.trigger.activate();

		const answer = await deliver(receiver.url(), '{"kind":');
		const [received] = await receiver.waitForReceived(1);

		expect(answer.status).toBe(422);
		expect(JSON.parse(answer.body)).toMatchObject({ message: 'Failed to parse request body' });
		expect(received).toMatchObject({ status: 422, items: [] });
		expect(received.run).toBeUndefined();
	});

	it('an activation that fails is rolled back by a delete, and its error comes out', async () => {
		const credentials = new CredentialStore([tinyApi], {
			tinyApi: { ...tokenCredentials().tinyApi, accessToken: 'wrong' },
		});
		const failing = await receiveWebhook({ nodeType: TinyTrigger, parameters: {}, credentials });

		const { error, logs } = await captureLogs(async () => await failing.trigger.activate());
		await failing.close();

		expect(error).toMatchObject({ httpCode: '401' });
		expect(failing.trigger.active).toBe(false);
		// checkExists got 401 (n8n-core re-sends a request once after a 401), then n8n's rollback
		// called delete, refused the same way.
		expect(service.seen.map(({ method }) => method)).toEqual(['GET', 'GET', 'DELETE', 'DELETE']);
		expect(secretExposures({ logs, error }, 'wrong')).toEqual([]);
	});

	it('restart finds the registration (checkExists) and does not create it again; deactivation removes it', async () => {
		await receiver.trigger.activate();
		await receiver.trigger.restart();
		expect(service.hookRegistrations).toBe(1);

		await receiver.trigger.deactivate();

		expect(service.hookUrl).toBeUndefined();
		expect(receiver.trigger.nodeStaticData).toEqual({});
		expect((await deliver(receiver.url(), '{}')).status).toBe(404);
	});

	it('"Listen for test event" registers the test URL for one event, then n8n deregisters it', async () => {
		await receiver.trigger.listenForTestEvent();
		expect(service.hookUrl).toBe(receiver.url('test'));

		await deliver(receiver.url('test'), '{"kind":"lead"}');
		const [received] = await receiver.waitForReceived(1);

		expect(received.mode).toBe('test');
		expect(received.items).toHaveLength(1);
		expect(service.hookUrl).toBeUndefined();
		expect(receiver.trigger.listeningForTestEvent).toBe(false);
		expect(receiver.trigger.nodeStaticData).toEqual({});
	});
});
