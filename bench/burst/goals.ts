/**
 * The lead-burst goals (issues 35, 37 and 50), printed as met or not met with the figure that decides,
 * and the ratios of the shipped side against each peer in the same run.
 */
import type { Goal, Ratio } from '../lib/report';
import { ratio } from '../lib/stats';
import type { ScenarioFigures } from './figures';
import type { ScenarioOutcome, SideOutcome } from './sideRun';
import { IMMEDIATE_PEER, PEERS, SHIPPED, WRITE_PEER } from './sides';

/** Burst 50's drain goal, and the callback-alone goal's time. */
const BURST_50_DRAIN_S = 13.8;
const CALLBACK_ALONE_S = 180;
/** The shipped side's one-at-a-time p50 against the write peer's, at most. */
const ONE_AT_A_TIME_RATIO = 1.3;
/** The shipped side's restart backlog drain against the immediate peer's, at most. */
const BACKLOG_RATIO = 1.25;
const RATIO_METRICS = [
	['callback executions per lead', 'executions per lead'],
	['drain s', 'drain'],
	['attempts per lead', 'attempts per lead'],
] as const;

const fixed = (value: number, digits = 1) =>
	Number.isFinite(value) ? value.toFixed(digits) : 'not drained';

/**
 * Whether a backlog drain (n8n ready again → every lead one row) can be compared: not when some
 * lead has no row, nor when every row was written before n8n's readiness answered (a peer that runs
 * every attempt at once can keep /healthz/readiness waiting while it writes).
 */
const comparableDrain = (seconds: number) => Number.isFinite(seconds) && seconds > 0;

function find(outcomes: SideOutcome[], side: string, scenario: string) {
	for (const outcome of outcomes)
		if (outcome.plan.side.name === side)
			for (const one of outcome.scenarios) if (one.scenario === scenario) return one;
	return undefined;
}

/** 0 given up, at most `maxRuns` callback executions per lead, every lead one row. */
function landedGoals(what: string, figures: ScenarioFigures, maxRuns: number): Goal[] {
	const runs = figures['callback executions per lead'];
	return [
		{ text: `${what}: 0 given up (${figures['given up']})`, met: figures['given up'] === 0 },
		{
			text: `${what}: <= ${maxRuns.toFixed(2)} callback executions per lead (${runs.toFixed(2)})`,
			met: runs <= maxRuns,
		},
		{
			text: `${what}: every lead one row (missing ${figures['rows missing']}, twice ${figures['rows twice']})`,
			met: figures['rows missing'] === 0 && figures['rows twice'] === 0,
		},
	];
}

function burstGoals(scenario: ScenarioOutcome, size: number, perSecond: number): Goal[] {
	const what = `${SHIPPED} ${scenario.scenario}`;
	const drain = scenario.figures['drain s'];
	const drainGoal = size === 50 ? BURST_50_DRAIN_S : (1.25 * size) / perSecond;
	const formula = size === 50 ? '' : `1.25 x ${size} / ${perSecond.toFixed(2)} leads/s = `;
	return [
		...landedGoals(what, scenario.figures, size === 50 ? 1 : 1.05),
		{
			text: `${what}: drained within ${formula}${drainGoal.toFixed(1)} s (${fixed(drain)} s)`,
			met: drain <= drainGoal,
		},
	];
}

function restartGoals(scenario: ScenarioOutcome, size: number, perSecond: number): Goal[] {
	const what = `${SHIPPED} ${scenario.scenario}`;
	const backlog = scenario.restart!['backlog drain s'];
	const drainGoal = (1.25 * size) / perSecond;
	return [
		...landedGoals(what, scenario.figures, 1.05),
		{
			text:
				`${what}: drained within 1.25 x ${size} / ${perSecond.toFixed(2)} leads/s = ` +
				`${drainGoal.toFixed(1)} s of n8n ready again (${fixed(backlog)} s)`,
			met: comparableDrain(backlog) && backlog <= drainGoal,
		},
	];
}

function callbackAloneGoal(side: string, scenario: ScenarioOutcome, schedule: string): Goal {
	const figures = scenario.figures;
	const landed = figures['landed by callback'];
	const alone =
		landed === figures.leads && figures['rows missing'] === 0 && figures['rows twice'] === 0;
	return {
		text:
			`${side} ${scenario.scenario} (${schedule} schedule): every lead one row through the callback ` +
			`alone within ${CALLBACK_ALONE_S / 60} min (${landed}/${figures.leads} by the callback, ` +
			`last at ${fixed(figures['callback drain s'])} s, twice ${figures['rows twice']})`,
		met: alone && figures['callback drain s'] <= CALLBACK_ALONE_S,
	};
}

/** The shipped side against the peers on one lead at a time and on a restart's backlog. */
function peerGoals(outcomes: SideOutcome[], restart: string): Goal[] {
	const goals: Goal[] = [];
	const ours = outcomes.find((outcome) => outcome.plan.side.name === SHIPPED)?.single;
	const theirs = outcomes.find((outcome) => outcome.plan.side.name === WRITE_PEER)?.single;
	if (ours && theirs) {
		const value = ratio(ours['p50 ms'], theirs['p50 ms']);
		goals.push({
			text:
				`${SHIPPED} one at a time: p50 <= ${ONE_AT_A_TIME_RATIO} x ${WRITE_PEER}'s ` +
				`(${ours['p50 ms']} ms / ${theirs['p50 ms']} ms = ${value.toFixed(2)})`,
			met: value <= ONE_AT_A_TIME_RATIO,
		});
	}
	const backlog = (side: string) => find(outcomes, side, restart)?.restart?.['backlog drain s'];
	const [mine, peer] = [backlog(SHIPPED), backlog(IMMEDIATE_PEER)];
	if (mine !== undefined && peer !== undefined) {
		const comparable = comparableDrain(mine) && comparableDrain(peer);
		goals.push({
			text:
				`${SHIPPED} ${restart}: backlog drained within ${BACKLOG_RATIO} x ${IMMEDIATE_PEER}'s ` +
				`(${fixed(mine)} s / ${fixed(peer)} s` +
				(comparable ? ` = ${fixed(ratio(mine, peer), 2)})` : ': not comparable)'),
			met: comparable && ratio(mine, peer) <= BACKLOG_RATIO,
		});
	}
	return goals;
}

export interface GoalSizes {
	bursts: number[];
	restart: number;
	demoBurst: number;
}

export function leadBurstGoals(
	outcomes: SideOutcome[],
	sizes: GoalSizes,
	perSecond: number | undefined,
): Goal[] {
	const goals: Goal[] = outcomes
		.filter((outcome) => outcome.error)
		.map((outcome) => ({
			text: `${outcome.plan.side.name} (${outcome.plan.schedule.name} schedule) ran to the end`,
			met: false,
		}));
	if (perSecond !== undefined) {
		for (const size of sizes.bursts) {
			const scenario = find(outcomes, SHIPPED, `burst ${size}`);
			if (scenario) goals.push(...burstGoals(scenario, size, perSecond));
		}
		const restart = find(outcomes, SHIPPED, `restart ${sizes.restart}`);
		if (restart) goals.push(...restartGoals(restart, sizes.restart, perSecond));
	}
	goals.push(...peerGoals(outcomes, `restart ${sizes.restart}`));
	for (const side of [SHIPPED, 'ours', 'ours-immediately+door'])
		for (const [scenario, schedule] of [
			[`demo burst ${sizes.demoBurst}`, 'demo'],
			[`burst ${sizes.demoBurst}`, 'benchmark'],
		]) {
			const found = find(outcomes, side, scenario);
			if (found) goals.push(callbackAloneGoal(side, found, schedule));
		}
	return goals;
}

export function leadBurstRatios(outcomes: SideOutcome[]): Ratio[] {
	const ratios: Ratio[] = [];
	const shipped = outcomes.filter((outcome) => outcome.plan.side.name === SHIPPED);
	for (const scenario of shipped.flatMap((outcome) => outcome.scenarios))
		for (const peer of PEERS) {
			const theirs = find(outcomes, peer, scenario.scenario);
			if (!theirs) continue;
			for (const [figure, metric] of RATIO_METRICS) {
				const value = ratio(scenario.figures[figure], theirs.figures[figure]);
				if (Number.isFinite(value))
					ratios.push({
						metric: `${scenario.scenario}, ${metric}`,
						value,
						of: `${SHIPPED} / ${peer}`,
					});
			}
		}
	return ratios;
}
