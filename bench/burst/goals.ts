/**
 * The lead-burst goals (issues 35, 37 and 50), printed as met or not met with the figure that decides,
 * and the ratios of the shipped side against each peer in the same run. With several rounds, every
 * round of the shipped side must meet the landing goals, and the comparisons with a peer take each
 * side's median over the rounds.
 */
import type { Goal, Ratio } from '../lib/report';
import { median, ratio } from '../lib/stats';
import type { ScenarioFigures } from './figures';
import { roundLabel, type ScenarioOutcome, type SideOutcome } from './sideRun';
import type { SideBySide } from './single';
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

/** Seconds, or 'not drained'. */
const seconds = (value: number) =>
	Number.isFinite(value) ? `${value.toFixed(1)} s` : 'not drained';

/**
 * Whether a backlog drain (n8n ready again → every lead one row) can be compared: not when some
 * lead has no row, nor when every row was written before n8n's readiness answered (a peer that runs
 * every attempt at once can keep /healthz/readiness waiting while it writes).
 */
const comparableDrain = (seconds: number) => Number.isFinite(seconds) && seconds > 0;

interface Found {
	scenario: ScenarioOutcome;
	/** ` (round 2)` when the run had several rounds, else ''. */
	label: string;
}

/** Every round's outcome of `scenario` on `side`, in the order of the rounds. */
function findAll(outcomes: SideOutcome[], side: string, scenario: string): Found[] {
	return outcomes
		.filter((outcome) => outcome.plan.side.name === side)
		.flatMap((outcome) =>
			outcome.scenarios
				.filter((one) => one.scenario === scenario)
				.map((one) => ({ scenario: one, label: roundLabel(outcomes, outcome) })),
		);
}

/** The median of `values` when each passes `test`, else NaN. */
const medianIfAll = (values: number[], test: (value: number) => boolean) =>
	values.every(test) ? median(values) : Number.NaN;

/**
 * A peer's backlog drain over its rounds: a round that never drained (a lead left without a row)
 * counts as unbounded, one whose rows were all written before n8n's readiness answered is left out;
 * NaN when no round is left.
 */
function peerBacklog(values: number[]): number {
	const kept = values.filter((value) => !(value <= 0));
	return kept.length > 0
		? median(kept.map((value) => (Number.isNaN(value) ? Number.POSITIVE_INFINITY : value)))
		: Number.NaN;
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

function burstGoals({ scenario, label }: Found, size: number, perSecond: number): Goal[] {
	const what = `${SHIPPED} ${scenario.scenario}${label}`;
	const drain = scenario.figures['drain s'];
	const drainGoal = size === 50 ? BURST_50_DRAIN_S : (1.25 * size) / perSecond;
	const formula = size === 50 ? '' : `1.25 x ${size} / ${perSecond.toFixed(2)} leads/s = `;
	return [
		...landedGoals(what, scenario.figures, size === 50 ? 1 : 1.05),
		{
			text: `${what}: drained within ${formula}${drainGoal.toFixed(1)} s (${seconds(drain)})`,
			met: drain <= drainGoal,
		},
	];
}

function restartGoals({ scenario, label }: Found, size: number, perSecond: number): Goal[] {
	const what = `${SHIPPED} ${scenario.scenario}${label}`;
	const backlog = scenario.restart!['backlog drain s'];
	const drainGoal = (1.25 * size) / perSecond;
	return [
		...landedGoals(what, scenario.figures, 1.05),
		{
			text:
				`${what}: drained within 1.25 x ${size} / ${perSecond.toFixed(2)} leads/s = ` +
				`${drainGoal.toFixed(1)} s of n8n ready again (${seconds(backlog)})`,
			met: comparableDrain(backlog) && backlog <= drainGoal,
		},
	];
}

function callbackAloneGoal(side: string, { scenario, label }: Found, schedule: string): Goal {
	const figures = scenario.figures;
	const landed = figures['landed by callback'];
	const alone =
		landed === figures.leads && figures['rows missing'] === 0 && figures['rows twice'] === 0;
	return {
		text:
			`${side} ${scenario.scenario}${label} (${schedule} schedule): every lead one row through the callback ` +
			`alone within ${CALLBACK_ALONE_S / 60} min (${landed}/${figures.leads} by the callback, ` +
			`last at ${seconds(figures['callback drain s'])}, twice ${figures['rows twice']})`,
		met: alone && figures['callback drain s'] <= CALLBACK_ALONE_S,
	};
}

/**
 * The shipped side against the peers on one lead at a time and on a restart's backlog: the median
 * of the shipped side's backlogs, each of which must have drained, against the peer's (peerBacklog).
 */
function peerGoals(outcomes: SideOutcome[], singles: SideBySide, restart: string): Goal[] {
	const goals: Goal[] = [];
	const ours = singles.figures.get(SHIPPED);
	const theirs = singles.figures.get(WRITE_PEER);
	if (ours && theirs) {
		const value = ratio(ours['p50 ms'], theirs['p50 ms']);
		goals.push({
			text:
				`${SHIPPED} one at a time: p50 <= ${ONE_AT_A_TIME_RATIO} x ${WRITE_PEER}'s ` +
				`(${ours['p50 ms']} ms / ${theirs['p50 ms']} ms = ${value.toFixed(2)})`,
			met: value <= ONE_AT_A_TIME_RATIO,
		});
	}
	const backlogs = (side: string) =>
		findAll(outcomes, side, restart).map(({ scenario }) => scenario.restart!['backlog drain s']);
	const [mineAll, peerAll] = [backlogs(SHIPPED), backlogs(IMMEDIATE_PEER)];
	if (mineAll.length > 0 && peerAll.length > 0) {
		const mine = medianIfAll(mineAll, comparableDrain);
		const peer = peerBacklog(peerAll);
		const comparable = comparableDrain(mine) && !Number.isNaN(peer);
		// A peer that never drained is unbounded: any drain of ours is within it (ratio 0).
		const value = ratio(mine, peer);
		const verdict = !comparable
			? ': not comparable'
			: Number.isFinite(peer)
				? ` = ${value.toFixed(2)}`
				: ': the peer left leads without a row';
		goals.push({
			text:
				`${SHIPPED} ${restart}: backlog drained within ${BACKLOG_RATIO} x ${IMMEDIATE_PEER}'s ` +
				`(${seconds(mine)} / ${seconds(peer)}${verdict})`,
			met: comparable && value <= BACKLOG_RATIO,
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
	singles: SideBySide,
	sizes: GoalSizes,
): Goal[] {
	const perSecond = singles.figures.get(SHIPPED)?.['leads/s'];
	const goals: Goal[] = [
		...(singles.error ? [{ text: 'one at a time, side by side, ran to the end', met: false }] : []),
		...outcomes
			.filter((outcome) => outcome.error)
			.map((outcome) => ({
				text: `${outcome.plan.side.name} (${outcome.plan.schedule.name} schedule) ran to the end`,
				met: false,
			})),
	];
	if (perSecond !== undefined) {
		for (const size of sizes.bursts)
			for (const found of findAll(outcomes, SHIPPED, `burst ${size}`))
				goals.push(...burstGoals(found, size, perSecond));
		for (const found of findAll(outcomes, SHIPPED, `restart ${sizes.restart}`))
			goals.push(...restartGoals(found, sizes.restart, perSecond));
	}
	goals.push(...peerGoals(outcomes, singles, `restart ${sizes.restart}`));
	for (const side of [SHIPPED, 'ours', 'ours-immediately+door'])
		for (const [scenario, schedule] of [
			[`demo burst ${sizes.demoBurst}`, 'demo'],
			[`burst ${sizes.demoBurst}`, 'benchmark'],
		])
			for (const found of findAll(outcomes, side, scenario))
				goals.push(callbackAloneGoal(side, found, schedule));
	return goals;
}

/** Per scenario and peer, the shipped side's median figure over the rounds against the peer's. */
export function leadBurstRatios(outcomes: SideOutcome[]): Ratio[] {
	const ratios: Ratio[] = [];
	const shipped = outcomes.filter((outcome) => outcome.plan.side.name === SHIPPED);
	const scenarios = new Set(
		shipped.flatMap((outcome) => outcome.scenarios.map((one) => one.scenario)),
	);
	const medianOf = (side: string, scenario: string, figure: keyof ScenarioFigures) => {
		const values = findAll(outcomes, side, scenario).map((found) => found.scenario.figures[figure]);
		return medianIfAll(values, Number.isFinite);
	};
	for (const scenario of scenarios)
		for (const peer of PEERS) {
			if (findAll(outcomes, peer, scenario).length === 0) continue;
			for (const [figure, metric] of RATIO_METRICS) {
				const value = ratio(medianOf(SHIPPED, scenario, figure), medianOf(peer, scenario, figure));
				if (Number.isFinite(value))
					ratios.push({ metric: `${scenario}, ${metric}`, value, of: `${SHIPPED} / ${peer}` });
			}
		}
	return ratios;
}
