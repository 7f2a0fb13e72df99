/**
 * The benchmarks' smoke run (`npm run bench:smoke`): every benchmark runs at tiny size, prints its
 * ratios and writes a well-formed JSON result. Figures are not judged here: that is the benchmark's job.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const projectRoot = path.resolve(__dirname, '..', '..');
const BENCHMARKS = ['inventory', 'association', 'package', 'sandbox', 'poll-network'];

function runSmoke(): Promise<{ code: number; output: string }> {
	return new Promise((resolve) => {
		execFile(
			path.join(projectRoot, 'scripts', 'run.sh'),
			['tsx', 'bench/run.ts', '--size', 'tiny'],
			{
				cwd: projectRoot,
				maxBuffer: 64 * 1024 * 1024,
				env: { ...process.env, NODE_ENV: 'production' },
			},
			(error, stdout, stderr) =>
				resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}\n${stderr}` }),
		);
	});
}

describe('npm run bench:smoke', () => {
	let code: number;
	let output: string;

	beforeAll(async () => {
		({ code, output } = await runSmoke());
	}, 900_000);

	it('runs every benchmark to the end', () => {
		expect({ code, failed: output.match(/benchmark [\w-]+ FAILED.*/g) ?? [] }).toEqual({
			code: 0,
			failed: [],
		});
	});

	it.each(BENCHMARKS)('prints the ratios of %s last in its section', (name) => {
		const section = output.split('\n== ').find((part) => part.startsWith(`${name}:`)) ?? '';
		const printed = section.split('\nresults: ')[0].trimEnd().split('\n');
		const firstRatio = printed.findIndex((line) => line.startsWith(`ratio ${name} `));
		const tail = firstRatio < 0 ? [] : printed.slice(firstRatio);

		expect(tail.length).toBeGreaterThan(0);
		for (const line of tail)
			expect(line).toMatch(new RegExp(`^ratio ${name} .+: \\d+\\.\\d{3} \\(`));
	});

	it.each(BENCHMARKS)('writes the JSON result of %s', (name) => {
		const file = new RegExp(`results: (\\S+-${name}\\.json)`).exec(output)?.[1];
		expect(file).toBeDefined();
		const result = JSON.parse(fs.readFileSync(file!, 'utf8'));

		expect(result).toMatchObject({
			name,
			size: 'tiny',
			method: expect.any(String),
			machine: { nproc: expect.any(Number), node: expect.any(String) },
		});
		expect(result.rounds.length).toBeGreaterThan(0);
		for (const round of result.rounds)
			expect(round).toMatchObject({ side: expect.any(String), round: expect.any(Number) });
		expect(Object.keys(result.summary).length).toBeGreaterThanOrEqual(2);
		for (const entry of result.ratios) {
			expect(entry).toMatchObject({ metric: expect.any(String), value: expect.any(Number) });
			expect(Number.isFinite(entry.value)).toBe(true);
		}
		for (const goal of result.goals)
			expect(goal).toMatchObject({ text: expect.any(String), met: expect.any(Boolean) });
	});
});
