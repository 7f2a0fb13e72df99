/**
 * `npm run bench:sandbox`: how fast the sandbox answers the online ad summary with a large inventory.
 * The sandbox runs in its own process (`npm run sandbox` with SANDBOX_ADS=20000), so it and the load
 * generator each have a core. Prints requests per second per scenario, the ratio to a trivial route
 * of the same server (the baseline), and whether the ad summary meets its target.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';

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
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const TOKEN = 'access_token=demo-les-token';
const SUMMARY = '/v1/inmobiliarias/INMO-001/avisos/online/resumen';

const scenarios: Array<{ name: string; path: string; isTarget?: boolean }> = [
	{ name: 'baseline: currencies lookup', path: `/v1/monedas?${TOKEN}` },
	{ name: 'ad summary, first page (20)', path: `${SUMMARY}?${TOKEN}`, isTarget: true },
	{ name: 'ad summary, page 50 of 200', path: `${SUMMARY}?${TOKEN}&pageable.page=50&pageable.size=200` },
	{
		name: 'ad summary, 4 filters (full scan)',
		path: `${SUMMARY}?${TOKEN}&operacion=VENTA&codigoMoneda=USD&precioHasta=300000&titulo=departamento`,
	},
];

function startSandboxProcess(): Promise<{ child: ChildProcess; url: string }> {
	const child = spawn('tsx', ['sandbox/main.ts'], {
		env: { ...process.env, SANDBOX_PORT: '0', SANDBOX_ADS: '20000', SANDBOX_QUIET: '1' },
		stdio: ['ignore', 'pipe', 'inherit'],
	});
	return new Promise((resolve, reject) => {
		let output = '';
		// Keep reading after the URL: a closed pipe would kill the sandbox on its next line.
		child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
			output += chunk;
			const match = /listening on (http:\/\/\S+)/.exec(output);
			if (match) resolve({ child, url: match[1] });
		});
		child.once('exit', (code) => reject(new Error(`The sandbox exited (${code}) before listening:\n${output}`)));
	});
}

async function main() {
	const started = Date.now();
	const { child, url } = await startSandboxProcess();
	console.log(`sandbox with 20,000 ads up in ${Date.now() - started} ms (process start included) at ${url}`);
	console.log(`${CONNECTIONS} connections, ${DURATION_SECONDS} s per scenario\n`);
	try {
		let baseline = 0;
		let targetMet = false;
		for (const scenario of scenarios) {
			const result = await autocannon({
				url: `${url}${scenario.path}`,
				connections: CONNECTIONS,
				duration: DURATION_SECONDS,
				pipelining: 1,
			});
			const perSecond = result.requests.average;
			baseline ||= perSecond;
			const failures = result.non2xx + result.errors + result.timeouts;
			console.log(
				`${scenario.name.padEnd(36)} ${perSecond.toFixed(0).padStart(7)} req/s  ` +
					`x${(perSecond / baseline).toFixed(2)} of baseline  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms` +
					(failures ? `  FAILURES ${failures}` : ''),
			);
			if (scenario.isTarget) targetMet = perSecond >= TARGET_REQUESTS_PER_SECOND && failures === 0;
		}
		console.log(`\ntarget ${TARGET_REQUESTS_PER_SECOND} req/s on the ad summary: ${targetMet ? 'met' : 'NOT met'}`);
		process.exitCode = targetMet ? 0 : 1;
	} finally {
		child.kill('SIGTERM');
		await once(child, 'exit');
	}
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
