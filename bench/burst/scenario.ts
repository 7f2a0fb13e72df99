/**
 * How every lead-burst scenario ends: the portal done with its leads (each delivered or given up,
 * or a cut-off reached), the lead list polled over them (a side with the list path: one poll that
 * carried all of them, or a poll interval and a margin gone by), the rows completed with their
 * property details (or the list interval plus two minutes gone by), n8n's callback runs finished;
 * then the figures.
 */
import { setTimeout as sleep } from 'node:timers/promises';

import { scenarioFigures, withoutDetails, type ScenarioFigures } from './figures';
import type { MadeLead } from './leads';
import { untilDeliveriesOver } from './portalView';
import { ListRuns, settledCallbackRuns } from './runs';
import type { SideStack } from './stack';
import { burstTimeline, type TimelineSecond } from './timeline';

/** The list is polled every minute for the run; n8n's minute cron fires at a random second. */
const LIST_WAIT_MS = 60_000 + 45_000;
/**
 * How long after the poll that carried every lead a row may still lack its details: the list
 * interval plus two minutes, the time the list's next polls have to complete it.
 */
const DETAILS_WAIT_MS = 60_000 + 120_000;

export interface ScenarioResult {
	figures: ScenarioFigures;
	timeline: TimelineSecond[];
}

/** Reads every `everyMs` until `done` holds for what was read, or `deadline`: the last read. */
async function readUntil<T>(
	read: () => Promise<T>,
	done: (value: T) => boolean,
	deadline: number,
	everyMs: number,
): Promise<T> {
	for (;;) {
		const value = await read();
		if (done(value) || Date.now() >= deadline) return value;
		await sleep(everyMs);
	}
}

export async function endOfScenario(
	stack: SideStack,
	listRuns: ListRuns,
	leads: readonly MadeLead[],
	options: { since: number; deliveriesDeadline: number },
): Promise<ScenarioResult> {
	const { attempts, stillRetrying } = await untilDeliveriesOver(
		stack.sandbox,
		leads,
		options.deliveriesDeadline,
	);
	const emails = new Set(leads.map((lead) => lead.email));
	const landing = stack.side.receiver === 'landing';
	// A poll of the list carried every lead.
	if (landing)
		await readUntil(
			() => listRuns.read(),
			(runs) => {
				const carried = new Set(runs.flatMap((run) => run.carried));
				return [...emails].every((email) => carried.has(email));
			},
			Date.now() + LIST_WAIT_MS,
			2_000,
		);
	// No landing row of the leads lacks its details.
	const rows = await readUntil(
		() => stack.owner.api.dataTableRows(stack.tableId),
		(all) => !landing || !all.some((row) => emails.has(String(row.email)) && withoutDetails(row)),
		Date.now() + DETAILS_WAIT_MS,
		5_000,
	);
	const lists = landing ? await listRuns.read() : [];
	const callbackRuns = await settledCallbackRuns(stack.owner, stack.workflowId, options.since);
	const started = Math.min(...leads.map((lead) => lead.madeAt));
	return {
		figures: scenarioFigures({
			leads,
			attempts,
			stillRetrying,
			callbackRuns,
			listRuns: lists,
			rows,
			landing,
		}),
		timeline: burstTimeline(attempts, started),
	};
}
