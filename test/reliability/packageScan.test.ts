/**
 * Suite 5: the production dependency tree is clean for `npm audit`, and the packed tarball passes
 * n8n's community package scanner rules (its ESLint legs, run locally by scripts/scan-package.sh).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

jest.setTimeout(240_000);

const ROOT = path.resolve(__dirname, '../..');
const SCANNER_HOME = path.join(ROOT, '.cache/scan-community-package-0.32.0');

function run(command: string, args: string[]) {
	// eslint-plugin-n8n-nodes-base switches to its own rule-test fixtures when NODE_ENV is 'test' (jest's).
	const env = { ...process.env, NODE_ENV: 'production' };
	const result = spawnSync(command, args, {
		cwd: ROOT,
		encoding: 'utf8',
		env,
		maxBuffer: 64 * 1024 * 1024,
	});
	return {
		status: result.status,
		stdout: result.stdout,
		output: `${result.stdout}${result.stderr}`,
	};
}

test('npm audit of the production tree finds nothing, and that tree is the package alone', () => {
	const audit = run('npm', ['audit', '--omit=dev', '--json']);
	const report = JSON.parse(audit.stdout) as {
		metadata: { vulnerabilities: { total: number }; dependencies: { prod: number } };
	};
	process.stdout.write(`npm audit --omit=dev: ${JSON.stringify(report.metadata)}\n`);
	expect(report.metadata.vulnerabilities.total).toBe(0);
	expect(report.metadata.dependencies.prod).toBe(1);
	const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as Record<
		string,
		unknown
	>;
	expect(manifest.dependencies ?? {}).toEqual({});
	expect(manifest.optionalDependencies ?? {}).toEqual({});
	expect(manifest.bundleDependencies ?? manifest.bundledDependencies ?? []).toEqual([]);
});

describe("n8n's community package scanner rules", () => {
	test('the packed tarball and the sources pass', () => {
		const scan = run(path.join(ROOT, 'scripts/scan-package.sh'), []);
		process.stdout.write(scan.output);
		expect(scan.output).toMatch(/^PASS tarball/m);
		expect(scan.output).toMatch(/^PASS source/m);
		expect(scan.status).toBe(0);
	});

	test('the same rules do fail a package that breaks them (the check is live)', () => {
		const fixture = mkdtempSync(path.join(tmpdir(), 'scan-fixture-'));
		try {
			mkdirSync(path.join(fixture, 'dist/nodes'), { recursive: true });
			writeFileSync(
				path.join(fixture, 'package.json'),
				readFileSync(path.join(ROOT, 'package.json')),
			);
			writeFileSync(
				path.join(fixture, 'dist/nodes/Leaky.node.js'),
				'console.log(process.env.SECRET);\n',
			);
			const scan = run('node', [
				path.join(ROOT, 'scripts/scan-package.mjs'),
				SCANNER_HOME,
				fixture,
				fixture,
			]);
			expect(scan.output).toMatch(/^FAIL tarball/m);
			expect(scan.output).toMatch(/no-console/);
			expect(scan.status).toBe(1);
		} finally {
			rmSync(fixture, { recursive: true, force: true });
		}
	});
});
