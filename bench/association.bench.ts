/**
 * Benchmark 3, bulk association: Ad → Associate over a list of ads, ours with its Batching option
 * versus n8n's HTTP Request node (every item at once) in two set-ups, the token pasted in the query
 * with n8n's defaults and the fair one (bench/lib/twoBaselines.ts), while the emulator answers 429
 * with Retry-After: 1 to a share of the association requests. All continue on fail, so an item is
 * lost when it is neither a result nor an error item. After every round the emulator's own state is
 * checked: each listed ad associated exactly once, with its code.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { processLine, processMedians, runRound, type ProcessFigures } from './lib/childRound';
import { bySize, roundsOf, type BenchOptions } from './lib/options';
import type { BenchResult } from './lib/report';
import { startSandboxProcess, type SandboxProcess } from './lib/sandboxProcess';
import { rotated, sum } from './lib/stats';
import {
	ENGINE_SIDES,
	FAIR_BASELINE,
	PROCESS_METRICS,
	compareSides,
	ratioValue,
	type EngineSide,
} from './lib/twoBaselines';

interface AssociationRound extends ProcessFigures {
	status: string;
	inputItems: number;
	results: number;
	errorItems: number;
	lost: number;
}

interface AdAssociation {
	idAvisoPlat: number;
	codigoAviso: string;
}

const INTERFACE = 'demo-les';
export const FAULTS = {
	rate: 0.003,
	statuses: [429],
	retryAfterSeconds: 1,
	pathPattern: 'asociar',
};
/** Ours: Items per Batch; BENCH_BATCH_SIZE=5000 puts as many requests in flight as the baseline. */
export const BATCH_SIZE = Number(process.env.BENCH_BATCH_SIZE ?? 100);

async function associations(sandbox: SandboxProcess): Promise<AdAssociation[]> {
	return (await sandbox.admin<{ associations: AdAssociation[] }>('GET', `/interfaces/${INTERFACE}`))
		.associations;
}

/** The first `count` online ads of INMO-001 not yet associated to the interface, with a code each. */
export async function freeAds(sandbox: SandboxProcess, count: number): Promise<AdAssociation[]> {
	const ads = await sandbox.admin<Array<{ idAvisoPlat: number }>>(
		'GET',
		'/agencies/INMO-001/ads?online=true',
	);
	const taken = new Set((await associations(sandbox)).map((entry) => entry.idAvisoPlat));
	const free = ads.filter((ad) => !taken.has(ad.idAvisoPlat)).slice(0, count);
	if (free.length < count) throw new Error(`only ${free.length} free ads for ${count} items`);
	return free.map((ad) => ({
		idAvisoPlat: ad.idAvisoPlat,
		codigoAviso: `BENCH-${ad.idAvisoPlat}`,
	}));
}

/** Listed ads associated exactly once with their code, as the emulator sees it. */
function associatedOnce(
	input: AdAssociation[],
	after: AdAssociation[],
): { once: number; duplicates: number } {
	const counts = new Map<number, number>();
	for (const entry of after)
		counts.set(entry.idAvisoPlat, (counts.get(entry.idAvisoPlat) ?? 0) + 1);
	const codes = new Map(after.map((entry) => [entry.idAvisoPlat, entry.codigoAviso]));
	const once = input.filter(
		(ad) => counts.get(ad.idAvisoPlat) === 1 && codes.get(ad.idAvisoPlat) === ad.codigoAviso,
	);
	return {
		once: once.length,
		duplicates: [...counts.values()].filter((count) => count > 1).length,
	};
}

export async function associationBench(options: BenchOptions): Promise<BenchResult> {
	const { size } = options;
	const items = bySize(size, { tiny: 200, full: 5_000 });
	const pairs = roundsOf(options, { tiny: 1, full: 3 });
	const sandbox = await startSandboxProcess({ SANDBOX_ADS: String(Math.max(items * 2, 1_000)) });
	const inputFile = path.join(
		fs.mkdtempSync(path.join(os.tmpdir(), 'bench-association-')),
		'input.json',
	);
	const rounds: BenchResult['rounds'] = [];
	try {
		const input = await freeAds(sandbox, items);
		fs.writeFileSync(inputFile, JSON.stringify(input));
		for (const { round, side } of rotated(pairs, ENGINE_SIDES)) {
			await sandbox.admin('POST', '/reset');
			await sandbox.admin('PUT', '/faults', FAULTS);
			const figures = await runRound<AssociationRound>('association.round.ts', {
				side,
				url: sandbox.url,
				inputFile,
				batchSize: BATCH_SIZE,
			});
			const { injected } = await sandbox.admin<{ injected: number }>('GET', '/faults');
			const state = associatedOnce(input, await associations(sandbox));
			// Ours repeats every 429 it gets (within its attempt bound); the HTTP Request node repeats
			// nothing per item (Retry On Fail re-runs the whole node only when its first item failed).
			const retries = side === 'ours' ? injected - figures.errorItems : 0;
			rounds.push({ side, round, ...figures, injected429: injected, retries, ...state });
			console.log(
				`  round ${round} ${side.padEnd(8)} ${processLine(figures)}, 429s ${injected}, ` +
					`results ${figures.results}, errors ${figures.errorItems}, lost ${figures.lost}, associated once ${state.once}`,
			);
		}
	} finally {
		await sandbox.stop();
		fs.rmSync(path.dirname(inputFile), { recursive: true, force: true });
	}
	const figuresOf = (side: EngineSide) => {
		const mine = rounds.filter((entry) => entry.side === side) as unknown as Array<
			AssociationRound & { injected429: number; retries: number; once: number; duplicates: number }
		>;
		return {
			...processMedians(mine),
			'429 answered (all rounds)': sum(mine.map((entry) => entry.injected429)),
			'retries (all rounds)': sum(mine.map((entry) => entry.retries)),
			'error items (all rounds)': sum(mine.map((entry) => entry.errorItems)),
			'lost (all rounds)': sum(mine.map((entry) => entry.lost)),
			'not associated exactly once (all rounds)': sum(mine.map((entry) => items - entry.once)),
		};
	};
	const { summary, ratios } = compareSides(figuresOf, PROCESS_METRICS);
	const valueOf = (metric: string) => ratioValue(ratios, metric);
	const { ours } = summary;
	return {
		name: 'association',
		title: `Associate ${items} ads, 429 on ${FAULTS.rate * 100}% of requests (Retry-After ${FAULTS.retryAfterSeconds} s)`,
		size,
		method:
			`${pairs} rounds of the three sides in rotated order, one fresh process per round, emulator reset ` +
			`before each; ours: Batching ${BATCH_SIZE} items per batch, no interval; baseline = HTTP Request ` +
			`node, token in the query, defaults (no batching, no retry); ${FAIR_BASELINE}; all continue on fail.`,
		rounds,
		summary,
		ratios,
		goals: [
			{
				text: 'wall time <= 0.9 of the fair baseline',
				met: valueOf('wall time vs fair') <= 0.9,
			},
			{
				text: 'wall time <= 1.0 of the baseline',
				met: valueOf('wall time') <= 1,
			},
			{
				text: 'CPU time <= 1.0 of both baselines',
				met: valueOf('CPU time') <= 1 && valueOf('CPU time vs fair') <= 1,
			},
			{ text: 'ours: no item lost', met: ours['lost (all rounds)'] === 0 },
			{
				text: 'ours: every ad associated exactly once in the emulator',
				met: ours['not associated exactly once (all rounds)'] === 0,
			},
		],
	};
}
