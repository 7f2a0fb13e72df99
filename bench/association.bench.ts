/**
 * Benchmark 3, bulk association: Ad → Associate over a list of ads, ours with its Batching option
 * versus n8n's HTTP Request node with its defaults (every item at once, no retry), while the
 * emulator answers 429 with Retry-After: 1 to a share of the association requests. Both continue on
 * fail, so an item is lost when it is neither a result nor an error item. After every round the
 * emulator's own state is checked: each listed ad associated exactly once, with its code.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { runRound, type ProcessFigures } from './lib/childRound';
import { bySize, type BenchOptions } from './lib/options';
import type { BenchResult, Side } from './lib/report';
import { startSandboxProcess, type SandboxProcess } from './lib/sandboxProcess';
import { interleaved, median, ratio, sum } from './lib/stats';

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
const FAULTS = { rate: 0.003, statuses: [429], retryAfterSeconds: 1, pathPattern: 'asociar' };
const BATCH_SIZE = 100;

async function associations(sandbox: SandboxProcess): Promise<AdAssociation[]> {
	return (await sandbox.admin<{ associations: AdAssociation[] }>('GET', `/interfaces/${INTERFACE}`))
		.associations;
}

/** The first `count` online ads of INMO-001 not yet associated to the interface, with a code each. */
async function freeAds(sandbox: SandboxProcess, count: number): Promise<AdAssociation[]> {
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

export async function associationBench({ size }: BenchOptions): Promise<BenchResult> {
	const items = bySize(size, { tiny: 200, full: 5_000 });
	const pairs = bySize(size, { tiny: 1, full: 2 });
	const sandbox = await startSandboxProcess({ SANDBOX_ADS: String(Math.max(items * 2, 1_000)) });
	const inputFile = path.join(
		fs.mkdtempSync(path.join(os.tmpdir(), 'bench-association-')),
		'input.json',
	);
	const rounds: BenchResult['rounds'] = [];
	try {
		const input = await freeAds(sandbox, items);
		fs.writeFileSync(inputFile, JSON.stringify(input));
		for (const { round, side } of interleaved<Side>(pairs, 'ours', 'baseline')) {
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
			// Ours repeats every 429 it gets (within its attempt bound); the HTTP Request node none.
			const retries = side === 'ours' ? injected - figures.errorItems : 0;
			rounds.push({ side, round, ...figures, injected429: injected, retries, ...state });
			console.log(
				`  round ${round} ${side.padEnd(8)} ${figures.wallMs.toFixed(0)} ms, 429s ${injected}, ` +
					`results ${figures.results}, errors ${figures.errorItems}, lost ${figures.lost}, associated once ${state.once}`,
			);
		}
	} finally {
		await sandbox.stop();
		fs.rmSync(path.dirname(inputFile), { recursive: true, force: true });
	}
	const figuresOf = (side: Side) => {
		const mine = rounds.filter((entry) => entry.side === side) as unknown as Array<
			AssociationRound & { injected429: number; retries: number; once: number; duplicates: number }
		>;
		return {
			'wall ms (median)': median(mine.map((entry) => entry.wallMs)),
			'CPU ms (median)': median(mine.map((entry) => entry.cpuMs)),
			'peak RSS MiB (median)': median(mine.map((entry) => entry.peakRssMiB)),
			'429 answered (all rounds)': sum(mine.map((entry) => entry.injected429)),
			'retries (all rounds)': sum(mine.map((entry) => entry.retries)),
			'error items (all rounds)': sum(mine.map((entry) => entry.errorItems)),
			'lost (all rounds)': sum(mine.map((entry) => entry.lost)),
			'not associated exactly once (all rounds)': sum(mine.map((entry) => items - entry.once)),
		};
	};
	const ours = figuresOf('ours');
	const baseline = figuresOf('baseline');
	return {
		name: 'association',
		title: `Associate ${items} ads, 429 on ${FAULTS.rate * 100}% of requests (Retry-After ${FAULTS.retryAfterSeconds} s)`,
		size,
		method:
			`${pairs} interleaved pairs, one fresh process per round, emulator reset before each; ours: Batching ` +
			`${BATCH_SIZE} items per batch, no interval; HTTP Request node: defaults (no batching, no retry); both ` +
			'continue on fail.',
		rounds,
		summary: { ours, baseline },
		ratios: [
			{ metric: 'wall time', value: ratio(ours['wall ms (median)'], baseline['wall ms (median)']) },
			{ metric: 'CPU time', value: ratio(ours['CPU ms (median)'], baseline['CPU ms (median)']) },
			{
				metric: 'peak RSS',
				value: ratio(ours['peak RSS MiB (median)'], baseline['peak RSS MiB (median)']),
			},
		],
		goals: [
			{ text: 'ours: no item lost', met: ours['lost (all rounds)'] === 0 },
			{
				text: 'ours: every ad associated exactly once in the emulator',
				met: ours['not associated exactly once (all rounds)'] === 0,
			},
		],
	};
}
