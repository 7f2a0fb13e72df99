/**
 * `npm run bench [-- --size tiny] [-- --only inventory,lead-burst] [-- --rounds 7]`: the six
 * benchmarks, each comparing ours with n8n's own nodes on the same work, each printing its ratios last
 * and writing bench/results/<stamp>-<name>.json. Builds dist/ first (the package cost and lead-burst
 * use the built package).
 */
import { execFile } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { associationBench } from './association.bench';
import { inventoryBench } from './inventory.bench';
import { leadBurstBench } from './leadBurst.bench';
import { N8N_VERSION } from './lib/baselineNodes';
import { parseOptions, type BenchOptions } from './lib/options';
import { machine, printResult, writeResult, type BenchResult } from './lib/report';
import { packageCostBench } from './packageCost.bench';
import { pollNetworkBench } from './pollNetwork.bench';
import { sandboxBench } from './sandbox.bench';

const projectRoot = path.resolve(__dirname, '..');

const benchmarks: Array<[string, (options: BenchOptions) => Promise<BenchResult>]> = [
	['inventory', inventoryBench],
	['association', associationBench],
	['package', packageCostBench],
	['sandbox', sandboxBench],
	['poll-network', pollNetworkBench],
	['lead-burst', leadBurstBench],
];

/**
 * lead-burst starts a fresh n8n for each side it compares: minutes even at tiny size, too long for
 * the smoke run (`--size tiny` without `--only`).
 */
const IN_THE_SMOKE_RUN = new Set(
	benchmarks.map(([name]) => name).filter((name) => name !== 'lead-burst'),
);

async function main() {
	const options = parseOptions(process.argv.slice(2));
	const stamp = new Date().toISOString().replace(/[:.]/g, '-');
	const started = Date.now();
	console.log(`bench ${options.size} on ${JSON.stringify(machine())}, n8n ${N8N_VERSION}`);
	console.log('building dist/ (npm run build)');
	// The same lock as scripts/n8n/install-package.sh: an end-to-end test may be packing dist/ right now.
	await promisify(execFile)(
		'flock',
		[path.join(projectRoot, '.cache', 'install-package.lock'), 'npm', 'run', '--silent', 'build'],
		{
			cwd: projectRoot,
		},
	);
	const failed: string[] = [];
	for (const [name, bench] of benchmarks) {
		if (options.only && !options.only.includes(name)) continue;
		if (!options.only && options.size === 'tiny' && !IN_THE_SMOKE_RUN.has(name)) {
			console.log(`\n-- ${name}: not in the smoke run (--only ${name} --size tiny runs it)`);
			continue;
		}
		console.log(`\n-- ${name} (load average ${os.loadavg()[0].toFixed(2)})`);
		try {
			const result = await bench(options);
			printResult(result);
			console.log(`results: ${writeResult(result, stamp)}`);
			console.log(`(load average at the end ${os.loadavg()[0].toFixed(2)})`);
		} catch (error) {
			failed.push(name);
			console.error(`benchmark ${name} FAILED:`, error);
		}
	}
	console.log(
		`\nall done in ${((Date.now() - started) / 1000).toFixed(0)} s${failed.length ? `; FAILED: ${failed.join(', ')}` : ''}`,
	);
	process.exitCode = failed.length ? 1 : 0;
}

main().catch((error: unknown) => {
	console.error(error);
	process.exit(1);
});
