/**
 * Benchmark 2, inventory export: Ad → Get Many with Return All over the sandbox's online ads versus
 * n8n's HTTP Request node paging the same ad summary (pageable.page from 0, 200 per page, until 204)
 * in two set-ups (bench/lib/twoBaselines.ts), all in n8n-core's WorkflowExecute. Each round runs in
 * a fresh process: wall time around the engine run, peak memory = that process's maxRSS.
 */
import { processLine, processMedians, runRound, type ProcessFigures } from './lib/childRound';
import { bySize, roundsOf, type BenchOptions } from './lib/options';
import type { BenchResult } from './lib/report';
import { startSandboxProcess } from './lib/sandboxProcess';
import { median, rotated } from './lib/stats';
import {
	ENGINE_SIDES,
	FAIR_BASELINE,
	PROCESS_METRICS,
	compareSides,
	ratioValue,
	type EngineSide,
} from './lib/twoBaselines';

interface InventoryRound extends ProcessFigures {
	outputItems: number;
	ads: number;
}

export async function inventoryBench(options: BenchOptions): Promise<BenchResult> {
	const { size } = options;
	const ads = bySize(size, { tiny: 1_000, full: 20_000 });
	const pairs = roundsOf(options, { tiny: 1, full: 3 });
	const sandbox = await startSandboxProcess({ SANDBOX_ADS: String(ads) });
	const rounds: BenchResult['rounds'] = [];
	try {
		for (const { round, side } of rotated(pairs, ENGINE_SIDES)) {
			const figures = await runRound<InventoryRound>('inventory.round.ts', {
				side,
				url: sandbox.url,
			});
			if (figures.ads !== ads) throw new Error(`${side} exported ${figures.ads} ads of ${ads}`);
			rounds.push({ side, round, ...figures });
			console.log(`  round ${round} ${side.padEnd(8)} ${processLine(figures)}`);
		}
	} finally {
		await sandbox.stop();
	}
	const figuresOf = (side: EngineSide) => {
		const mine = rounds.filter((entry) => entry.side === side) as unknown as InventoryRound[];
		return {
			...processMedians(mine),
			'RSS growth MiB (median)': median(mine.map((entry) => entry.peakRssMiB - entry.rssBeforeMiB)),
			'output items': mine[0].outputItems,
			ads: mine[0].ads,
		};
	};
	const { summary, ratios } = compareSides(figuresOf, [
		...PROCESS_METRICS,
		['RSS growth', 'RSS growth MiB (median)'],
	]);
	const valueOf = (metric: string) => ratioValue(ratios, metric);
	return {
		name: 'inventory',
		title: `Ad Get Many Return All over ${ads} ads vs HTTP Request pagination`,
		size,
		method:
			`${pairs} rounds of the three sides in rotated order, one fresh process per round (tsx + engine ` +
			'harness), sandbox in its own process; ours outputs one item per ad (simplified), the HTTP ' +
			`Request node one item per page; baseline = token in the query; ${FAIR_BASELINE}.`,
		rounds,
		summary,
		ratios,
		goals: [
			{
				text: 'wall time <= 0.5 of both baselines',
				met: valueOf('wall time') <= 0.5 && valueOf('wall time vs fair') <= 0.5,
			},
			{
				text: 'peak memory <= 1.0 of both baselines',
				met: valueOf('peak RSS') <= 1 && valueOf('peak RSS vs fair') <= 1,
			},
		],
	};
}
