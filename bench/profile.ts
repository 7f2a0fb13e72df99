/**
 * `scripts/run.sh tsx bench/profile.ts [ours|baseline|fair] [items]`: one bulk-association round
 * (bench/rounds/association.round.ts, as benchmark 3 runs it) under `node --cpu-prof`, then the
 * profile's shares: per package, the busiest functions, and the inclusive time of the per-item steps.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { BATCH_SIZE, FAULTS, freeAds } from './association.bench';
import { summarise } from './lib/cpuProfile';
import { startSandboxProcess } from './lib/sandboxProcess';

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
	'validateInput',
	'constructExecutionMetaData',
];

async function main() {
	const side = process.argv[2] ?? 'ours';
	const items = Number(process.argv[3] ?? 5_000);
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-profile-'));
	const sandbox = await startSandboxProcess({ SANDBOX_ADS: String(Math.max(items * 2, 1_000)) });
	try {
		const inputFile = path.join(dir, 'input.json');
		fs.writeFileSync(inputFile, JSON.stringify(await freeAds(sandbox, items)));
		await sandbox.admin('POST', '/reset');
		await sandbox.admin('PUT', '/faults', FAULTS);
		const round = path.join(__dirname, 'rounds', 'association.round.ts');
		const args = { side, url: sandbox.url, inputFile, batchSize: BATCH_SIZE };
		const { stdout } = await promisify(execFile)(
			process.execPath,
			['--cpu-prof', `--cpu-prof-dir=${dir}`, '--import', 'tsx', round, JSON.stringify(args)],
			{ maxBuffer: 64 * 1024 * 1024 },
		);
		console.log(`round: ${stdout.trim().split('\n').pop()}`);
		const profile = fs.readdirSync(dir).find((name) => name.endsWith('.cpuprofile'))!;
		const kept = path.join(dir, profile);
		const summary = summarise(kept, STEPS);
		console.log(`profile: ${kept}, ${summary.sampledMs} ms sampled`);
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
