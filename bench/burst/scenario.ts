/**
 * How every lead-burst scenario ends: the portal done with its leads (each delivered or given up,
 * or a cut-off reached), the lead list polled over them (a side with the list path: one poll that
 * carried all of them, or a poll interval and a margin gone by), the rows completed with their
 * property details (or the list interval plus two minutes gone by), n8n's callback runs finished;
 * then the figures.
 */
import { setTimeout as sleep } from 'node:timers/promises';

import {
	detailsMissingReasons,
	scenarioFigures,
	withoutDetails,
	type ScenarioFigures,
} from './figures';
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
	detailsMissing: Record<string, number>;
}

/** Until one of the list's polls carried every lead, or `deadline`. */
async function untilListed(
	listRuns: ListRuns,
	leads: readonly MadeLead[],
	deadline: number,
): Promise<void> {
	for (;;) {
		const runs = await listRuns.read();
		const carried = new Set(runs.flatMap((run) => run.carried));
		if (leads.every((lead) => carried.has(lead.email)) || Date.now() >= deadline) return;
		await sleep(2_000);
	}
}

/** The table's rows once none of the leads' rows lacks its details, or at `deadline`. */
async function untilDetailed(
	stack: SideStack,
	leads: readonly MadeLead[],
	deadline: number,
): Promise<Array<Record<string, unknown>>> {
	const emails = new Set(leads.map((lead) => lead.email));
	for (;;) {
		const rows = await stack.owner.api.dataTableRows(stack.tableId);
		const lacking = rows.filter((row) => emails.has(String(row.email)) && withoutDetails(row));
		if (lacking.length === 0 || Date.now() >= deadline) return rows;
		await sleep(5_000);
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
	const landing = stack.side.receiver === 'landing';
	if (landing) await untilListed(listRuns, leads, Date.now() + LIST_WAIT_MS);
	const rows = await untilDetailed(stack, leads, Date.now() + DETAILS_WAIT_MS);
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
		}),
		timeline: burstTimeline(attempts, started),
		detailsMissing: detailsMissingReasons(leads, rows),
	};
}
