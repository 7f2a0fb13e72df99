/**
 * One lead key whichever path brought a lead: the callback trigger (the portal's delivery over
 * HTTP, in every body language), the Poll Trigger and Lead → Get Many, all through n8n's engine
 * against the emulator. A table upserting on `leadKey` from the three gets one row per lead,
 * phone views and English messages (no message id in their bodies) included.
 */
import type { IDataObject } from 'n8n-workflow';
import { jsonOf, runPortal } from '../action/support';
import { emitted, makeLead, pollWorkflow } from '../pollTrigger/support';
import { bodiesAtThePortalIn, useTriggerSandbox } from './support';

const env = useTriggerSandbox();

/** A table upserting each lead on `key`: its rows by key. */
function upsertOn(key: string, ...sources: IDataObject[][]): Map<unknown, IDataObject> {
	const rows = new Map<unknown, IDataObject>();
	for (const lead of sources.flat()) rows.set(lead[key], { ...rows.get(lead[key]), ...lead });
	return rows;
}

/** A message and a phone view on INMO-001 and one on INMO-002, brought by all three paths. */
async function leadsByEveryPath(language: string) {
	const receiver = await env.trigger();
	await receiver.trigger.activate();
	await bodiesAtThePortalIn(env.sandbox, language);
	const poll = pollWorkflow(env.sandbox);
	await poll.activate();

	const made = [
		await makeLead(env.sandbox, 'INMO-001', { tipoEvento: 'CONTACTO_MENSAJE' }),
		await makeLead(env.sandbox, 'INMO-001', { tipoEvento: 'CONTACTO' }),
		await makeLead(env.sandbox, 'INMO-002', { tipoEvento: 'CONTACTO_MENSAJE' }),
	];
	const pushed = (await receiver.waitForReceived(made.length)).flatMap((received) =>
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
	);
	return { pushed, polled, listed };
}

const keysOf = (leads: IDataObject[]) => leads.map((lead) => lead.leadKey).sort();

it.each(['ES', 'PT', 'EN2'])(
	'bodies in %s: a message and a phone view have one key from the callback, the Poll Trigger and Lead → Get Many',
	async (language) => {
		const { pushed, polled, listed } = await leadsByEveryPath(language);
		expect(pushed).toHaveLength(3);
		expect(keysOf(pushed)).toEqual(keysOf(polled));
		expect(keysOf(pushed)).toEqual(keysOf(listed));
		for (const key of keysOf(pushed)) expect(key).toMatch(/^(view:[0-9a-f]{24}|message:\d+)$/);
		expect(upsertOn('leadKey', pushed, polled, listed).size).toBe(3);
		// Keyed on the event id instead, every lead would take two rows (the callback's and the list's).
		expect(upsertOn('eventId', pushed, polled, listed).size).toBe(6);
	},
);

it('English bodies hide a message’s id: the callback keys it by its event id, and both rows share matchKey', async () => {
	const { pushed, polled } = await leadsByEveryPath('EN');
	const messages = (leads: IDataObject[]) =>
		leads.filter((lead) => lead.eventType === 'CONTACTO_MENSAJE');
	for (const lead of messages(pushed)) expect(lead.leadKey).toMatch(/^event:/);
	for (const lead of messages(polled)) expect(lead.leadKey).toMatch(/^message:/);
	expect(
		messages(pushed)
			.map((lead) => lead.matchKey)
			.sort(),
	).toEqual(
		messages(polled)
			.map((lead) => lead.matchKey)
			.sort(),
	);
	// The phone view is one key from both.
	expect(upsertOn('leadKey', pushed, polled).size).toBe(5);
});

it('English SF bodies carry no ad and no instant: a message is keyed by its id, a phone view by its event id', async () => {
	const { pushed, polled } = await leadsByEveryPath('EN_SF');
	expect(pushed).toHaveLength(3);
	for (const key of keysOf(pushed)) expect(key).toMatch(/^(message|event):/);
	for (const lead of pushed) expect(lead.matchKey).toBeNull();
	// The messages are one row each; the phone view two, both kept.
	expect(upsertOn('leadKey', pushed, polled).size).toBe(4);
});
