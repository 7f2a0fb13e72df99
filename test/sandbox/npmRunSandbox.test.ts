/**
 * `npm run sandbox` never outlives what started it: a signal to the npm process alone (as a
 * process manager, `kill` or a closed session sends it), or npm killed outright, stops the
 * emulator, frees its port and leaves no process behind; with SANDBOX_STATE_FILE, what it was told
 * is there at its next start.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { portIsFree } from '../../harness/n8n/freePort';
import { processGroupMembers } from '../../harness/n8n/processes';
import { projectRoot } from '../../harness/n8n/projectPaths';
import { until } from '../e2e/support/until';
import { send } from './helpers/http';

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

			await stopped(run, signal);
			expect(await portIsFree(run.port)).toBe(true);
			expect(run.output).toContain(said);
		},
		60_000,
	);

	it('with SANDBOX_STATE_FILE, lists after a restart the lead it was told before SIGTERM; SANDBOX_UNTIDY sets the untidy switches of one start', async () => {
		const folder = mkdtempSync(join(tmpdir(), 'npm-sandbox-state-'));
		const env = { SANDBOX_STATE_FILE: join(folder, 'state.json') };
		const untidy = async (url: string) =>
			Object.values((await send(url, 'GET', '/__sandbox/untidy')).json);
		try {
			const first = await startNpmSandbox({ ...env, SANDBOX_UNTIDY: 'all' });
			started.push(first.child);
			expect(new Set(await untidy(first.url))).toEqual(new Set([true]));
			const [ad] = (await send(first.url, 'GET', '/__sandbox/agencies/INMO-001/ads')).json;
			const made = await send(first.url, 'POST', `/__sandbox/ads/${ad.idAvisoPlat}/leads`, {
				body: { tipoEvento: 'CONTACTO_MENSAJE' },
			});
			process.kill(first.child.pid!, 'SIGTERM');
			await stopped(first, 'SIGTERM');

			const second = await startNpmSandbox({ ...env, SANDBOX_UNTIDY: 'viewsListedWithoutEmail' });
			started.push(second.child);
			expect((await untidy(second.url)).filter(Boolean)).toHaveLength(1);
			const listed = await send(second.url, 'GET', '/v2/inmobiliarias/INMO-001/mensajes', {
				query: { access_token: 'demo-les-token', fromDate: '20200101' },
			});
			expect(listed.json.content.map((item: { id: number }) => item.id)).toEqual([
				made.json.idMensaje,
			]);
			process.kill(second.child.pid!, 'SIGTERM');
			await stopped(second, 'SIGTERM');
		} finally {
			rmSync(folder, { recursive: true, force: true });
		}
	}, 60_000);
});

/** Waits until every process of the run has ended (and its output with them). */
async function stopped(run: Awaited<ReturnType<typeof startNpmSandbox>>, signal: string) {
	await until(
		() => run.outputEnded && processGroupMembers(run.child.pid!).length === 0,
		(ended) => ended,
		`every process of npm run sandbox to end after ${signal}`,
		STOPS_WITHIN_MS,
	);
}
