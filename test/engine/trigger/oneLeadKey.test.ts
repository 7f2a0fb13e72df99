/**
 * One lead key whichever path brought a message: the callback trigger (the portal's delivery over
 * HTTP), the Poll Trigger and Lead → Get Many, all through n8n's engine against the emulator. A
 * table upserting on `leadKey` from the three gets one row per message.
 */
import type { IDataObject } from 'n8n-workflow';
import { jsonOf, runPortal } from '../action/support';
import { emitted, makeLead, pollWorkflow } from '../pollTrigger/support';
import { useTriggerSandbox } from './support';

const env = useTriggerSandbox();

/** A table upserting each lead on `key`: its rows by key. */
function upsertOn(key: string, ...sources: IDataObject[][]): Map<unknown, IDataObject> {
	const rows = new Map<unknown, IDataObject>();
	for (const lead of sources.flat()) rows.set(lead[key], { ...rows.get(lead[key]), ...lead });
	return rows;
}

it('the callback trigger, the Poll Trigger and Lead → Get Many write each message into one row', async () => {
	const receiver = await env.trigger();
	await receiver.trigger.activate();
	const poll = pollWorkflow(env.sandbox);
	await poll.activate();

	const messages = [
		await makeLead(env.sandbox, 'INMO-001', { tipoEvento: 'CONTACTO_MENSAJE' }),
		await makeLead(env.sandbox, 'INMO-002', { tipoEvento: 'CONTACTO_MENSAJE' }),
		await makeLead(env.sandbox, 'INMO-001', { tipoEvento: 'CONTACTO_MENSAJE' }),
	];
	const pushed = (await receiver.waitForReceived(messages.length)).flatMap((received) =>
		received.items.map((item) => item.json),
	);
	const polled = emitted(await poll.poll());
	const listed = jsonOf(
		await runPortal(env.sandbox, {
			resource: 'lead',
			operation: 'getAll',
			agencyScope: 'all',
			returnAll: true,
		}),
	).filter((lead) => messages.includes(lead.messageId as number));

	const keys = messages.map((id) => `message:${id}`);
	for (const path of [pushed, polled, listed]) {
		expect(path.map((lead) => lead.leadKey)).toEqual(keys);
	}
	const rows = upsertOn('leadKey', pushed, polled, listed);
	expect([...rows.keys()]).toEqual(keys);
	// Keyed on the event id instead, every message would take two rows (the callback's and the list's).
	expect(upsertOn('eventId', pushed, polled, listed).size).toBe(2 * messages.length);
});

it('a phone view has no message id: the callback and the list key it apart (docs/portal-api.md, "Lead key")', async () => {
	const receiver = await env.trigger();
	await receiver.trigger.activate();
	const poll = pollWorkflow(env.sandbox);
	await poll.activate();

	await makeLead(env.sandbox, 'INMO-001', { tipoEvento: 'CONTACTO' });
	const [received] = await receiver.waitForReceived(1);
	const [pushed] = received.items.map((item) => item.json);
	const [polled] = emitted(await poll.poll());

	expect(pushed.leadKey).toBe(`event:${String(pushed.eventId)}`);
	expect(polled.leadKey).toMatch(/^listed:\d+$/);
});
