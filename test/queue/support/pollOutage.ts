/**
 * The Poll Trigger through an outage: its example published (into the Portal leads data table),
 * leads made while n8n runs, while it is stopped, and after it started again; then every poll
 * needed to catch up, and one more to show that nothing comes twice.
 *
 * Two measures. The table, as the user reads it: one row per lead (told by its message id),
 * whichever workflow wrote it. The callback Data table example writes into the same table on the same key
 * (docs/landing-leads.md): a row may hold the callback's columns (`eventId`) beside the list's
 * (`listId`), so a row counts as the Poll Trigger's when it has a `listId`, whoever else wrote it.
 * And the Poll Trigger on its own: the items of its executions, each lead once; where the example
 * sets Emit Again Within (a lead whose write failed lands on a later poll), a poll emits a lead
 * again by design: then each lead counts once, and the repeats are told in the notes.
 */
import { setTimeout as sleep } from 'node:timers/promises';

import {
	POLL_TRIGGER_TYPE,
	importLandingExample,
	leadsTableRows,
	nodeOutput,
	publishWorkflow,
	type PortalStack,
	type ProvisionedN8n,
	type SandboxClient,
	type StoredWorkflow,
} from '../../e2e/support';
import { whenDatabaseReady } from './destinations';
import { landed, type Landed, type LandingFigure } from './landed';

/** n8n polls "every minute", at the start of each minute. */
const POLL_CYCLE_MS = 60_000;

/** A message as the table and the Poll Trigger's items name it (both carry `messageId`). */
const messageKey = (idMensaje: unknown) => String(idMensaje);

let prospects = 0;

/**
 * `count` messages over `ads`, each by a prospect of its own: one prospect's messages on one ad
 * within a second are one lead.
 */
async function leadsOn(portal: SandboxClient, ads: number[], count: number): Promise<number[]> {
	const made: number[] = [];
	for (let i = 0; i < count; i++) {
		const email = `outage.prospect.${++prospects}@example.com`;
		const lead = await portal.lead(ads[i % ads.length], { tipoEvento: 'CONTACTO_MENSAJE', email });
		made.push(lead.idMensaje);
	}
	return made;
}

/**
 * The data table's rows that count: those of the `expected` leads whoever wrote them, and every
 * row the Poll Trigger wrote (one of another lead is unexpected). Rows the callback trigger wrote
 * for other leads (the exactly-once storm's) are not this scenario's.
 */
async function tableRows(owner: ProvisionedN8n, expected: Set<string>) {
	const rows = await whenDatabaseReady(() => leadsTableRows(owner));
	return rows.filter((row) => expected.has(messageKey(row.messageId)) || written(row.listId));
}

/** A column a path wrote: a data table gives a column nobody wrote as null. */
const written = (value: unknown) => value !== null && value !== undefined && value !== '';

const keysOf = (rows: Array<Record<string, unknown>>) =>
	rows.map((row) => messageKey(row.messageId));

/**
 * The lead keys of every item the workflow's Poll Trigger emitted, over all its polls: each once
 * where the trigger emits leads again by design (Emit Again Within), with how many items that was.
 */
async function emittedKeys(owner: ProvisionedN8n, workflow: StoredWorkflow) {
	const node = workflow.nodes.find((one) => one.type === POLL_TRIGGER_TYPE);
	const trigger = String(node?.name);
	const options = (node?.parameters as { options?: { emitAgainWithinMinutes?: number } })?.options;
	const emitsAgain = Number(options?.emitAgainWithinMinutes ?? 0) > 0;
	const executions = await whenDatabaseReady(() => owner.api.everyExecution(workflow.id));
	const polls = executions.filter((execution) => execution.mode === 'trigger');
	const items = polls.flatMap((execution) =>
		nodeOutput(execution, trigger).map((item) => messageKey(item.messageId)),
	);
	return {
		polls: polls.length,
		items: items.length,
		keys: emitsAgain ? [...new Set(items)] : items,
	};
}

export interface PollOutageFigure extends LandingFigure {
	/** The Poll Trigger's own items against the leads made: each once, none other. */
	emitted: Landed;
}

export async function pollThroughOutage(
	stack: PortalStack,
	leadsPerPhase: number,
): Promise<PollOutageFigure> {
	const { owner, portal } = stack;
	const ads = [
		...(await portal.ads('INMO-001')).map((ad) => ad.idAvisoPlat),
		...(await portal.ads('INMO-002')).map((ad) => ad.idAvisoPlat),
	];
	const poll = await importLandingExample(owner, 'pollLeadsToDataTable', stack.credential);
	const publication = await publishWorkflow(owner, poll.id);
	if (publication.status !== 'published') throw new Error(`the Poll Trigger was not published`);

	const made = await leadsOn(portal, ads, leadsPerPhase);
	// One poll emits the first leads; then n8n is stopped and leads are made while it is down.
	await sleep(POLL_CYCLE_MS + 10_000);
	await stack.restartN8n(async () => {
		made.push(...(await leadsOn(portal, ads, leadsPerPhase)));
	});
	made.push(...(await leadsOn(portal, ads, leadsPerPhase)));

	const expected = made.map(messageKey);
	const wanted = new Set(expected);
	const allLanded = async () => {
		const keys = new Set(keysOf(await tableRows(owner, wanted)));
		return expected.every((key) => keys.has(key));
	};
	const deadline = Date.now() + 4 * POLL_CYCLE_MS;
	while (!(await allLanded()) && Date.now() < deadline) await sleep(5_000);
	await sleep(POLL_CYCLE_MS + 5_000);
	const emitted = await emittedKeys(owner, poll);
	const ofThem = landed(expected, emitted.keys);
	const rows = await tableRows(owner, wanted);
	const byCallback = rows.filter((row) => written(row.eventId)).length;
	return {
		scenario: `${leadsPerPhase} leads before, ${leadsPerPhase} while n8n is stopped, ${leadsPerPhase} after it started again`,
		destination: 'Data table (Poll Trigger, every minute, keyed on leadKey)',
		leads: made.length,
		deliveries: 0,
		executions: await whenDatabaseReady(() => owner.api.countExecutions(poll.id)),
		...landed(expected, keysOf(rows)),
		notes: `the Poll Trigger emitted ${emitted.items} items (${emitted.keys.length} leads) in ${emitted.polls} polls: ${ofThem.missing} leads never, ${ofThem.duplicateRows} twice; ${byCallback} rows also written by the callback trigger`,
		emitted: ofThem,
	};
}
