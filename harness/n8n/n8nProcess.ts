import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { freePort } from './freePort';
import { n8nEnvironment } from './n8nEnvironment';
import { ensureN8nInstalled, type N8nInstall } from './n8nInstall';
import { processGroupMembers } from './processes';
import { artifactsDir, n8nScriptsDir } from './projectPaths';

/**
 * How long `stop()` waits, beyond n8n's own graceful shutdown time-out (N8N_GRACEFUL_SHUTDOWN_TIMEOUT,
 * during which n8n lets running executions finish), before SIGKILL.
 */
const SHUTDOWN_MARGIN_MS = 10_000;

/** What `stop()` waits for an n8n started with `env` to shut down gracefully. */
export function shutdownGraceMs(env: Record<string, string | undefined>): number {
	return Number(env.N8N_GRACEFUL_SHUTDOWN_TIMEOUT ?? 30) * 1_000 + SHUTDOWN_MARGIN_MS;
}

export interface StartN8nOptions {
	/** n8n keeps its database, settings and community nodes in `<userFolder>/.n8n`. */
	userFolder: string;
	/** Defaults to a free port. */
	port?: number;
	/** Added to (and overriding) the defaults of `n8nEnvironment`. */
	env?: Record<string, string>;
	/** `start` (default), or `worker` / `webhook` for queue mode. */
	command?: string;
	/** Names the log file `artifacts/n8n/<logName>-<port>.log`. */
	logName?: string;
	install?: N8nInstall;
	/** Called every 10 s until n8n is ready: the seconds so far and the last line of its log. */
	whileStarting?: (seconds: number, lastLogLine: string) => void;
}

export interface RunningN8n {
	/** Base URL without trailing slash, e.g. `http://127.0.0.1:41234`. */
	url: string;
	port: number;
	/** n8n's task broker (N8N_RUNNERS_BROKER_PORT), a free port chosen at start. */
	brokerPort: number;
	pid: number;
	userFolder: string;
	logFile: string;
	/** Everything n8n printed so far. */
	readLog(): string;
	/** Stops n8n and every process it started (its process group); resolves once it exited. */
	stop(): Promise<void>;
	/** Kills n8n and its process group at once (SIGKILL, no shutdown), as a crash would. */
	kill(): Promise<void>;
	/** Resolves when n8n's process exits, whoever stopped it. */
	exited: Promise<void>;
}

const running = new Set<ChildProcess>();

// A test run that dies before its afterAll must not leave n8n behind.
process.once('exit', () => {
	for (const child of running) killGroup(child, 'SIGKILL');
});

/** Starts n8n in its own process group and resolves once `/healthz/readiness` answers 200. */
export async function startN8n(options: StartN8nOptions): Promise<RunningN8n> {
	const install = options.install ?? (await ensureN8nInstalled());
	const port = options.port ?? (await freePort());
	const url = `http://127.0.0.1:${port}`;
	const logFile = path.join(artifactsDir, 'n8n', `${options.logName ?? 'n8n'}-${port}.log`);
	fs.mkdirSync(path.dirname(logFile), { recursive: true });
	fs.mkdirSync(options.userFolder, { recursive: true });

	const brokerPort = await freePort();
	const env = {
		...process.env,
		...n8nEnvironment({ userFolder: options.userFolder, port, brokerPort }),
		...options.env,
		// start.sh runs the release of `install`.
		N8N_VERSION: install.version,
	};
	const log = fs.openSync(logFile, 'a');
	/** Where this start's lines begin in the log: a restart on the same port appends. */
	const logStart = fs.fstatSync(log).size;
	// N8N_RUNTIME (npm or container) is scripts/n8n/start.sh's to read.
	const child = spawn(path.join(n8nScriptsDir, 'start.sh'), [options.command ?? 'start'], {
		env,
		cwd: options.userFolder,
		detached: true,
		stdio: ['ignore', log, log],
	});
	fs.closeSync(log);
	running.add(child);
	const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

	const stop = async () => {
		await stopProcessGroup(child, exited, shutdownGraceMs(env));
		running.delete(child);
	};

	const { whileStarting } = options;
	const started = Date.now();
	const ticker =
		whileStarting &&
		setInterval(() => {
			const lines = fs.readFileSync(logFile).subarray(logStart).toString().trim().split('\n');
			whileStarting(Math.round((Date.now() - started) / 1000), lines.at(-1)!);
		}, 10_000);
	try {
		await waitUntilReady(url, child, 180_000);
	} catch (error) {
		await stop();
		throw new Error(`${(error as Error).message}\nLast lines of ${logFile}:\n${tail(logFile, 30)}`);
	} finally {
		clearInterval(ticker);
	}
	return {
		url,
		port,
		brokerPort,
		pid: child.pid!,
		userFolder: options.userFolder,
		logFile,
		readLog: () => fs.readFileSync(logFile, 'utf8'),
		async kill() {
			killGroup(child, 'SIGKILL');
			await stop();
		},
		stop,
		exited,
	};
}

async function waitUntilReady(url: string, child: ChildProcess, timeoutMs: number) {
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		if (child.exitCode !== null || child.signalCode !== null) {
			throw new Error(
				`n8n exited before it was ready (code ${child.exitCode}, signal ${child.signalCode})`,
			);
		}
		try {
			const response = await fetch(`${url}/healthz/readiness`);
			if (response.ok) return;
		} catch {
			// Not listening yet.
		}
		await sleep(250);
	}
	throw new Error(`n8n was not ready at ${url} within ${timeoutMs / 1000} s`);
}

async function stopProcessGroup(child: ChildProcess, exited: Promise<void>, graceMs: number) {
	if (child.exitCode === null && child.signalCode === null) {
		killGroup(child, 'SIGTERM');
		const timeout = sleep(graceMs, false, { ref: false });
		const graceful = await Promise.race([exited.then(() => true), timeout]);
		if (!graceful) {
			killGroup(child, 'SIGKILL');
			await exited;
		}
	}
	// Task runners n8n started share its group and may outlive it by a moment.
	killGroup(child, 'SIGKILL');
	// A SIGKILL is delivered asynchronously: stopped means none of them is left.
	const deadline = Date.now() + 5_000;
	while (child.pid !== undefined && processGroupMembers(child.pid).length > 0) {
		if (Date.now() > deadline) break;
		await sleep(50);
	}
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
	if (child.pid === undefined) return;
	try {
		process.kill(-child.pid, signal);
	} catch {
		// The group is already gone.
	}
}

function tail(file: string, lines: number): string {
	try {
		return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
	} catch {
		return '(no log)';
	}
}
