/**
 * `npm run sandbox` never outlives what started it: a signal to the npm process alone (as a
 * process manager, `kill` or a closed session sends it), or npm killed outright, stops the
 * emulator, frees its port and leaves no process behind.
 */
import { spawn, type ChildProcess } from 'node:child_process';

import { portIsFree } from '../e2e/support/freePort';
import { processGroupMembers } from '../e2e/support/processes';
import { projectRoot } from '../e2e/support/projectPaths';
import { until } from '../e2e/support/until';

/** How long the emulator may take to stop: a bound on "stopped", not a measure of speed. */
const STOPS_WITHIN_MS = 15_000;

/** `npm run sandbox` in a process group of its own, as a terminal starts it; its URL once listening. */
async function startNpmSandbox(env: Record<string, string> = {}) {
	const child = spawn('npm', ['run', '--silent', 'sandbox'], {
		cwd: projectRoot,
		env: { ...process.env, SANDBOX_PORT: '0', SANDBOX_QUIET: '1', ...env },
		detached: true,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	const run = { child, output: '', outputEnded: false };
	// Keep reading to the end: a closed pipe would stop the emulator on its next line. The output
	// ends once every process of the run that could write to it has ended.
	let open = 2;
	for (const stream of [child.stdout!, child.stderr!]) {
		stream.setEncoding('utf8').on('data', (chunk: string) => (run.output += chunk));
		stream.once('close', () => (run.outputEnded = --open === 0));
	}
	const url = await until(
		() => /listening on (http:\/\/\S+)/.exec(run.output)?.[1],
		(found) => found !== undefined || child.exitCode !== null,
		'the emulator to listen',
	);
	if (url === undefined) throw new Error(`npm run sandbox exited early:\n${run.output}`);
	return Object.assign(run, { url, port: Number(new URL(url).port) });
}

function killGroup(child: ChildProcess) {
	try {
		process.kill(-child.pid!, 'SIGKILL');
	} catch {
		// Already gone.
	}
}

describe('npm run sandbox', () => {
	const started: ChildProcess[] = [];
	// Last resort for a failed test: nothing it started may outlive it.
	afterAll(() => started.forEach(killGroup));

	it.each([
		['SIGTERM', 'SIGTERM: stopping the sandbox'],
		['SIGINT', 'SIGINT: stopping the sandbox'],
		['SIGHUP', 'the process that started the sandbox'],
		['SIGKILL', 'the process that started the sandbox'],
	] as const)(
		'%s to the npm process alone stops the emulator: its port is free, no process is left',
		async (signal, said) => {
			const run = await startNpmSandbox();
			started.push(run.child);
			expect(await portIsFree(run.port)).toBe(false);

			process.kill(run.child.pid!, signal);

			await until(
				() => run.outputEnded && processGroupMembers(run.child.pid!).length === 0,
				(ended) => ended,
				`every process of npm run sandbox to end after ${signal}`,
				STOPS_WITHIN_MS,
			);
			expect(await portIsFree(run.port)).toBe(true);
			expect(run.output).toContain(said);
		},
		60_000,
	);
});
