/**
 * A callback configuration someone else saved, in a body language the node does not register
 * (EN2, EN_SF, empty, absent) or without a url: Callback Configuration → Get shows it, the trigger
 * activates over it and its deactivation gives it back, through n8n's engine.
 */
import { runPortal, jsonOf } from '../action/support';
import { GIVE_BACK, useTriggerSandbox } from '../trigger/support';
import { configurationServer, type ConfigurationServer } from './configurationServer';

const env = useTriggerSandbox();

const open: ConfigurationServer[] = [];
afterEach(async () => {
	await Promise.all(open.splice(0).map((server) => server.close()));
});

async function portalHolding(configuration: unknown): Promise<ConfigurationServer> {
	const server = await configurationServer(env.sandbox.url);
	server.configuration = configuration;
	open.push(server);
	return server;
}

/** Callback Configuration → Get on the action node. */
const shownBy = async (server: ConfigurationServer) =>
	await runPortal(
		env.sandbox,
		{ resource: 'callbackConfiguration', operation: 'get' },
		{ credentials: { baseUrl: server.url } },
	);

const CRM = {
	url: 'https://crm.example.invalid/portal-hook',
	authorizationHeaderKey: 'Authorization',
	authorizationHeaderValue: 'Bearer crm-secret-0001',
};

describe.each([
	['EN2', { ...CRM, lenguajeCallbackBody: 'EN2' }],
	['EN_SF', { ...CRM, lenguajeCallbackBody: 'EN_SF' }],
	['an empty language', { ...CRM, lenguajeCallbackBody: '' }],
	['no language', { ...CRM }],
	[
		'subscriptions beside the four fields',
		{ ...CRM, lenguajeCallbackBody: 'EN2', subscriptions: ['CONTACTO'] },
	],
])('a configuration saved with %s by someone else', (_what, saved) => {
	it('is shown by Callback Configuration → Get', async () => {
		const server = await portalHolding(saved);
		const result = await shownBy(server);
		expect(result.status).toBe('success');
		expect(jsonOf(result)).toEqual([
			expect.objectContaining({
				configured: true,
				url: CRM.url,
				bodyLanguage: 'lenguajeCallbackBody' in saved ? saved.lenguajeCallbackBody : null,
			}),
		]);
	});

	it('lets the trigger activate in Spanish, and is given back at deactivation (When Unpublished: Give Back)', async () => {
		const server = await portalHolding(saved);
		const receiver = await env.trigger({
			credentials: { baseUrl: server.url },
			parameters: GIVE_BACK,
		});

		await receiver.trigger.activate();
		expect(server.configuration).toMatchObject({
			url: receiver.url(),
			lenguajeCallbackBody: 'ES',
		});
		await receiver.trigger.deactivate();

		const { subscriptions: _left, ...published } = saved as Record<string, unknown>;
		expect(server.configuration).toEqual(published);
	});
});

describe.each([
	['a null url', { url: null, lenguajeCallbackBody: 'EN2' }],
	['no url', { authorizationHeaderKey: 'Authorization', lenguajeCallbackBody: '' }],
])('a configuration with %s', (_what, saved) => {
	it('is shown as not configured', async () => {
		const server = await portalHolding(saved);
		const result = await shownBy(server);
		expect(jsonOf(result)).toEqual([expect.objectContaining({ configured: false })]);
	});

	it('is read as nothing configured: activation and deactivation work, nothing is subscribed after', async () => {
		const server = await portalHolding(saved);
		const receiver = await env.trigger({
			credentials: { baseUrl: server.url },
			parameters: GIVE_BACK,
		});

		await receiver.trigger.activate();
		expect(server.subscriptions.size).toBeGreaterThan(0);
		await receiver.trigger.deactivate();

		expect(server.subscriptions.size).toBe(0);
		expect(server.puts).toHaveLength(1);
	});
});
