/**
 * Benchmark 4, package cost: the cold load of every built node and credential file of the package
 * (fresh `node` process per sample, n8n-workflow already loaded as in n8n), against the same for
 * the two n8n nodes a user would wire instead (HTTP Request, all versions, and Webhook, from the
 * n8n release); and the size of the packed tarball (`npm pack --dry-run`).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { nodesBaseDist, n8nHome, webhookFile } from './lib/baselineNodes';
import { bySize, type BenchOptions } from './lib/options';
import type { BenchResult, Side } from './lib/report';
import { median, percentile, ratio, rotated } from './lib/stats';

const run = promisify(execFile);
const projectRoot = path.resolve(__dirname, '..');
const PACKED = ['dist', 'package.json', 'index.js', 'README.md', 'LICENSE'];

/**
 * A private copy of the built package: test runs rebuild dist/ at any moment (rm -rf dist first).
 * Taken under the lock scripts/n8n/install-package.sh builds and packs under; built when missing.
 */
async function snapshotPackage(): Promise<string> {
	const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-package-'));
	const script = `test -f dist/credentials/RealEstatePortalApi.credentials.js || npm run --silent build; cp -r ${PACKED.join(' ')} "$0"`;
	await run(
		'flock',
		[path.join(projectRoot, '.cache', 'install-package.lock'), 'sh', '-c', script, folder],
		{
			cwd: projectRoot,
		},
	);
	return folder;
}
const LOAD_GOAL_MS = 50;
const SIZE_GOAL_KB = 200;

function ourFiles(packageDir: string): string[] {
	const manifest = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as {
		n8n: { nodes: string[]; credentials: string[] };
	};
	return [...manifest.n8n.nodes, ...manifest.n8n.credentials].map((file) =>
		path.join(packageDir, file),
	);
}

interface LoadSide {
	preload: string;
	files: string[];
}

const sides: Record<Side, (packageDir: string) => LoadSide> = {
	ours: (packageDir) => ({ preload: require.resolve('n8n-workflow'), files: ourFiles(packageDir) }),
	baseline: () => ({
		preload: path.join(n8nHome, 'node_modules', 'n8n-workflow'),
		files: [path.join(nodesBaseDist, 'nodes', 'HttpRequest', 'HttpRequest.node.js'), webhookFile],
	}),
};

async function coldLoadMs(side: Side, packageDir: string): Promise<number> {
	const { preload, files } = sides[side](packageDir);
	// As n8n does for community packages: its own modules (n8n-workflow, zod) on NODE_PATH.
	const env = { ...process.env, NODE_PATH: path.join(projectRoot, 'node_modules') };
	const { stdout } = await run(
		process.execPath,
		[path.join(__dirname, 'rounds', 'coldLoad.js'), preload, ...files],
		{
			env,
		},
	);
	return (JSON.parse(stdout) as { elapsedMs: number }).elapsedMs;
}

async function packedSize(
	packageDir: string,
): Promise<{ sizeKB: number; unpackedKB: number; files: number }> {
	const { stdout } = await run('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
		cwd: packageDir,
	});
	const [packed] = JSON.parse(stdout) as Array<{
		size: number;
		unpackedSize: number;
		entryCount: number;
	}>;
	return {
		sizeKB: packed.size / 1000,
		unpackedKB: packed.unpackedSize / 1000,
		files: packed.entryCount,
	};
}

export async function packageCostBench({ size }: BenchOptions): Promise<BenchResult> {
	const pairs = bySize(size, { tiny: 3, full: 20 });
	const rounds: BenchResult['rounds'] = [];
	const packageDir = await snapshotPackage();
	let tarball: Awaited<ReturnType<typeof packedSize>>;
	try {
		for (const { round, side } of rotated<Side>(pairs, ['ours', 'baseline'])) {
			rounds.push({ side, round, loadMs: await coldLoadMs(side, packageDir) });
		}
		tarball = await packedSize(packageDir);
	} finally {
		fs.rmSync(packageDir, { recursive: true, force: true });
	}
	const figuresOf = (side: Side) => {
		const samples = rounds
			.filter((entry) => entry.side === side)
			.map((entry) => entry.loadMs as number);
		return {
			'cold load ms (median)': median(samples),
			'cold load ms (p90)': percentile(samples, 90),
			samples: samples.length,
		};
	};
	const ours = figuresOf('ours');
	const baseline = figuresOf('baseline');
	const oursLoad = ours['cold load ms (median)'];
	return {
		name: 'package',
		title: 'Cold load of the built nodes and credential, packed tarball size',
		size,
		method:
			`${pairs} interleaved pairs of fresh node processes; timed: require + instantiate of our 2 node files and ` +
			'1 credential file versus n8n-nodes-base HttpRequest.node.js (V1-V3) + Webhook.node.js; n8n-workflow ' +
			'preloaded and not timed. Tarball: npm pack --dry-run. Both on a private copy of the built package.',
		rounds,
		summary: {
			ours: {
				...ours,
				'tarball kB': tarball.sizeKB,
				'unpacked kB': tarball.unpackedKB,
				files: tarball.files,
			},
			baseline,
		},
		ratios: [
			{ metric: 'cold load', value: ratio(oursLoad, baseline['cold load ms (median)']) },
			{
				metric: 'cold load vs goal',
				value: ratio(oursLoad, LOAD_GOAL_MS),
				of: `ours / ${LOAD_GOAL_MS} ms goal`,
			},
			{
				metric: 'tarball vs goal',
				value: ratio(tarball.sizeKB, SIZE_GOAL_KB),
				of: `ours / ${SIZE_GOAL_KB} kB goal`,
			},
		],
		goals: [
			{ text: `cold load < ${LOAD_GOAL_MS} ms (median)`, met: oursLoad < LOAD_GOAL_MS },
			{ text: `tarball < ${SIZE_GOAL_KB} kB`, met: tarball.sizeKB < SIZE_GOAL_KB },
		],
	};
}
