/**
 * Benchmark 2, inventory export: Ad → Get Many with Return All over the sandbox's online ads versus
 * n8n's HTTP Request node paging the same ad summary (pageable.page from 0, 200 per page, until 204),
 * both in n8n-core's WorkflowExecute. Each round runs in a fresh process: wall time around the
 * engine run, peak memory = that process's maxRSS.
 */
import { runRound, type ProcessFigures } from './lib/childRound';
import { bySize, type BenchOptions } from './lib/options';
import type { BenchResult, Side } from './lib/report';
import { startSandboxProcess } from './lib/sandboxProcess';
import { interleaved, median, ratio } from './lib/stats';

interface InventoryRound extends ProcessFigures {
	outputItems: number;
	ads: number;
}

export async function inventoryBench({ size }: BenchOptions): Promise<BenchResult> {
	const ads = bySize(size, { tiny: 1_000, full: 20_000 });
	const pairs = bySize(size, { tiny: 1, full: 3 });
	const sandbox = await startSandboxProcess({ SANDBOX_ADS: String(ads) });
	const rounds: BenchResult['rounds'] = [];
	try {
		for (const { round, side } of interleaved<Side>(pairs, 'ours', 'baseline')) {
			const figures = await runRound<InventoryRound>('inventory.round.ts', {
				side,
				url: sandbox.url,
			});
			if (figures.ads !== ads) throw new Error(`${side} exported ${figures.ads} ads of ${ads}`);
			rounds.push({ side, round, ...figures });
			console.log(
				`  round ${round} ${side.padEnd(8)} ${figures.wallMs.toFixed(0)} ms, peak RSS ${figures.peakRssMiB.toFixed(1)} MiB`,
			);
		}
	} finally {
		await sandbox.stop();
	}
	const figuresOf = (side: Side) => {
		const mine = rounds.filter((entry) => entry.side === side) as unknown as InventoryRound[];
		return {
			'wall ms (median)': median(mine.map((entry) => entry.wallMs)),
			'CPU ms (median)': median(mine.map((entry) => entry.cpuMs)),
			'peak RSS MiB (median)': median(mine.map((entry) => entry.peakRssMiB)),
			'RSS growth MiB (median)': median(mine.map((entry) => entry.peakRssMiB - entry.rssBeforeMiB)),
			'output items': mine[0].outputItems,
			ads: mine[0].ads,
		};
	};
	const ours = figuresOf('ours');
	const baseline = figuresOf('baseline');
	const wall = ratio(ours['wall ms (median)'], baseline['wall ms (median)']);
	const peak = ratio(ours['peak RSS MiB (median)'], baseline['peak RSS MiB (median)']);
	return {
		name: 'inventory',
		title: `Ad Get Many Return All over ${ads} ads vs HTTP Request pagination`,
		size,
		method:
			`${pairs} interleaved pairs, one fresh process per round (tsx + engine harness), sandbox in its own ` +
			'process; ours outputs one item per ad (simplified), the HTTP Request node one item per page.',
		rounds,
		summary: { ours, baseline },
		ratios: [
			{ metric: 'wall time', value: wall },
			{ metric: 'CPU time', value: ratio(ours['CPU ms (median)'], baseline['CPU ms (median)']) },
			{ metric: 'peak RSS', value: peak },
			{
				metric: 'RSS growth',
				value: ratio(ours['RSS growth MiB (median)'], baseline['RSS growth MiB (median)']),
			},
		],
		goals: [
			{ text: 'wall time ratio <= 1.0', met: wall <= 1 },
			{ text: 'peak memory ratio <= 1.0', met: peak <= 1 },
		],
	};
}
