/**
 * What the trigger keeps in the workflow's static data, which n8n shows to anyone who can read the
 * workflow: never the webhook secret, never the header value of the configuration it will give back.
 */
import type { IDataObject } from 'n8n-workflow';
import type { Sandbox } from '../../../sandbox';
import type { WebhookReceiver } from '../harness';
import {
	CRM_CONFIGURATION,
	GIVE_BACK,
	SECRET_HEADER,
	callbackState,
	configureAsThirdParty,
	logsDuring,
	portalSecret,
	post,
	registrationOf,
	useClientCredentials,
	useTriggerSandbox,
} from './support';

const LEADS = ['CONTACTO', 'CONTACTO_MENSAJE'];
const CRM_HEADER_VALUE = CRM_CONFIGURATION.authorizationHeaderValue!;

const env = useTriggerSandbox();
let sandbox: Sandbox;
beforeEach(() => {
	sandbox = env.sandbox;
});

function leadBody(idEvento = '6f1c7c1e-8a0a-4f7e-9a55-0d6c2f1d9b01') {
	return {
		idEvento,
		tipoEvento: 'CONTACTO_MENSAJE',
		idMensaje: 77,
		idTipoContacto: 1,
		referencia: 'AD-1',
		fechaRegistro: '2024-05-14T10:31:08.123-0300',
		nombre: 'Ana',
		email: 'ana@example.com',
		telefono: '1155550000',
		mensaje: 'Hola',
	};
}

const serialised = (receiver: WebhookReceiver) => JSON.stringify(receiver.trigger.staticData);

it('no secret in workflow static data', async () => {
	await configureAsThirdParty(sandbox, CRM_CONFIGURATION, ['CREDITO']);
	const receiver = await env.trigger({ parameters: GIVE_BACK });
	await receiver.trigger.activate();
	const secret = await portalSecret(sandbox);

	const answer = await post(receiver.url(), leadBody(), { secret });
	expect(answer.status).toBe(200);
	await receiver.trigger.restart();

	const stored = serialised(receiver);
	expect(stored).not.toContain(secret);
	expect(stored).not.toContain(CRM_HEADER_VALUE);
	expect(stored).not.toContain('crm-secret');
	expect(registrationOf(receiver)).toBeDefined();

	await receiver.trigger.deactivate();
	expect(await callbackState(sandbox)).toEqual({
		configuration: CRM_CONFIGURATION,
		subscriptions: ['CONTACTO', 'CONTACTO_MENSAJE', 'CREDITO'],
	});
});

describe('a registration made by the released version (secrets in plain text)', () => {
	const OLD_SECRET = 'c'.repeat(64);

	/** The portal and the static data as the released version left them after activation. */
	async function releasedRegistration(receiver: WebhookReceiver): Promise<void> {
		const url = receiver.url();
		await configureAsThirdParty(sandbox, CRM_CONFIGURATION, ['CREDITO']);
		await configureAsThirdParty(
			sandbox,
			{
				url,
				authorizationHeaderKey: SECRET_HEADER,
				authorizationHeaderValue: OLD_SECRET,
				lenguajeCallbackBody: 'ES',
			},
			LEADS,
		);
		const registration = {
			url,
			secret: OLD_SECRET,
			headerKey: SECRET_HEADER,
			language: 'ES',
			kinds: LEADS,
			registeredAt: '2026-01-01T00:00:00.000Z',
			previous: { configuration: CRM_CONFIGURATION, kinds: null },
		};
		receiver.trigger.loadSavedStaticData({
			[`node:${receiver.trigger.node.name}`]: {
				registrations: { [url]: registration },
			} as IDataObject,
		});
		receiver.trigger.active = true;
	}

	it('keeps receiving, is rewritten without plain text at restart, and gives the configuration back', async () => {
		const receiver = await env.trigger({ parameters: GIVE_BACK });
		await releasedRegistration(receiver);

		// Before any restart, the old record already verifies deliveries.
		expect((await post(receiver.url(), leadBody(), { secret: OLD_SECRET })).status).toBe(200);
		expect((await post(receiver.url(), leadBody('x'), { secret: 'd'.repeat(64) })).status).toBe(
			401,
		);

		await receiver.trigger.restart();

		// Recognised as ours: not registered again, the same secret at the portal.
		expect(await portalSecret(sandbox)).toBe(OLD_SECRET);
		const stored = serialised(receiver);
		expect(stored).not.toContain(OLD_SECRET);
		expect(stored).not.toContain(CRM_HEADER_VALUE);
		expect(
			(
				await post(receiver.url(), leadBody('7a2d1f00-0000-4000-8000-000000000002'), {
					secret: OLD_SECRET,
				})
			).status,
		).toBe(200);
		// A repeat of the delivery made before the rewrite is still a duplicate.
		const repeat = await post(receiver.url(), leadBody(), {
			secret: OLD_SECRET,
		});
		expect(repeat).toMatchObject({
			status: 200,
			json: { received: true, ignored: expect.stringMatching(/duplicate/) },
		});
		const executions = (await receiver.waitForReceived(4)).filter((one) => one.run !== undefined);
		expect(executions).toHaveLength(2);

		await receiver.trigger.deactivate();
		expect(await callbackState(sandbox)).toEqual({
			configuration: CRM_CONFIGURATION,
			subscriptions: ['CONTACTO', 'CONTACTO_MENSAJE', 'CREDITO'],
		});
	});

	it('is deactivated correctly without a restart in between', async () => {
		const receiver = await env.trigger({ parameters: GIVE_BACK });
		await releasedRegistration(receiver);

		await receiver.trigger.deactivate();

		expect((await callbackState(sandbox)).configuration).toEqual(CRM_CONFIGURATION);
	});
});

it('a credential changed since activation: deactivation says so, and leaves nothing delivered', async () => {
	await configureAsThirdParty(sandbox, CRM_CONFIGURATION, ['CREDITO']);
	const receiver = await env.trigger({ parameters: GIVE_BACK });
	await receiver.trigger.activate();
	const ourUrl = receiver.url();
	// The same interface, now through client credentials: another secret to derive the key from.
	useClientCredentials(receiver, sandbox);

	const { lines, error } = await logsDuring(() => receiver.trigger.deactivate());

	expect(error).toBeUndefined();
	expect(lines).toMatch(
		/error: Real Estate Portal Trigger: deactivation could not give the previous callback configuration back.*the credential has changed/,
	);
	expect(lines).not.toContain(CRM_HEADER_VALUE);
	const state = await callbackState(sandbox);
	expect(state.configuration?.url).toBe(ourUrl);
	expect(state.subscriptions).toEqual([]);
	expect(registrationOf(receiver)).toBeUndefined();
	expect((await post(ourUrl, leadBody(), { secret: 'x' })).status).not.toBe(200);
});
