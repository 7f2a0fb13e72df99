/**
 * The lead-burst benchmark's restart-backlog goals judge only figures that can be compared: a peer
 * whose rows were all written before n8n's readiness answered (a negative backlog drain) or that
 * never drained is no yardstick, and the goal is then not met rather than met by a negative ratio.
 */
import { leadBurstGoals } from '../../bench/burst/goals';
import type { ScenarioOutcome, SideOutcome } from '../../bench/burst/sideRun';
import type { LeadBurstSide } from '../../bench/lib/options';

const RESTART = 'restart 150';

function restartOf(side: LeadBurstSide, backlogDrainS: number): SideOutcome {
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
		plan: { side: { name: side } },
		scenarios: [scenario],
	} as unknown as SideOutcome;
}

function backlogGoal(ours: number, peer: number) {
	const goals = leadBurstGoals(
		[restartOf('ours+door', ours), restartOf('webhook-immediately', peer)],
		{ bursts: [], restart: 150, demoBurst: 50 },
		undefined,
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

	it('is not met when the peer never drained, nor when ours did not', () => {
		expect(backlogGoal(22.3, Number.NaN).met).toBe(false);
		expect(backlogGoal(Number.NaN, 13.8).met).toBe(false);
	});
});
