/**
 * Respond "When Last Node Finishes" (nodes/RealEstatePortalTrigger/admission.ts): a repeat of a lead
 * still running, and a lead beyond the user's Max Leads In Flight, are answered 503 with Retry-After
 * instead of being started; a lead that succeeded is answered 200 on any later delivery without
 * running again (after the portal hung up, or behind a proxy that hid the hang-up). The workflow is held open (`workflowTail`) so that leads stay
 * in flight while the test sends more.
 */
import { setTimeout as sleep } from 'node:timers/promises';

import type { WebhookReceiver } from '../harness';
import {
	SECRET_HEADER,
	leadBody,
	portalSecret,
	useTriggerSandbox,
	type TriggerSetup,
} from './support';

const env = useTriggerSandbox();

/**
 * A gate the workflow's last step waits at: `entered` counts executions held, `open()` lets them
 * finish. The first `passing` executions are not held: they take 150 ms, as a quick destination.
 */
function gate(passing = 0) {
	let open!: () => void;
	const opened = new Promise<void>((resolve) => (open = resolve));
	const waiting: Array<() => void> = [];
	let passed = 0;
	let entered = 0;
	return {
		tail: async () => {
			if (passed < passing) {
				passed++;
				await sleep(150);
				return;
			}
			entered++;
			for (const wake of waiting.splice(0)) wake();
			await opened;
		},
		/** Resolves once `count` executions wait at the gate. */
		until: (count: number) =>
			new Promise<void>((resolve) => {
				const check = () => (entered >= count ? resolve() : waiting.push(check));
				check();
			}),
		open,
	};
}

async function activeTrigger(setup: TriggerSetup): Promise<WebhookReceiver> {
	const receiver = await env.trigger(setup);
	await receiver.trigger.activate();
	return receiver;
}

/**
 * Respond "When Last Node Finishes" (and these options), the workflow held open until `held.open()`
 * (but for the first `passing` executions).
 */
async function heldTrigger(options: Record<string, unknown> = {}, passing = 0) {
	const held = gate(passing);
	const r = await activeTrigger({
		parameters: { responseMode: 'lastNode', options },
		workflowTail: held.tail,
	});
	return { held, r };
}

/** One delivery as the portal makes it: status, Retry-After and body of the answer. */
async function deliver(url: string, idEvento: string, signal?: AbortSignal) {
	const response = await fetch(url, {
		signal,
		method: 'POST',
		headers: {
			'content-type': 'application/json',
			[SECRET_HEADER]: await portalSecret(env.sandbox),
		},
		body: JSON.stringify(leadBody(idEvento)),
	});
	return {
		status: response.status,
		retryAfter: response.headers.get('retry-after'),
		/** The trigger's "this lead is done" (LEAD_DONE_HEADER), which the door keeps. */
		saysDone: response.headers.get('x-portal-lead-done') === '1',
		body: await response.text(),
	};
}

const executionsOf = (receiver: WebhookReceiver) =>
	receiver.received.filter((one) => one.run !== undefined).length;

const LEAD = 'e5f1d7c2-2222-4aaa-8bbb-000000000001';

describe('Respond "When Last Node Finishes"', () => {
	it('answers a repeat of a lead still running at once with 503 and runs it only once', async () => {
		const { held, r } = await heldTrigger();

		const first = deliver(r.url(), LEAD);
		await held.until(1);
		// The first delivery is still running (the gate is shut): the repeat is answered anyway.
		const repeat = await deliver(r.url(), LEAD);
		held.open();

		expect(repeat.status).toBe(503);
		expect(Number(repeat.retryAfter)).toBeGreaterThanOrEqual(1);
		expect(JSON.parse(repeat.body)).toMatchObject({
			message: `Event ${LEAD} is still being processed; send it again later`,
		});
		expect(repeat.saysDone).toBe(false);
		const succeeded = await first;
		expect([succeeded.status, succeeded.saysDone]).toEqual([200, true]);
		await r.waitForReceived(2);
		expect(executionsOf(r)).toBe(1);

		// Once it succeeded, a repeat is answered 200 and not run again.
		const late = await deliver(r.url(), LEAD);
		expect([late.status, late.saysDone]).toEqual([200, true]);
		expect(JSON.parse(late.body)).toMatchObject({ received: true });
		await r.waitForReceived(3);
		expect(executionsOf(r)).toBe(1);
	});

	it('answers the repeat of a lead that succeeded after the portal hung up with 200, without running it again', async () => {
		const { held, r } = await heldTrigger();
		const portalGivesUp = new AbortController();

		const first = deliver(r.url(), LEAD, portalGivesUp.signal).catch((error: Error) => error);
		await held.until(1);
		portalGivesUp.abort();
		await first;
		// Time for n8n's server to see the connection closed before the workflow finishes.
		await sleep(500);
		held.open();
		await r.waitForReceived(1);
		const repeat = await deliver(r.url(), LEAD);

		expect(repeat.status).toBe(200);
		expect(JSON.parse(repeat.body)).toMatchObject({ received: true });
		await r.waitForReceived(2);
		expect(executionsOf(r)).toBe(1);
	});

	it('leaves a lead running alone to finish, however long it takes', async () => {
		const { held, r } = await heldTrigger();

		const first = deliver(r.url(), LEAD);
		await held.until(1);
		await sleep(1_300);
		held.open();

		expect((await first).status).toBe(200);
	});

	it('answers leads beyond Max Leads In Flight with 503, says so in the log, takes them later', async () => {
		const { held, r } = await heldTrigger({ maxLeadsInFlight: 2 });
		const ids = [1, 2, 3].map((n) => `e5f1d7c2-3333-4aaa-8bbb-00000000000${n}`);

		const running = ids.slice(0, 2).map((id) => deliver(r.url(), id));
		await held.until(2);
		const third = await deliver(r.url(), ids[2]);
		held.open();

		expect(third.status).toBe(503);
		expect(Number(third.retryAfter)).toBeGreaterThanOrEqual(1);
		expect((await Promise.all(running)).map((answer) => answer.status)).toEqual([200, 200]);
		const deferred = (await r.waitForReceived(3)).find((one) => one.status === 503)!;
		expect(deferred.run).toBeUndefined();
		expect(deferred.logs.join('\n')).toMatch(
			/answered 1 lead\(s\) beyond Max Leads In Flight \(2\) with 503 and Retry-After/,
		);

		// The portal's retry, once there is room: it runs.
		expect((await deliver(r.url(), ids[2])).status).toBe(200);
		expect(executionsOf(r)).toBe(3);
	});

	it('has no cap of its own: load is held at the door (Max Leads In Flight left at 0)', async () => {
		const { held, r } = await heldTrigger();
		const ids = Array.from({ length: 12 }, (_, n) => `e5f1d7c2-4444-4aaa-8bbb-0000000000${10 + n}`);

		const running = ids.map((id) => deliver(r.url(), id));
		await held.until(ids.length);
		held.open();

		expect((await Promise.all(running)).map((answer) => answer.status)).toEqual(ids.map(() => 200));
	});
});

describe('Respond "Immediately"', () => {
	it('keeps answering every lead at once, however many run', async () => {
		const r = await activeTrigger({ parameters: { responseMode: 'onReceived' } });
		const ids = Array.from({ length: 8 }, (_, n) => `e5f1d7c2-5555-4aaa-8bbb-00000000000${n}`);

		const answers = await Promise.all(ids.map((id) => deliver(r.url(), id)));

		expect(answers.map((answer) => [answer.status, answer.saysDone])).toEqual(
			ids.map(() => [200, true]),
		);
	});
});
