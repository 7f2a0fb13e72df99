/**
 * Benchmark `lead-burst` (issues 35 and 37): what users run, under bursts of leads and a restart
 * backlog, in a real n8n. Seven sides (bench/burst/sides.ts), each on a fresh emulator and a fresh
 * n8n: the landing workflow as shipped (Respond When Last Node Finishes) and with Respond
 * Immediately, each behind n8n's door and without it, as shipped with n8n's own concurrency limit
 * instead of the door, and n8n's Webhook node with one Data table insert, answering
 * Immediately or When Last Node Finishes. Scenarios: leads one at a time (the shipped side and the
 * peer answering When Last Node Finishes, side by side), bursts made within one second, a restart
 * backlog (n8n SIGKILLed during a stream of leads), on the benchmark's delivery schedule, in as many
 * rounds as --rounds asks; a burst on the demo emulator's schedule.
 */
import { ensureN8nInstalled, type N8nInstall } from '../harness/n8n';
import {
	describeSchedule,
	benchmarkSchedule,
	DEMO_SCHEDULE,
	ANSWER_TIME_MS,
} from './burst/schedules';
import { leadBurstGoals, leadBurstRatios } from './burst/goals';
import { roundLabel, runSide, type SideOutcome, type SidePlan } from './burst/sideRun';
import { ONE_AT_A_TIME_SIDES, SHIPPED, SIDES } from './burst/sides';
import { oneAtATimeSideBySide, type SideBySide } from './burst/single';
import { timelineLines } from './burst/timeline';
import { N8N_VERSION } from './lib/baselineNodes';
import { rotated } from './lib/stats';
import {
	LEAD_BURST_SCENARIOS,
	LEAD_BURST_SIDES,
	bySize,
	roundsOf,
	type BenchOptions,
	type LeadBurstSide,
} from './lib/options';
import type { BenchResult } from './lib/report';

/**
 * The sides run on the demo emulator's schedule: the shipped workflow, without the door, answering
 * Immediately behind the door, a peer.
 */
const DEMO_SIDES: LeadBurstSide[] = [SHIPPED, 'ours', 'ours-immediately+door', 'webhook-lastnode'];
/** The demo's schedule retries after 2 and 10 minutes: a scenario stops waiting for the portal here. */
const DEMO_CUT_OFF_MS = 240_000;

const sidesOf = (options: BenchOptions): LeadBurstSide[] =>
	options.sides ??
	bySize(options.size, { tiny: [SHIPPED, 'webhook-lastnode'], full: [...LEAD_BURST_SIDES] });

/**
 * The rounds of the sides' bursts and restart, each side on a fresh stack per round, the order of
 * the sides rotated by one each round (A B C, B C A, …); the demo schedule's burst once.
 */
function plansOf(options: BenchOptions): SidePlan[] {
	const { size } = options;
	const sides = sidesOf(options);
	const scenarios = options.scenarios ?? LEAD_BURST_SCENARIOS;
	const bursts = scenarios.includes('bursts')
		? (options.bursts ?? bySize(size, { tiny: [10], full: [50, 200] }))
		: [];
	const restart = scenarios.includes('restart') ? bySize(size, { tiny: 15, full: 150 }) : 0;
	const schedule = benchmarkSchedule(size);
	const plans: SidePlan[] = rotated(roundsOf(options, { tiny: 1, full: 1 }), sides).map(
		({ round, side }) => ({ side: SIDES[side], schedule, round, bursts, restart }),
	);
	if (scenarios.includes('demo'))
		for (const name of sides.filter((one) => DEMO_SIDES.includes(one)))
			plans.push({
				side: SIDES[name],
				schedule: DEMO_SCHEDULE,
				round: 1,
				bursts: [demoBurstOf(options)],
				restart: 0,
				cutOffMs: DEMO_CUT_OFF_MS,
			});
	return plans;
}

const demoBurstOf = (options: BenchOptions) => bySize(options.size, { tiny: 10, full: 50 });

/** The sides that run leads one at a time, side by side, before the rounds. */
async function singlesOf(options: BenchOptions, install: N8nInstall): Promise<SideBySide> {
	const sides = sidesOf(options).filter((name) => ONE_AT_A_TIME_SIDES.includes(name));
	if (sides.length === 0) return { figures: new Map() };
	const count = bySize(options.size, { tiny: 5, full: 20 });
	console.log(
		`  one at a time, side by side: ${sides.join(', ')}, each on a fresh emulator and n8n`,
	);
	try {
		const figures = await oneAtATimeSideBySide(
			sides.map((name) => SIDES[name]),
			benchmarkSchedule(options.size),
			install,
			count,
		);
		for (const [side, one] of figures)
			console.log(`  ${side}, one at a time: ${JSON.stringify(one)}`);
		return { figures };
	} catch (error) {
		const message = (error as Error).stack ?? String(error);
		console.log(`  one at a time: FAILED: ${message}`);
		return { figures: new Map(), error: message };
	}
}

function summaryOf(outcomes: SideOutcome[], singles: SideBySide) {
	const summary: BenchResult['summary'] = {};
	for (const [side, figures] of singles.figures) summary[`${side} one at a time`] = { ...figures };
	for (const outcome of outcomes) {
		const side = outcome.plan.side.name;
		const round = roundLabel(outcomes, outcome);
		for (const one of outcome.scenarios)
			summary[`${side} ${one.scenario}${round}`] = { ...one.figures, ...one.restart };
		if (outcome.error)
			summary[`${side} ${outcome.plan.schedule.name}${round}`] = {
				failed: outcome.error.split('\n')[0],
			};
	}
	return summary;
}

export async function leadBurstBench(options: BenchOptions): Promise<BenchResult> {
	const { size } = options;
	const plans = plansOf(options);
	const install = await ensureN8nInstalled();
	const singles = await singlesOf(options, install);
	const outcomes: SideOutcome[] = [];
	for (const plan of plans) {
		const round = plan.round > 1 ? `, round ${plan.round}` : '';
		const name = `${plan.side.name}, ${plan.schedule.name} schedule${round}`;
		console.log(`  ${name}: a fresh emulator and n8n`);
		const outcome = await runSide(plan, install, (line) => console.log(`  ${name}: ${line}`));
		if (plan.side.name === SHIPPED && plan.schedule.name === 'benchmark')
			for (const one of outcome.scenarios)
				console.log(
					`  ${name}, ${one.scenario}, second by second:\n${timelineLines(one.timeline).join('\n')}`,
				);
		outcomes.push(outcome);
	}
	const sizes = {
		bursts: plans[0]?.bursts ?? [],
		restart: plans[0]?.restart ?? 0,
		demoBurst: demoBurstOf(options),
	};
	return {
		name: 'lead-burst',
		title: `the landing workflow and n8n's Webhook node under bursts and a restart backlog, n8n ${N8N_VERSION}`,
		size,
		method:
			'Each side on a fresh emulator process and a fresh n8n (SQLite, default execution saving, the packed ' +
			'package). ours: examples/leads-to-data-table.json as imported, its lead list polled every minute ' +
			'instead of every 5; -immediately: its trigger answering Immediately; +door: behind ' +
			"deploy/haproxy/n8n-door.cfg (its defaults), n8n's webhook URL the door's. webhook-*: n8n's Webhook " +
			'node (Header Auth) and one Data table insert of the row mapped from the body. Leads: each by its own ' +
			'prospect, on one ad; a burst is made within one second; the restart backlog is a stream (a third ' +
			'at 5/s, n8n SIGKILLed, a third at 5/s while it is down, a third at 2/s while it starts again). The ' +
			`emulator hangs up after ${ANSWER_TIME_MS} ms; benchmark schedule: ${describeSchedule(benchmarkSchedule(size))}; ` +
			`demo schedule: ${describeSchedule(DEMO_SCHEDULE)}, cut off after ${DEMO_CUT_OFF_MS / 60_000} min. ` +
			'A scenario ends when the portal is done with its leads, the lead list has been polled over them ' +
			"and n8n has finished its runs. Drain: first lead made until every lead is one row (the rows' " +
			'creation times). One at a time: the sides answering When Last Node Finishes side by side, on ' +
			'stacks started together, lead n made on each in turn (the order rotated by one for each n), each ' +
			'once the last one was answered, after 5 a side not counted; throughput = 1 / mean (lead made → ' +
			'success answer). With --rounds, the bursts and restart run once per round on fresh stacks, the ' +
			"sides' order rotated by one each round; comparisons take each side's median.",
		rounds: outcomes.flatMap((outcome) =>
			outcome.scenarios.map((one) => ({
				side: outcome.plan.side.name,
				round: outcome.plan.round,
				schedule: outcome.plan.schedule.name,
				scenario: one.scenario,
				...one.figures,
				...one.restart,
				timeline: one.timeline,
			})),
		),
		summary: summaryOf(outcomes, singles),
		ratios: leadBurstRatios(outcomes),
		goals: leadBurstGoals(outcomes, singles, sizes),
	};
}
