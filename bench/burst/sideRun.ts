/**
 * One side's round of the lead-burst run, on its own fresh stack: the bursts, then the restart
 * backlog (n8n SIGKILLed during a stream of leads, a third of them made while it is down, started
 * again while the rest are made). Leads one at a time run side by side beforehand (single.ts).
 */
import type { N8nInstall } from '../../harness/n8n';
import { burstOf, streamOf, type LeadMaker, type MadeLead } from './leads';
import { ListRuns, type ListRun } from './runs';
import { endOfScenario, type ScenarioResult } from './scenario';
import { longestDeliveryMs, type PortalSchedule } from './schedules';
import type { SideDefinition } from './sides';
import { startSideStack, type SideStack } from './stack';

export interface SidePlan {
	side: SideDefinition;
	schedule: PortalSchedule;
	/** 1 for the first round of the run's sides, 2 for the second (their order rotated), … */
	round: number;
	bursts: number[];
	/** The restart backlog's leads (0: none). */
	restart: number;
	/** Longest a scenario waits for the portal to be done with its leads; default its whole schedule. */
	cutOffMs?: number;
}

export interface ScenarioOutcome extends ScenarioResult {
	/** e.g. `burst 50`, `restart 150`, `demo burst 50`. */
	scenario: string;
	/**
	 * Restart: n8n killed → ready again, ready again → every lead one row, and the lead list's first
	 * run after the kill (n8n's poll at activation): when it began after n8n was ready, how long it
	 * ran, how many of the scenario's leads it carried and how many rows it made (the rest it found
	 * written by the callback). NaN: no list run (a side without the list path).
	 */
	restart?: {
		'n8n down s': number;
		'backlog drain s': number;
		'list at start: began s': number;
		'list at start: ran s': number;
		'list at start: carried': number;
		'list at start: rows made': number;
	};
}

export interface SideOutcome {
	plan: SidePlan;
	scenarios: ScenarioOutcome[];
	/** Why the side stopped early, if it did. */
	error?: string;
}

/** ` (round 2)` when `outcomes` ran several rounds, else ''. */
export function roundLabel(outcomes: SideOutcome[], outcome: SideOutcome): string {
	const several = outcomes.some((other) => other.plan.round > 1);
	return several ? ` (round ${outcome.plan.round})` : '';
}

/** Rates of the restart backlog's stream: before the kill, while n8n is down, while it starts. */
const STREAM_PER_SECOND = { before: 5, down: 5, starting: 2 };
const MARGIN_MS = 60_000;

function deadlineOf(plan: SidePlan, since: number): number {
	return since + (plan.cutOffMs ?? longestDeliveryMs(plan.schedule) + MARGIN_MS);
}

async function burst(
	stack: SideStack,
	plan: SidePlan,
	listRuns: ListRuns,
	size: number,
	scenario: string,
): Promise<ScenarioOutcome> {
	const since = Date.now();
	const maker: LeadMaker = {
		portal: stack.portal,
		adId: stack.adId,
		tag: scenario.replace(/ /g, ''),
	};
	const leads = await burstOf(maker, size);
	const result = await endOfScenario(stack, listRuns, leads, {
		since,
		deliveriesDeadline: deadlineOf(plan, since),
	});
	return { scenario, ...result };
}

async function restartBacklog(
	stack: SideStack,
	plan: SidePlan,
	listRuns: ListRuns,
	size: number,
): Promise<ScenarioOutcome> {
	const since = Date.now();
	const maker: LeadMaker = { portal: stack.portal, adId: stack.adId, tag: `restart${size}` };
	const third = Math.round(size / 3);
	const before = await streamOf(maker, third, STREAM_PER_SECOND.before);
	const killedAt = Date.now();
	await stack.kill();
	const whileDown = await streamOf(maker, third, STREAM_PER_SECOND.down, third);
	let readyAt = Number.NaN;
	const [whileStarting] = await Promise.all([
		streamOf(maker, size - 2 * third, STREAM_PER_SECOND.starting, 2 * third),
		stack.start().then(() => (readyAt = Date.now())),
	]);
	const leads = [...before, ...whileDown, ...whileStarting];
	const result = await endOfScenario(stack, listRuns, leads, {
		since,
		deliveriesDeadline: deadlineOf(plan, readyAt),
	});
	const started = Math.min(...leads.map((lead) => lead.madeAt));
	return {
		scenario: `restart ${size}`,
		...result,
		restart: {
			'n8n down s': (readyAt - killedAt) / 1_000,
			'backlog drain s': result.figures['drain s'] - (readyAt - started) / 1_000,
			...listAtStart(await listRuns.read(), leads, killedAt, readyAt),
		},
	};
}

/** The lead list's first run after the kill (NaN each: none, a side without the list path). */
function listAtStart(runs: ListRun[], leads: MadeLead[], killedAt: number, readyAt: number) {
	const first = runs
		.filter((run) => run.startedAt >= killedAt)
		.sort((a, b) => a.startedAt - b.startedAt)[0];
	const made = new Set(leads.map((lead) => lead.email));
	const ofLeads = (emails: string[]) => emails.filter((email) => made.has(email)).length;
	return {
		'list at start: began s': first ? (first.startedAt - readyAt) / 1_000 : Number.NaN,
		'list at start: ran s': first ? (first.stoppedAt - first.startedAt) / 1_000 : Number.NaN,
		'list at start: carried': first ? ofLeads(first.carried) : Number.NaN,
		'list at start: rows made': first ? ofLeads(first.landed) : Number.NaN,
	};
}

export async function runSide(
	plan: SidePlan,
	install: N8nInstall,
	report: (line: string) => void,
): Promise<SideOutcome> {
	const outcome: SideOutcome = { plan, scenarios: [] };
	const prefix = plan.schedule.name === 'demo' ? 'demo ' : '';
	let stack: SideStack | undefined;
	try {
		stack = await startSideStack(plan.side, plan.schedule, install);
		const listRuns = new ListRuns(stack.owner, stack.workflowId);
		const done = (scenario: ScenarioOutcome) => {
			outcome.scenarios.push(scenario);
			report(
				`${scenario.scenario}: ${JSON.stringify({ ...scenario.figures, ...scenario.restart })}`,
			);
		};
		for (const size of plan.bursts)
			done(await burst(stack, plan, listRuns, size, `${prefix}burst ${size}`));
		if (plan.restart > 0) done(await restartBacklog(stack, plan, listRuns, plan.restart));
	} catch (error) {
		outcome.error = (error as Error).stack ?? String(error);
		report(`FAILED: ${outcome.error}`);
	} finally {
		await stack?.stop();
	}
	return outcome;
}
