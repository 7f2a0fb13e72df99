/**
 * `npm run bench:sandbox` (and benchmark 5 of `npm run bench`): how fast the sandbox answers the
 * online ad summary with a large inventory. The sandbox runs in its own process (`npm run sandbox`
 * with SANDBOX_ADS=20000), so it and the load generator each have a core. Prints requests per
 * second per scenario, the ratio to a trivial route of the same server (the baseline), and whether
 * the ad summary meets its target.
 */
import { bySize, parseOptions, type BenchOptions } from './lib/options';
import { printResult, type BenchResult } from './lib/report';
import { startSandboxProcess } from './lib/sandboxProcess';
import { ratio } from './lib/stats';

interface AutocannonResult {
	requests: { average: number };
	latency: { p50: number; p99: number };
	non2xx: number;
	errors: number;
	timeouts: number;
}
type Autocannon = (options: {
	url: string;
	connections: number;
	duration: number;
	pipelining: number;
}) => Promise<AutocannonResult>;
// autocannon ships no type declarations; this is the part used here.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon: Autocannon = require('autocannon');

const TARGET_REQUESTS_PER_SECOND = 3_000;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ADS = 20_000;
const TOKEN = 'access_token=demo-les-token';
const SUMMARY = '/v1/inmobiliarias/INMO-001/avisos/online/resumen';

const scenarios: Array<{ name: string; path: string; isTarget?: boolean }> = [
	{ name: 'baseline: currencies lookup', path: `/v1/monedas?${TOKEN}` },
	{ name: 'ad summary, first page (20)', path: `${SUMMARY}?${TOKEN}`, isTarget: true },
	{
		name: 'ad summary, page 50 of 200',
		path: `${SUMMARY}?${TOKEN}&pageable.page=50&pageable.size=200`,
	},
	{
		name: 'ad summary, 4 filters (full scan)',
		path: `${SUMMARY}?${TOKEN}&operacion=VENTA&codigoMoneda=USD&precioHasta=300000&titulo=departamento`,
	},
];

export async function sandboxBench({ size }: BenchOptions): Promise<BenchResult> {
	const durationSeconds = Number(process.env.BENCH_DURATION ?? bySize(size, { tiny: 1, full: 8 }));
	const started = Date.now();
	const sandbox = await startSandboxProcess({ SANDBOX_ADS: String(ADS) });
	console.log(
		`  sandbox with ${ADS} ads up in ${Date.now() - started} ms (process start included) at ${sandbox.url}`,
	);
	console.log(`  ${CONNECTIONS} connections, ${durationSeconds} s per scenario`);
	const rounds: BenchResult['rounds'] = [];
	const summary: BenchResult['summary'] = {};
	let baseline = 0;
	let target = { perSecond: 0, failures: 0 };
	try {
		for (const scenario of scenarios) {
			const result = await autocannon({
				url: `${sandbox.url}${scenario.path}`,
				connections: CONNECTIONS,
				duration: durationSeconds,
				pipelining: 1,
			});
			const perSecond = result.requests.average;
			baseline ||= perSecond;
			const failures = result.non2xx + result.errors + result.timeouts;
			const figures = {
				'req/s': perSecond,
				'p50 ms': result.latency.p50,
				'p99 ms': result.latency.p99,
				failures,
			};
			rounds.push({ side: scenario.name, round: 1, ...figures });
			summary[scenario.name] = { ...figures, 'x of baseline': ratio(perSecond, baseline) };
			if (scenario.isTarget) target = { perSecond, failures };
		}
	} finally {
		await sandbox.stop();
	}
	const firstPage = scenarios.find((scenario) => scenario.isTarget)!.name;
	return {
		name: 'sandbox',
		title: `The emulator: ad summary with ${ADS} ads under autocannon`,
		size,
		method: `autocannon, ${CONNECTIONS} connections, ${durationSeconds} s per scenario, sandbox in its own process.`,
		rounds,
		summary,
		ratios: [
			{
				metric: 'ad summary first page',
				value: ratio(target.perSecond, baseline),
				of: 'req/s / currencies lookup req/s',
			},
			{
				metric: 'ad summary first page vs target',
				value: ratio(target.perSecond, TARGET_REQUESTS_PER_SECOND),
				of: `req/s / ${TARGET_REQUESTS_PER_SECOND} req/s target`,
			},
		],
		goals: [
			{
				text: `${firstPage}: >= ${TARGET_REQUESTS_PER_SECOND} req/s without failures`,
				met: target.perSecond >= TARGET_REQUESTS_PER_SECOND && target.failures === 0,
			},
		],
	};
}

if (require.main === module) {
	sandboxBench(parseOptions(process.argv.slice(2)))
		.then((result) => {
			printResult(result);
			process.exitCode = result.goals.every((goal) => goal.met) ? 0 : 1;
		})
		.catch((error: unknown) => {
			console.error(error);
			process.exit(1);
		});
}
