/**
 * The trigger's registration at the service through n8n-core's HookContext (activate, restart,
 * deactivate, "Listen for test event"), checked after each step in the sandbox's own state.
 */
import type { Sandbox } from '../../../sandbox';
import { digestMatches } from '../../../nodes/RealEstatePortalTrigger/secrets';
import { failOnce, injectedFaults } from '../action/support';
import { portalProxy } from '../action/portalProxy';
import type { WebhookReceiver } from '../harness';
import {
	CRM_CONFIGURATION,
	GIVE_BACK,
	SECRET_HEADER,
	admin,
	callbackState,
	configureAsThirdParty,
	interfaceState,
	logsDuring,
	registrationOf,
	useTriggerSandbox,
	type TriggerSetup,
} from './support';

const LEADS = ['CONTACTO', 'CONTACTO_MENSAJE'];

async function associationsOf(interfaceId: string) {
	return (await interfaceState(sandbox, interfaceId)).associations;
}

const env = useTriggerSandbox();
let sandbox: Sandbox;
let receiver: WebhookReceiver | undefined;

beforeEach(() => {
	sandbox = env.sandbox;
});

async function trigger(setup: TriggerSetup = {}): Promise<WebhookReceiver> {
	receiver = await env.trigger(setup);
	return receiver;
}

describe('activation', () => {
	it('points the configuration at the production URL with a fresh secret and subscribes the chosen kinds', async () => {
		const { trigger: workflow } = await trigger({ parameters: { bodyLanguage: 'PT' } });
		const url = receiver!.url('production');
		await workflow.activate();

		const state = await callbackState(sandbox);
		expect(state.configuration).toEqual({
			url,
			authorizationHeaderKey: SECRET_HEADER,
			authorizationHeaderValue: expect.stringMatching(/^[0-9a-f]{64}$/),
			lenguajeCallbackBody: 'PT',
		});
		expect(state.subscriptions).toEqual(LEADS);
		const own = registrationOf(receiver!)!;
		expect(own).toMatchObject({ kinds: LEADS, previous: { configuration: null, kinds: [] } });
		expect(digestMatches(state.configuration!.authorizationHeaderValue!, own.secretDigest)).toBe(
			true,
		);
	});

	it('a restart with nothing changed keeps the registration (checkExists), secret included', async () => {
		const { trigger: workflow } = await trigger();
		await workflow.activate();
		const before = await callbackState(sandbox);

		await workflow.restart();

		expect(await callbackState(sandbox)).toEqual(before);
	});

	it('a restart repairs a configuration someone else changed, and keeps theirs to give back', async () => {
		const { trigger: workflow } = await trigger({ parameters: GIVE_BACK });
		await workflow.activate();
		await configureAsThirdParty(sandbox, CRM_CONFIGURATION);

		await workflow.restart();

		expect((await callbackState(sandbox)).configuration).toMatchObject({
			url: receiver!.url('production'),
		});
		await workflow.deactivate();
		expect((await callbackState(sandbox)).configuration).toEqual(CRM_CONFIGURATION);
	});

	it('a changed secret at the service is repaired too', async () => {
		const { trigger: workflow } = await trigger();
		await workflow.activate();
		const registered = (await callbackState(sandbox)).configuration!;
		await configureAsThirdParty(sandbox, { ...registered, authorizationHeaderValue: 'guessed' });

		await workflow.restart();

		const repaired = (await callbackState(sandbox)).configuration!;
		expect(
			digestMatches(repaired.authorizationHeaderValue!, registrationOf(receiver!)!.secretDigest),
		).toBe(true);
		expect(repaired.authorizationHeaderValue).not.toBe('guessed');
		// Repairing our own registration must not record it as "what was there before".
		expect(registrationOf(receiver!)!.previous).toEqual({ configuration: null, kinds: [] });
	});

	it.each(['LES', 'LEC'])(
		'a read-only (LEC) token with ad or credit kinds is refused the same way with Interface Kind %s, and asking the portal changed nothing',
		async (interfaceKind) => {
			const associationsBefore = await associationsOf('demo-lec');
			const { trigger: workflow } = await trigger({
				parameters: { events: ['CONTACTO', 'AVISO_CALIDAD', 'CREDITO'] },
				credentials: { accessToken: 'demo-lec-token', interfaceKind },
			});

			const refusal = (await workflow.activate().catch((error: unknown) => error)) as {
				message: string;
				description: string;
			};

			expect(refusal.message).toBe(
				'This access token belongs to a read-only (LEC) interface, which receives only lead events (CONTACTO, CONTACTO_MENSAJE)',
			);
			expect(refusal.description).toContain('Remove AVISO_CALIDAD, CREDITO from Event Kinds');
			expect(refusal.description.includes('Interface Kind says LES')).toBe(interfaceKind === 'LES');
			expect(await callbackState(sandbox, 'demo-lec')).toEqual({
				configuration: null,
				subscriptions: [],
			});
			expect(await associationsOf('demo-lec')).toEqual(associationsBefore);
			expect(associationsBefore.length).toBeGreaterThan(0);
			expect(workflow.active).toBe(false);
		},
	);

	it('a read-write (LES) token with ad kinds registers; the portal was asked by associating one of its ads again to the code it has', async () => {
		const associationsBefore = await associationsOf('demo-les');
		const proxy = await portalProxy(sandbox.url, { holdMs: 0 });
		try {
			const { trigger: workflow } = await trigger({
				parameters: { events: ['CONTACTO', 'AVISO_ACTIVIDAD'] },
				credentials: { baseUrl: proxy.url },
			});

			await workflow.activate();

			expect((await callbackState(sandbox)).subscriptions).toEqual(['AVISO_ACTIVIDAD', 'CONTACTO']);
			const asked = proxy.requests.filter((url) => url.pathname.includes('/asociar/'));
			expect(asked).toHaveLength(1);
			const [, adCode, adId] = /\/avisos\/([^/]+)\/asociar\/(\d+)$/.exec(asked[0].pathname)!;
			expect(associationsBefore).toContainEqual({ idAvisoPlat: Number(adId), codigoAviso: adCode });
			expect(await associationsOf('demo-les')).toEqual(associationsBefore);
		} finally {
			await proxy.close();
		}
	});

	it('a read-only (LEC) credential whose token the portal cannot judge (no ad associated to it) is refused on its word', async () => {
		for (const { idAvisoPlat } of await associationsOf('demo-lec')) {
			await admin(sandbox, 'DELETE', `/__sandbox/interfaces/demo-lec/associations/${idAvisoPlat}`);
		}
		const { trigger: workflow } = await trigger({
			parameters: { events: ['AVISO_ESTADO_PUBLICACION'] },
			credentials: { accessToken: 'demo-lec-token', interfaceKind: 'LEC' },
		});

		await expect(workflow.activate()).rejects.toThrow(
			"The credential's Interface Kind is read-only (LEC), and a read-only interface receives only lead events",
		);
	});

	it('lead kinds alone ask the portal nothing about the interface kind', async () => {
		await failOnce(sandbox, { method: 'PUT', path: '/asociar/', status: 500 });
		const { trigger: workflow } = await trigger({
			credentials: { accessToken: 'demo-lec-token', interfaceKind: 'LES' },
		});

		await workflow.activate();

		expect(await injectedFaults(sandbox)).toBe(0);
	});

	it('a read-only (LEC) credential with lead kinds only registers', async () => {
		const { trigger: workflow } = await trigger({
			credentials: { accessToken: 'demo-lec-token', interfaceKind: 'LEC' },
		});
		await workflow.activate();
		expect((await callbackState(sandbox, 'demo-lec')).subscriptions).toEqual(LEADS);
	});

	it('a plan without callback access fails with the reason, not a bare 500', async () => {
		const { trigger: workflow } = await trigger({
			credentials: { accessToken: 'nocallbacks-les-token' },
		});
		await expect(workflow.activate()).rejects.toThrow(/no callback access/);
	});
});

describe('a failure half-way', () => {
	const threeKinds = { events: ['CONTACTO', 'CONTACTO_MENSAJE', 'AVISO_ACTIVIDAD'] };
	// The third subscription fails on every attempt (the transport repeats a 500 on idempotent calls).
	const thirdSubscriptionFails = () =>
		failOnce(sandbox, {
			method: 'PUT',
			path: 'callbacks/AVISO_ACTIVIDAD$',
			status: 500,
			times: 10,
		});

	it('rolls back to the previous configuration and reports one clear error', async () => {
		await configureAsThirdParty(sandbox, CRM_CONFIGURATION, ['CONTACTO']);
		const { trigger: workflow } = await trigger({ parameters: threeKinds });
		await thirdSubscriptionFails();

		const { lines, error } = await logsDuring(() => workflow.activate());
		const failure = error as (Error & { description?: string }) | undefined;

		expect(lines).toMatch(
			/error: Real Estate Portal Trigger: activation failed while subscribing to AVISO_ACTIVIDAD/,
		);
		expect(failure?.message).toMatch(/^Activation failed while subscribing to AVISO_ACTIVIDAD: /);
		expect(failure?.description).toMatch(
			/Try again later\..*previous callback configuration is in place/,
		);
		const state = await callbackState(sandbox);
		expect(state.configuration).toEqual(CRM_CONFIGURATION);
		// Their CONTACTO stays: their subscriptions are unknown, so none is taken away.
		expect(state.subscriptions).toContain('CONTACTO');
		expect(registrationOf(receiver!)).toBeUndefined();
	});

	it('with nothing configured before, unsubscribes what it subscribed', async () => {
		const { trigger: workflow } = await trigger({ parameters: threeKinds });
		await thirdSubscriptionFails();

		const { error } = await logsDuring(() => workflow.activate());

		expect(error?.message).toMatch(/subscribing to AVISO_ACTIVIDAD/);
		expect((error as Error & { description?: string }).description).toMatch(
			/no event kind is subscribed/,
		);

		// The service has no way to delete a configuration: without subscriptions nothing is sent.
		expect((await callbackState(sandbox)).subscriptions).toEqual([]);
		expect(registrationOf(receiver!)).toBeUndefined();
	});
});

describe('deactivation with When Unpublished → Give Back the Previous Callback', () => {
	it('without a previous configuration, unsubscribes every kind it subscribed', async () => {
		const { trigger: workflow } = await trigger({
			parameters: { ...GIVE_BACK, events: ['CONTACTO', 'CREDITO'] },
		});
		await workflow.activate();

		await workflow.deactivate();

		expect((await callbackState(sandbox)).subscriptions).toEqual([]);
		expect(registrationOf(receiver!)).toBeUndefined();
	});

	it('with a previous configuration, gives it back exactly, its subscriptions included', async () => {
		await configureAsThirdParty(sandbox, CRM_CONFIGURATION, ['CONTACTO']);
		const { trigger: workflow } = await trigger({ parameters: GIVE_BACK });
		await workflow.activate();
		expect((await callbackState(sandbox)).configuration?.url).toBe(receiver!.url('production'));

		await workflow.deactivate();

		const state = await callbackState(sandbox);
		expect(state.configuration).toEqual(CRM_CONFIGURATION);
		expect(state.subscriptions).toContain('CONTACTO');
	});

	it('leaves a configuration someone set since alone: theirs, with their subscriptions', async () => {
		const { trigger: workflow } = await trigger({ parameters: GIVE_BACK });
		await workflow.activate();
		await configureAsThirdParty(sandbox, CRM_CONFIGURATION, ['CREDITO']);

		await workflow.deactivate();

		expect(await callbackState(sandbox)).toEqual({
			configuration: CRM_CONFIGURATION,
			subscriptions: ['CONTACTO', 'CONTACTO_MENSAJE', 'CREDITO'],
		});
		expect(registrationOf(receiver!)).toBeUndefined();
	});

	it('reports a failure instead of swallowing it, and keeps the registration to retry', async () => {
		await configureAsThirdParty(sandbox, CRM_CONFIGURATION);
		const { trigger: workflow } = await trigger({ parameters: GIVE_BACK });
		await workflow.activate();
		await failOnce(sandbox, {
			method: 'PUT',
			path: 'callbacks$',
			status: 400,
			body: { code: 'bad_request', message: 'refused' },
		});

		const { lines, error } = await logsDuring(() => workflow.deactivate());

		expect(error?.message).toMatch(
			/^Deactivation could not finish: restoring the previous configuration/,
		);
		expect(lines).toMatch(/error: Real Estate Portal Trigger: Deactivation could not finish/);

		expect(registrationOf(receiver!)).toBeDefined();
		await workflow.activate();
		await workflow.deactivate();
		expect((await callbackState(sandbox)).configuration).toEqual(CRM_CONFIGURATION);
	});
});

describe('"Listen for test event"', () => {
	it('registers the test URL, and afterwards gives the active production registration its configuration back', async () => {
		const { trigger: workflow } = await trigger();
		await workflow.activate();
		const production = await callbackState(sandbox);

		await workflow.listenForTestEvent();
		const listening = (await callbackState(sandbox)).configuration!;
		expect(listening.url).toBe(receiver!.url('test'));
		expect(listening.authorizationHeaderValue).not.toBe(
			production.configuration!.authorizationHeaderValue,
		);

		await workflow.stopListeningForTestEvent();

		expect(await callbackState(sandbox)).toEqual(production);
		expect(registrationOf(receiver!)).toBeDefined();
	});

	it('without a production registration, cleans up after itself', async () => {
		const { trigger: workflow } = await trigger({ parameters: { events: ['CONTACTO'] } });

		await workflow.listenForTestEvent();
		expect((await callbackState(sandbox)).subscriptions).toEqual(['CONTACTO']);
		await workflow.stopListeningForTestEvent();

		expect((await callbackState(sandbox)).subscriptions).toEqual([]);
	});

	it('over a third-party configuration, gives theirs back', async () => {
		await configureAsThirdParty(sandbox, CRM_CONFIGURATION, ['CONTACTO']);
		const { trigger: workflow } = await trigger();

		await workflow.listenForTestEvent();
		await workflow.stopListeningForTestEvent();

		expect((await callbackState(sandbox)).configuration).toEqual(CRM_CONFIGURATION);
	});
});
