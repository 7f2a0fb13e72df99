/**
 * Suite 3, lifecycle faults: the emulator fails each step of activation in turn (rollback must
 * leave the interface as before), n8n restarts while active (checkExists finds what changed and
 * create repairs it), and someone else changes the configuration while active (deactivation must
 * not overwrite it).
 */
jest.mock('n8n-workflow', () => jest.requireActual('./support/fastSleep').workflowWithFastSleep());

import { startSandbox, type Sandbox } from '../../sandbox';
import { digestMatches } from '../../nodes/RealEstatePortalTrigger/secrets';
import { failOnce } from '../engine/action/support';
import type { WebhookReceiver } from '../engine/harness';
import {
	CRM_CONFIGURATION,
	GIVE_BACK,
	callbackState,
	configureAsThirdParty,
	registrationOf,
	startTrigger,
} from '../engine/trigger/support';
import { FigureBoard } from './support/figures';
import { recordRequests, type LoggedRequest } from './support/requestLog';

jest.setTimeout(60_000);

const KINDS = ['CONTACTO', 'CONTACTO_MENSAJE', 'AVISO_ACTIVIDAD'];
const board = new FigureBoard('lifecycle faults (engine, hook contexts)');
let sandbox: Sandbox;
let requests: LoggedRequest[];
let receiver: WebhookReceiver | undefined;

beforeAll(async () => {
	sandbox = await startSandbox({ port: 0 });
	requests = recordRequests(sandbox);
});
afterAll(async () => {
	board.print();
	await sandbox.close();
});
beforeEach(() => {
	sandbox.reset();
	requests.length = 0;
});
afterEach(async () => {
	await receiver?.close();
	receiver = undefined;
});

async function trigger(parameters = {}): Promise<WebhookReceiver> {
	receiver = await startTrigger(sandbox, { parameters: { events: KINDS, ...parameters } });
	return receiver;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type Before = 'nothing configured' | 'a third party configured, CONTACTO subscribed';
const BEFORE: Before[] = ['nothing configured', 'a third party configured, CONTACTO subscribed'];

async function arrange(before: Before) {
	if (before !== 'nothing configured')
		await configureAsThirdParty(sandbox, CRM_CONFIGURATION, ['CONTACTO']);
}

/** The service requests one clean activation makes, in order. */
async function activationSteps(before: Before): Promise<LoggedRequest[]> {
	sandbox.reset();
	await arrange(before);
	requests.length = 0;
	const { trigger: workflow } = await trigger();
	await workflow.activate();
	const steps = [...requests];
	await receiver!.close();
	receiver = undefined;
	return steps;
}

describe.each(BEFORE)('activation failing at each step in turn, %s before', (before) => {
	test.each(['400', '503 on every attempt', 'connection reset'])(
		'fault %s: rolled back to exactly what was there',
		async (fault) => {
			const steps = await activationSteps(before);
			expect(steps.length).toBeGreaterThanOrEqual(2 + KINDS.length);
			const leftovers: string[] = [];
			for (const [index, step] of steps.entries()) {
				sandbox.reset();
				await arrange(before);
				const stateBefore = await callbackState(sandbox);
				const skip = steps
					.slice(0, index)
					.filter((s) => s.method === step.method && s.path === step.path).length;
				const path = `^${escape(step.path)}$`;
				if (fault === '400')
					await failOnce(sandbox, {
						method: step.method,
						path,
						skip,
						status: 400,
						body: { code: 'bad_request', message: 'injected' },
					});
				else if (fault === 'connection reset')
					await failOnce(sandbox, { method: step.method, path, skip, reset: true, times: 4 });
				else await failOnce(sandbox, { method: step.method, path, skip, status: 503, times: 4 });
				const { trigger: workflow } = await trigger();

				await expect(workflow.activate()).rejects.toThrow();

				const stateAfter = await callbackState(sandbox);
				expect(registrationOf(receiver!)).toBeUndefined();
				expect(workflow.active).toBe(false);
				if (before === 'nothing configured') {
					// The service cannot delete a configuration: it may stay, but nothing is subscribed to it.
					expect(stateAfter.subscriptions).toEqual(stateBefore.subscriptions);
					if (stateAfter.configuration !== null)
						expect(stateAfter.configuration.url).toBe(receiver!.url());
				} else {
					expect(stateAfter.configuration).toEqual(stateBefore.configuration);
					expect(stateAfter.subscriptions).toEqual(
						expect.arrayContaining(stateBefore.subscriptions),
					);
				}
				const extra = stateAfter.subscriptions.filter(
					(kind) => !stateBefore.subscriptions.includes(kind),
				);
				if (extra.length > 0)
					leftovers.push(`step ${index + 1} (${step.method} ${step.path}): ${extra.join(', ')}`);
				await receiver!.close();
				receiver = undefined;
			}
			board.add({
				scenario: `activation fails (${fault}) at each of ${steps.length} steps, ${before}`,
				inputs: steps.length,
				executions: steps.length,
				lost: 0,
				duplicated: 0,
				crashes: 0,
				notes:
					leftovers.length === 0
						? 'every step rolled back exactly'
						: `kinds left subscribed on the third party's configuration: ${leftovers.join('; ')}`,
			});
			if (before === 'nothing configured') expect(leftovers).toEqual([]);
		},
	);
});

describe('restart while active (a new hook context on the saved static data)', () => {
	test('nothing changed: checkExists answers true, and only subscribes its kinds again', async () => {
		const { trigger: workflow } = await trigger();
		await workflow.activate();
		const state = await callbackState(sandbox);
		requests.length = 0;

		await workflow.restart();

		// The portal cannot be asked for the subscriptions: they are put again (idempotent), so that
		// one lost while the configuration stayed is back.
		const writes = requests.filter((request) => request.method !== 'GET');
		expect(writes.every((request) => request.method === 'PUT')).toBe(true);
		expect(writes.map((request) => request.path).sort()).toEqual(
			state.subscriptions.map((kind) => `/v1/configuracion/callbacks/${kind}`).sort(),
		);
		expect(await callbackState(sandbox)).toEqual(state);
	});

	test.each([
		['the service lost the configuration', async () => sandbox.reset()],
		['someone pointed it elsewhere', async () => configureAsThirdParty(sandbox, CRM_CONFIGURATION)],
		[
			'the secret was changed at the service',
			async () =>
				configureAsThirdParty(sandbox, {
					...CRM_CONFIGURATION,
					url: receiver!.url(),
					authorizationHeaderKey: 'X-Portal-Webhook-Secret',
				}),
		],
	])('%s: the restart repairs the registration', async (_what, change) => {
		const { trigger: workflow } = await trigger();
		await workflow.activate();
		const registered = await callbackState(sandbox);
		await change();

		await workflow.restart();

		const repaired = await callbackState(sandbox);
		expect(repaired.configuration?.url).toBe(receiver!.url());
		expect(
			digestMatches(
				repaired.configuration!.authorizationHeaderValue!,
				registrationOf(receiver!)!.secretDigest,
			),
		).toBe(true);
		expect(repaired.subscriptions).toEqual(expect.arrayContaining(KINDS));
		expect(registered.configuration?.url).toBe(repaired.configuration?.url);
	});

	test('a restart while the service fails transiently still ends registered', async () => {
		const { trigger: workflow } = await trigger();
		await workflow.activate();
		sandbox.reset();
		await failOnce(sandbox, { path: '^/v1/configuracion/callbacks', status: 503, times: 2 });

		await workflow.restart();

		expect((await callbackState(sandbox)).configuration?.url).toBe(receiver!.url());
	});
});

describe('someone else changes the configuration while active', () => {
	test.each([
		['their own URL', { ...CRM_CONFIGURATION }],
		[
			'their URL and our header name',
			{ ...CRM_CONFIGURATION, authorizationHeaderKey: 'X-Portal-Webhook-Secret' },
		],
	])(
		'to %s: deactivation (giving back) leaves it alone, even through transient faults',
		async (_what, theirs) => {
			const { trigger: workflow } = await trigger(GIVE_BACK);
			await workflow.activate();
			await configureAsThirdParty(sandbox, theirs, ['CREDITO']);
			const stateBefore = await callbackState(sandbox);
			await failOnce(sandbox, {
				method: 'GET',
				path: '^/v1/configuracion/callbacks$',
				status: 503,
			});
			requests.length = 0;

			await workflow.deactivate();

			expect(await callbackState(sandbox)).toEqual(stateBefore);
			expect(requests.filter((request) => request.method !== 'GET')).toEqual([]);
			expect(registrationOf(receiver!)).toBeUndefined();
		},
	);
});
