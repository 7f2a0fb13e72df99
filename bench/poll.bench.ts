/**
 * Benchmark 6, one poll of the poll trigger (Ad Changed) over the sandbox's online ads: wall time
 * and peak memory of the poll after activation, with a few ads changed in between, against Ad → Get
 * Many with Return All over the same ads (the reading any polling needs). Each round runs in a fresh
 * process; peak memory is that process's maxRSS (activation poll included).
 */
import { runRound, type ProcessFigures } from './lib/childRound';
import { bySize, roundsOf, type BenchOptions } from './lib/options';
import type { BenchResult, Side } from './lib/report';
import { startSandboxProcess } from './lib/sandboxProcess';
import { interleaved, median, ratio } from './lib/stats';

interface PollRound extends ProcessFigures {
	emitted: number;
	ads: number;
	staticDataBytes: number;
}

/** The bounds: a poll of 20,000 ads within a few seconds and tens of MB. */
const GOAL_WALL_MS = 5_000;
const GOAL_GROWTH_MIB = 100;

export async function pollBench(options: BenchOptions): Promise<BenchResult> {
	const { size } = options;
	const ads = bySize(size, { tiny: 1_000, full: 20_000 });
	const pairs = roundsOf(options, { tiny: 1, full: 3 });
	const rounds: BenchResult['rounds'] = [];
	for (const { round, side } of interleaved<Side>(pairs, 'ours', 'baseline')) {
		// A fresh sandbox per round: each round changes ads.
		const sandbox = await startSandboxProcess({ SANDBOX_ADS: String(ads) });
		try {
			const figures = await runRound<PollRound>('poll.round.ts', { side, url: sandbox.url });
			if (figures.ads !== ads) throw new Error(`${side} saw ${figures.ads} ads of ${ads}`);
			if (side === 'ours' && figures.emitted !== 10)
				throw new Error(`the poll emitted ${figures.emitted} changes of 10`);
			rounds.push({ side, round, ...figures });
			console.log(
				`  round ${round} ${side.padEnd(8)} ${figures.wallMs.toFixed(0)} ms, peak RSS ${figures.peakRssMiB.toFixed(1)} MiB`,
			);
		} finally {
			await sandbox.stop();
		}
	}
	const figuresOf = (side: Side) => {
		const mine = rounds.filter((entry) => entry.side === side) as unknown as PollRound[];
		return {
			'wall ms (median)': median(mine.map((entry) => entry.wallMs)),
			'CPU ms (median)': median(mine.map((entry) => entry.cpuMs)),
			'peak RSS MiB (median)': median(mine.map((entry) => entry.peakRssMiB)),
			'RSS growth MiB (median)': median(mine.map((entry) => entry.peakRssMiB - entry.rssBeforeMiB)),
			'items emitted': mine[0].emitted,
			'static data bytes': mine[0].staticDataBytes,
			ads: mine[0].ads,
		};
	};
	const ours = figuresOf('ours');
	const baseline = figuresOf('baseline');
	const wall = ours['wall ms (median)'];
	const growth = ours['RSS growth MiB (median)'];
	return {
		name: 'poll',
		title: `One poll (Ad Changed) over ${ads} ads vs Ad Get Many Return All`,
		size,
		method:
			`${pairs} interleaved pairs, one fresh process and one fresh sandbox process per round; ours: ` +
			'activation poll, 10 ads modified, then the measured poll; baseline: one Return All read.',
		rounds,
		summary: { ours, baseline },
		ratios: [
			{ metric: 'wall time', value: ratio(wall, baseline['wall ms (median)']) },
			{
				metric: 'peak RSS',
				value: ratio(ours['peak RSS MiB (median)'], baseline['peak RSS MiB (median)']),
			},
			{
				metric: 'wall time vs goal',
				value: ratio(wall, GOAL_WALL_MS),
				of: `ours / ${GOAL_WALL_MS} ms`,
			},
			{
				metric: 'RSS growth vs goal',
				value: ratio(growth, GOAL_GROWTH_MIB),
				of: `ours / ${GOAL_GROWTH_MIB} MiB`,
			},
		],
		goals: [
			{ text: `one poll within ${GOAL_WALL_MS / 1000} s`, met: wall <= GOAL_WALL_MS },
			{ text: `RSS growth within ${GOAL_GROWTH_MIB} MiB`, met: growth <= GOAL_GROWTH_MIB },
		],
	};
}
