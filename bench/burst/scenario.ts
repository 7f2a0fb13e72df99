/**
 * How every lead-burst scenario ends: the portal done with its leads (each delivered or given up,
 * or a cut-off reached), the lead list polled over them (a side with the list path: one poll that
 * carried all of them, or a poll interval and a margin gone by), n8n's callback runs finished; then
 * the figures.
 */
import { setTimeout as sleep } from 'node:timers/promises';

import { detailsMissingReasons, scenarioFigures, type ScenarioFigures } from './figures';
import type { MadeLead } from './leads';
import { untilDeliveriesOver } from './portalView';
import { ListRuns, settledCallbackRuns, type ListRun } from './runs';
import type { SideStack } from './stack';
import { burstTimeline, type TimelineSecond } from './timeline';

/** The list is polled every minute for the run; n8n's minute cron fires at a random second. */
const LIST_WAIT_MS = 60_000 + 45_000;

export interface ScenarioResult {
	figures: ScenarioFigures;
	timeline: TimelineSecond[];
	detailsMissing: Record<string, number>;
}

async function untilListed(
	listRuns: ListRuns,
	leads: readonly MadeLead[],
	deadline: number,
): Promise<ListRun[]> {
	for (;;) {
		const runs = await listRuns.read();
		const carried = new Set(runs.flatMap((run) => run.carried));
		if (leads.every((lead) => carried.has(lead.email)) || Date.now() >= deadline) return runs;
		await sleep(2_000);
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
	const lists =
		stack.side.receiver === 'landing'
			? await untilListed(listRuns, leads, Date.now() + LIST_WAIT_MS)
			: [];
	const callbackRuns = await settledCallbackRuns(stack.owner, stack.workflowId, options.since);
	const rows = await stack.owner.api.dataTableRows(stack.tableId);
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
