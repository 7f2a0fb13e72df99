/**
 * The engine benchmarks (inventory, association) run ours against two set-ups of n8n's HTTP Request
 * node (bench/rounds/engineNodes.ts): `baseline`, the token pasted into the query with n8n's
 * defaults, and `fair`, a Query Auth credential with Retry On Fail on. Ratios are printed against both.
 */
import type { processMedians } from './childRound';
import type { Ratio } from './report';
import { ratio } from './stats';

export type EngineSide = 'ours' | 'baseline' | 'fair';

export const ENGINE_SIDES: readonly EngineSide[] = ['ours', 'baseline', 'fair'];

export const FAIR_BASELINE =
	'fair = HTTP Request node with a Query Auth credential (access_token) and Retry On Fail (3 tries, 1 s)';

type Figures = Record<string, number | string>;

/** The ratios of processMedians' figures (bench/lib/childRound.ts). */
export const PROCESS_METRICS: Array<
	[metric: string, figure: keyof ReturnType<typeof processMedians>]
> = [
	['wall time', 'wall ms (median)'],
	['CPU time', 'CPU ms (median)'],
	['peak RSS', 'peak RSS MiB (median)'],
];

/** `metric` of ours against the bare baseline (named as before) and against the fair one. */
function ratiosAgainstBoth(
	metric: string,
	key: string,
	summary: Record<EngineSide, Figures>,
): Ratio[] {
	const of = (side: EngineSide) => Number(summary[side][key]);
	return [
		{ metric, value: ratio(of('ours'), of('baseline')) },
		{
			metric: `${metric} vs fair`,
			value: ratio(of('ours'), of('fair')),
			of: 'ours / fair baseline',
		},
	];
}

export function ratioValue(ratios: Ratio[], metric: string): number {
	const found = ratios.find((entry) => entry.metric === metric);
	if (!found) throw new Error(`no ratio "${metric}"`);
	return found.value;
}

/** The summary of every side and, for each `[metric, figure]`, ours against both baselines. */
export function compareSides<F extends Figures>(
	figuresOf: (side: EngineSide) => F,
	metrics: Array<[metric: string, figure: keyof F & string]>,
): { summary: Record<EngineSide, F>; ratios: Ratio[] } {
	const summary = {
		ours: figuresOf('ours'),
		baseline: figuresOf('baseline'),
		fair: figuresOf('fair'),
	};
	const ratios = metrics.flatMap(([metric, figure]) => ratiosAgainstBoth(metric, figure, summary));
	return { summary, ratios };
}
