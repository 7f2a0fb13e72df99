/**
 * A lost callback registration is found and put back (issue 36, defect 14), through n8n's engine
 * against the emulator.
 *
 * What n8n 2.41 calls at start: with its workflow publication service (on by default,
 * N8N_USE_WORKFLOW_PUBLICATION_SERVICE), none of the callback trigger's webhook methods: it
 * activates again only the published workflows' in-memory triggers, the Poll Trigger among them
 * (activation 'init'), whose first poll then puts the registration back (test/e2e/callbackRepair
 * shows it in a real n8n). With the service off, ActiveWorkflowManager.init activates every
 * published workflow with 'init': checkExists, then create when the registration is gone.
 * While n8n runs it calls neither: the Poll Trigger of the same workflow and credential, which
 * reads what the callback trigger recorded in the workflow's global static data, puts it back.
 *
 * The harness runs each trigger in a workflow of its own; the Poll Trigger's is built from the
 * static data the callback trigger's activation saved, as n8n builds the published workflow (both
 * triggers on one Workflow object, its static data loaded from the database and saved after the
 * webhooks are registered).
 */
import type { ICredentialDataDecryptedObject, IDataObject } from 'n8n-workflow';
import type { Sandbox } from '../../../sandbox';
import { captureLogs, type WebhookReceiver } from '../harness';
import {
	CRM_CONFIGURATION,
	callbackState,
	configureAsThirdParty,
	useTriggerSandbox,
} from '../trigger/support';
import { makeLead, pollWorkflow } from './support';

const env = useTriggerSandbox();
let sandbox: Sandbox;

const LEADS = ['CONTACTO', 'CONTACTO_MENSAJE'];
const REPAIRED = /the portal had lost the interface's callback configuration; put back/;

beforeEach(() => {
	sandbox = env.sandbox;
});

/**
 * What a portal that loses an interface's callback configuration leaves: nothing configured,
 * nothing subscribed. The emulator has no route for it (the specification has none): its state
 * is changed in place.
 */
function portalLosesCallback(s: Sandbox, interfaceId = 'demo-les') {
	const record = s.context.state.interfaceById(interfaceId);
	record.configuration = null;
	record.subscriptions.clear();
}

/** The callback trigger published; the Poll Trigger of its workflow, with what it saved. */
async function publishedPair(): Promise<{ receiver: WebhookReceiver; staticData: IDataObject }> {
	const receiver = await env.trigger();
	await receiver.trigger.activate();
	return { receiver, staticData: receiver.trigger.staticData };
}

/** The workflow's Poll Trigger; `workflowId` the same for two activations of one workflow. */
function pollOf(
	staticData: IDataObject,
	credentials?: ICredentialDataDecryptedObject,
	workflowId?: string,
) {
	return pollWorkflow(sandbox, {
		parameters: { agencyScope: 'one', agencyCode: 'INMO-001' },
		staticData,
		credentials,
		workflowId,
	});
}

const PUBLISH_AGAIN = /Publish the workflow again/;

describe('a lost callback registration: n8n starting', () => {
	it("n8n 2.41 (publication service): the Poll Trigger activated again ('init') puts back what the portal lost while n8n was stopped", async () => {
		const { staticData } = await publishedPair();
		const registered = await callbackState(sandbox);
		const poll = pollOf(staticData);
		await poll.activate();
		portalLosesCallback(sandbox);
		const { logs } = await captureLogs(async () => await poll.restart());
		expect(await callbackState(sandbox)).toEqual(registered);
		expect(logs.filter((line) => REPAIRED.test(line))).toHaveLength(1);
	});

	it("with the publication service off (ActiveWorkflowManager.init): checkExists at 'init', then create, puts it back", async () => {
		const { receiver } = await publishedPair();
		const registered = await callbackState(sandbox);
		portalLosesCallback(sandbox);
		await receiver.trigger.restart();
		expect(await callbackState(sandbox)).toEqual(registered);
	});

	it("with the publication service off: subscriptions lost while the configuration stayed come back at 'init' (checkExists)", async () => {
		const { receiver } = await publishedPair();
		const registered = await callbackState(sandbox);
		sandbox.context.state.interfaceById('demo-les').subscriptions.clear();
		await receiver.trigger.restart();
		expect(await callbackState(sandbox)).toEqual(registered);
	});
});

describe('a lost callback registration: n8n running, the Poll Trigger of the workflow', () => {
	it('puts the configuration and subscriptions back at its next poll, says so, and the next lead is delivered', async () => {
		const { receiver, staticData } = await publishedPair();
		const registered = await callbackState(sandbox);
		expect(registered.subscriptions).toEqual(LEADS);
		const poll = pollOf(staticData);
		await poll.activate();
		portalLosesCallback(sandbox);
		const missed = await makeLead(sandbox);

		const { logs, result } = await captureLogs(async () => await poll.poll());
		expect(result?.error).toBeUndefined();
		expect(result?.items?.map((lead) => Number(lead.eventId))).toEqual([missed]);
		expect(await callbackState(sandbox)).toEqual(registered);
		expect(logs.filter((line) => REPAIRED.test(line))).toHaveLength(1);
		expect(logs.join('\n')).toContain(registered.configuration!.url);
		expect(logs.join('\n')).not.toContain(registered.configuration!.authorizationHeaderValue!);

		await makeLead(sandbox);
		const [delivery] = await receiver.waitForReceived(1, 10_000);
		expect(delivery.status).toBe(200);
		expect(delivery.items).toHaveLength(1);

		// In place again: the next poll reads it and changes nothing.
		const again = await captureLogs(async () => await poll.poll());
		expect(again.logs.filter((line) => REPAIRED.test(line))).toEqual([]);
	});

	it('two polls at once (the first poll after a start and the scheduled one overlapping) put it back once', async () => {
		const { staticData } = await publishedPair();
		const registered = await callbackState(sandbox);
		const first = pollOf(staticData, undefined, 'published-pair');
		const second = pollOf(staticData, undefined, 'published-pair');
		await first.activate();
		await second.activate();
		portalLosesCallback(sandbox);
		const { logs } = await captureLogs(
			async () => await Promise.all([first.poll(), second.poll()]),
		);
		expect(await callbackState(sandbox)).toEqual(registered);
		expect(logs.filter((line) => REPAIRED.test(line))).toHaveLength(1);
	});

	it('leaves a configuration pointing elsewhere as it is, and names it in the log once', async () => {
		const { staticData } = await publishedPair();
		const poll = pollOf(staticData);
		await poll.activate();
		await configureAsThirdParty(sandbox, CRM_CONFIGURATION);
		const first = await captureLogs(async () => await poll.poll());
		const second = await captureLogs(async () => await poll.poll());
		expect((await callbackState(sandbox)).configuration).toEqual(CRM_CONFIGURATION);
		const named = (lines: string[]) => lines.filter((line) => line.includes(CRM_CONFIGURATION.url));
		expect(named(first.logs)).toHaveLength(1);
		expect(named(first.logs)[0]).toMatch(/left as it is/);
		expect(named(second.logs)).toEqual([]);
	});

	it('with the credential edited since publishing (token → client credentials), puts back nothing the trigger would refuse, and says once to publish again', async () => {
		const { staticData } = await publishedPair();
		const poll = pollOf(staticData, {
			authentication: 'clientCredentials',
			clientId: 'demo-les-client',
			clientSecret: 'demo-les-secret',
		});
		await poll.activate();
		portalLosesCallback(sandbox);
		const missed = await makeLead(sandbox);

		const first = await captureLogs(async () => await poll.poll());
		const second = await captureLogs(async () => await poll.poll());
		expect(await callbackState(sandbox)).toEqual({ configuration: null, subscriptions: [] });
		expect(first.result?.items?.map((lead) => Number(lead.eventId))).toEqual([missed]);
		expect(first.logs.filter((line) => PUBLISH_AGAIN.test(line))).toHaveLength(1);
		expect(first.logs.filter((line) => REPAIRED.test(line))).toEqual([]);
		expect(second.logs.filter((line) => PUBLISH_AGAIN.test(line))).toEqual([]);
		expect(first.logs.join('\n')).not.toContain('demo-les-secret');
	});

	it('never takes back a callback another workflow took over, even once the portal loses it', async () => {
		const { staticData } = await publishedPair();
		const poll = pollOf(staticData);
		await poll.activate();
		const other = await env.trigger({
			webhookId: 'another-workflows-trigger',
			parameters: { options: { takeOver: true } },
		});
		await other.trigger.activate();
		const taken = await callbackState(sandbox);
		expect(taken.configuration?.url).toBe(other.url());

		const seen = await captureLogs(async () => await poll.poll());
		expect(seen.logs.filter((line) => line.includes(other.url()))).toHaveLength(1);
		portalLosesCallback(sandbox);
		const after = await captureLogs(async () => await poll.poll());
		expect(await callbackState(sandbox)).toEqual({ configuration: null, subscriptions: [] });
		expect(after.logs.filter((line) => REPAIRED.test(line))).toEqual([]);
	});

	it('repairs nothing once the callback trigger is unpublished, nor in a workflow without one', async () => {
		const { receiver } = await publishedPair();
		await receiver.trigger.deactivate();
		const unpublished = receiver.trigger.staticData;
		expect(JSON.stringify(unpublished)).not.toContain('realEstatePortalCallbacks');
		for (const staticData of [unpublished, {}]) {
			portalLosesCallback(sandbox);
			const poll = pollOf(staticData);
			await poll.activate();
			await poll.poll();
			expect(await callbackState(sandbox)).toEqual({ configuration: null, subscriptions: [] });
		}
	});
});
