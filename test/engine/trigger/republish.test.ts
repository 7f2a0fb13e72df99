/**
 * Unpublishing, publishing again, a published edit (n8n's delete, then checkExists/create) and two
 * triggers on one credential: what the portal is left with, and whether any lead is lost.
 * The sandbox retries a failed delivery with the header of its first attempt.
 */
import type { Sandbox } from '../../../sandbox';
import type { ReceivedWebhook, WebhookReceiver } from '../harness';
import {
	CRM_CONFIGURATION,
	GIVE_BACK,
	SECRET_HEADER,
	admin,
	callbackState,
	configureAsThirdParty,
	interfaceState,
	useClientCredentials,
	useTriggerSandbox,
	type TriggerSetup,
} from './support';

const env = useTriggerSandbox();
let sandbox: Sandbox;

beforeEach(() => {
	sandbox = env.sandbox;
});

/** A phone-view lead on an online ad of INMO-001 that demo-les is associated to: its event id. */
async function lead(): Promise<string> {
	const { associations } = await interfaceState(sandbox, 'demo-les');
	const online = (await admin(sandbox, 'GET', '/__sandbox/agencies/INMO-001/ads?online=true'))
		.json as Array<{ idAvisoPlat: number }>;
	const ad = associations.find((a) => online.some((one) => one.idAvisoPlat === a.idAvisoPlat))!;
	const answer = await admin(sandbox, 'POST', `/__sandbox/ads/${ad.idAvisoPlat}/leads`, {
		tipoEvento: 'CONTACTO',
	});
	expect(answer.status).toBe(200);
	const [event] = (answer.json as { events: Array<{ idEvento: string }> }).events;
	return event.idEvento;
}

const emittedIds = (received: ReceivedWebhook[]) =>
	received.flatMap((r) => r.items.map((item) => String(item.json.eventId)));

async function deliveriesOf(eventId: string) {
	return (await admin(sandbox, 'GET', `/__sandbox/deliveries?idEvento=${eventId}`)).json as Array<{
		status: number | null;
		headers: Record<string, string>;
	}>;
}

/** Waits until the sandbox made an attempt of this event that got no 2xx (n8n answered 404). */
async function firstAttemptFailed(eventId: string): Promise<void> {
	for (let tries = 0; tries < 100; tries++) {
		if ((await deliveriesOf(eventId)).some((d) => d.status !== 200)) return;
		await new Promise((resolve) => setTimeout(resolve, 10));
	}
	throw new Error(`No failed attempt of ${eventId}`);
}

/** Another workflow's trigger: its own webhook id, so its own URL. */
const OTHER_WORKFLOW = { webhookId: '5a1d2c3b-0000-4000-8000-00000000000b' };

async function published(setup: TriggerSetup = {}): Promise<WebhookReceiver> {
	const receiver = await env.trigger(setup);
	await receiver.trigger.activate();
	return receiver;
}

describe('unpublishing and publishing again', () => {
	it('loses no lead made meanwhile: the portal retries it with its first header, and it verifies', async () => {
		const receiver = await published();
		const before = await lead();
		await receiver.waitForReceived(1);
		const registered = await callbackState(sandbox);

		await receiver.trigger.deactivate();
		expect(await callbackState(sandbox)).toEqual(registered);
		const meanwhile = await lead();
		await firstAttemptFailed(meanwhile);
		await receiver.trigger.activate();

		await receiver.waitForReceived(2);
		expect(emittedIds(receiver.received)).toEqual([before, meanwhile]);
		expect((await deliveriesOf(meanwhile)).map((d) => d.status)).not.toContain(401);
		expect(await callbackState(sandbox)).toEqual(registered);
	});

	it('a published edit of the trigger (delete, then checkExists and create) opens no gap at the portal', async () => {
		const receiver = await published();
		const registered = await callbackState(sandbox);

		await receiver.trigger.deactivate();
		expect(await callbackState(sandbox)).toEqual(registered);
		await receiver.trigger.activate('update');

		expect(await callbackState(sandbox)).toEqual(registered);
	});

	it('registers the same secret again for the same credential and URL, after another configuration replaced it', async () => {
		const receiver = await published();
		const first = (await callbackState(sandbox)).configuration!.authorizationHeaderValue;
		await receiver.trigger.deactivate();
		await configureAsThirdParty(sandbox, CRM_CONFIGURATION);

		await receiver.trigger.activate();

		expect((await callbackState(sandbox)).configuration!.authorizationHeaderValue).toBe(first);
	});
	it('a secret that changes at the same URL (the credential was replaced) still verifies the retries that carry the old one', async () => {
		const receiver = await published();
		await receiver.trigger.deactivate();
		const meanwhile = await lead();
		await firstAttemptFailed(meanwhile);
		// While unpublished, another integration set its configuration, and the credential changed.
		await configureAsThirdParty(sandbox, CRM_CONFIGURATION);
		useClientCredentials(receiver, sandbox);
		const retriedWith = (await deliveriesOf(meanwhile))[0].headers[SECRET_HEADER.toLowerCase()];

		await receiver.trigger.activate();

		expect((await callbackState(sandbox)).configuration?.authorizationHeaderValue).not.toBe(
			retriedWith,
		);
		await receiver.waitForReceived(1);
		expect(emittedIds(receiver.received)).toEqual([meanwhile]);
		expect((await deliveriesOf(meanwhile)).map((d) => d.status)).not.toContain(401);
	});
});

describe('two triggers on one credential', () => {
	it("refuses the second at activation, names the first one's URL, and changes nothing", async () => {
		await configureAsThirdParty(sandbox, CRM_CONFIGURATION, ['CONTACTO']);
		const first = await published();
		const held = await callbackState(sandbox);
		const second = await env.trigger(OTHER_WORKFLOW);

		await expect(second.trigger.activate()).rejects.toThrow(
			`Another Real Estate Portal Trigger receives this interface's events: the callback points at ${first.url()}`,
		);
		expect(await callbackState(sandbox)).toEqual(held);
	});

	it('taken over, then both unpublished out of order: the callback is never pointed back at the first, unpublished, URL', async () => {
		await configureAsThirdParty(sandbox, CRM_CONFIGURATION, ['CONTACTO']);
		const first = await published({ parameters: GIVE_BACK });
		const second = await published({
			...OTHER_WORKFLOW,
			parameters: { options: { whenUnpublished: 'giveBack', takeOver: true } },
		});

		await first.trigger.deactivate();
		await second.trigger.deactivate();

		const state = await callbackState(sandbox);
		expect(state.configuration?.url).not.toBe(first.url());
		expect(state.configuration?.url).toBe(second.url());
	});
});
