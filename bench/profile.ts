/**
 * `scripts/run.sh tsx bench/profile.ts [association|inventory] [ours|baseline|fair] [count]`: one
 * round of a benchmark, as it runs it (bench/rounds/<name>.round.ts), under `node --cpu-prof`, then
 * the profile's shares: per package, the busiest functions, and the inclusive time of the per-item
 * steps. Defaults: association, ours, the full size (5,000 items; 20,000 ads for the inventory).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { BATCH_SIZE, FAULTS, freeAds } from './association.bench';
import type { ProcessFigures } from './lib/childRound';
import { summarise } from './lib/cpuProfile';
import { startSandboxProcess, type SandboxProcess } from './lib/sandboxProcess';

/** Per-item steps whose inclusive time the notes compare (n8n-core, n8n-workflow, ours). */
const STEPS = [
	'getNodeParameter',
	'getParameterValue',
	'resolveSimpleParameterValue',
	'getCredentials',
	'httpRequestWithAuthentication',
	'authenticate',
	'preAuthentication',
	'portalRequest',
	'portalRequestAllPages',
	'normalizeAd',
	'toIsoDate',
	'constructExecutionMetaData',
	'(garbage collector)',
];

interface Profiled {
	/** The emulator's environment. */
	sandboxEnv: Record<string, string>;
	/** Prepares the emulator and answers the round's arguments. */
	prepare(sandbox: SandboxProcess, side: string, dir: string): Promise<object>;
}

const ROUNDS: Record<string, (count: number) => Profiled> = {
	association: (items) => ({
		sandboxEnv: { SANDBOX_ADS: String(Math.max(items * 2, 1_000)) },
		async prepare(sandbox, side, dir) {
			const inputFile = path.join(dir, 'input.json');
			fs.writeFileSync(inputFile, JSON.stringify(await freeAds(sandbox, items)));
			await sandbox.admin('POST', '/reset');
			await sandbox.admin('PUT', '/faults', FAULTS);
			return { side, url: sandbox.url, inputFile, batchSize: BATCH_SIZE };
		},
	}),
	inventory: (ads) => ({
		sandboxEnv: { SANDBOX_ADS: String(ads) },
		prepare: async (sandbox, side) => ({ side, url: sandbox.url }),
	}),
};
const FULL_SIZE: Record<string, number> = { association: 5_000, inventory: 20_000 };

function parseArguments(args: string[]) {
	const round = args.find((arg) => arg in ROUNDS) ?? 'association';
	const side = args.find((arg) => ['ours', 'baseline', 'fair'].includes(arg)) ?? 'ours';
	const count = Number(args.find((arg) => /^\d+$/.test(arg)) ?? FULL_SIZE[round]);
	return { round, side, count };
}

async function main() {
	const { round, side, count } = parseArguments(process.argv.slice(2));
	const profiled = ROUNDS[round](count);
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-profile-'));
	const sandbox = await startSandboxProcess(profiled.sandboxEnv);
	try {
		const args = await profiled.prepare(sandbox, side, dir);
		const script = path.join(__dirname, 'rounds', `${round}.round.ts`);
		const { stdout } = await promisify(execFile)(
			process.execPath,
			['--cpu-prof', `--cpu-prof-dir=${dir}`, '--import', 'tsx', script, JSON.stringify(args)],
			{ maxBuffer: 64 * 1024 * 1024 },
		);
		const figures = stdout.trim().split('\n').pop()!;
		console.log(`round: ${figures}`);
		const profile = fs.readdirSync(dir).find((name) => name.endsWith('.cpuprofile'))!;
		const kept = path.join(dir, profile);
		// The run only: module loading and the engine's set-up are left out.
		const { runWindowUs } = JSON.parse(figures) as ProcessFigures;
		const summary = summarise(kept, STEPS, runWindowUs);
		console.log(`profile: ${kept}, the run's ${summary.sampledMs} ms`);
		for (const [title, rows] of [
			['share of samples per package (self time)', summary.byPackage],
			['busiest functions (self time)', summary.topSelf],
			['inclusive time of the per-item steps', summary.inclusive],
		] as const) {
			console.log(`\n${title}, % of samples:`);
			for (const [name, percent] of rows) console.log(`${String(percent).padStart(6)}  ${name}`);
		}
	} finally {
		await sandbox.stop();
	}
}

main().catch((error: unknown) => {
	console.error(error);
	process.exit(1);
});
