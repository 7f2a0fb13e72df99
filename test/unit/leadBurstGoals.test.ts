/**
 * The lead-burst benchmark's restart-backlog goals: a peer whose rows were all written before n8n's
 * readiness answered (a negative backlog drain) is no yardstick, and the goal is then not met rather
 * than met by a negative ratio; a peer round that never drained (a lead left without a row) counts
 * as unbounded. Over several rounds, each side's median decides, and every round of ours must have
 * drained.
 */
import { leadBurstGoals } from '../../bench/burst/goals';
import type { ScenarioOutcome, SideOutcome } from '../../bench/burst/sideRun';
import type { LeadBurstSide } from '../../bench/lib/options';

const RESTART = 'restart 150';

function restartOf(side: LeadBurstSide, backlogDrainS: number, round = 1): SideOutcome {
	const scenario = {
		scenario: RESTART,
		figures: {
			'given up': 0,
			'callback executions per lead': 1,
			'rows missing': 0,
			'rows twice': 0,
		},
		timeline: [],
		restart: { 'n8n down s': 30, 'backlog drain s': backlogDrainS },
	} as unknown as ScenarioOutcome;
	return {
		plan: { side: { name: side }, round },
		scenarios: [scenario],
	} as unknown as SideOutcome;
}

/** The backlog goal of rounds A B, B A, … with ours' and the peer's drains round by round. */
function backlogGoal(ours: number | number[], peer: number | number[]) {
	const [mine, theirs] = [ours, peer].map((drains) => [drains].flat());
	const outcomes = mine.flatMap((drain, index) => {
		const pair = [
			restartOf('ours+door', drain, index + 1),
			restartOf('webhook-immediately', theirs[index], index + 1),
		];
		return index % 2 === 0 ? pair : pair.reverse();
	});
	const goals = leadBurstGoals(
		outcomes,
		{ figures: new Map() },
		{ bursts: [], restart: 150, demoBurst: 50 },
	);
	return goals.find((goal) => goal.text.includes("webhook-immediately's"))!;
}

describe('lead-burst restart backlog against webhook-immediately', () => {
	it('is met within 1.25 x the peer and not beyond', () => {
		expect(backlogGoal(24.0, 29.9)).toMatchObject({ met: true });
		expect(backlogGoal(16.7, 12.9)).toMatchObject({ met: false });
	});

	it("is not met when the peer's rows were all written before n8n's readiness answered", () => {
		const goal = backlogGoal(48.9, -8.8);
		expect(goal.met).toBe(false);
		expect(goal.text).toContain('not comparable');
	});

	it('is met when the peer never drained, not when ours did not', () => {
		expect(backlogGoal(22.3, Number.NaN)).toMatchObject({
			met: true,
			text: expect.stringContaining('(22.3 s / not drained: the peer left leads without a row)'),
		});
		expect(backlogGoal(Number.NaN, 13.8).met).toBe(false);
		expect(backlogGoal(Number.NaN, Number.NaN).met).toBe(false);
	});

	it("takes each side's median over the rounds, the peer's over those it drained", () => {
		// ours 20 (median of 18, 20, 40) against the peer's 15 (median of 14, 15, 30): 1.33.
		const over = backlogGoal([18, 40, 20], [14, 30, 15]);
		expect(over).toMatchObject({ met: false });
		expect(over.text).toContain('20.0 s / 15.0 s = 1.33');
		// The peer's round that never drained counts as its slowest: 20 against 18 (of 16, 18 and
		// never); its round written before readiness does not count: 20 against 16 (of 16 and 18; of
		// two, the lower).
		const undrained = backlogGoal([18, 40, 20], [16, Number.NaN, 18]);
		expect(undrained).toMatchObject({ met: true });
		expect(undrained.text).toContain('20.0 s / 18.0 s = 1.11');
		const early = backlogGoal([18, 40, 20], [16, -3, 18]);
		expect(early.text).toContain('20.0 s / 16.0 s = 1.25');
		// Of a peer that drained in one round of two, the lower is that round's.
		expect(backlogGoal([20, 20], [Number.NaN, 15]).text).toContain('20.0 s / 15.0 s = 1.33');
	});

	it('is not met when any round of ours did not drain', () => {
		expect(backlogGoal([10, Number.NaN, 10], [20, 20, 20]).met).toBe(false);
	});
});
