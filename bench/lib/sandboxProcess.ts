/**
 * The sandbox in its own process (`tsx sandbox/main.ts`), so that it, the load generator and the
 * engine under measurement do not share an event loop, and its memory is not counted as ours.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';

import { fetchJson } from '../../harness/n8n/httpJson';
import { projectRoot, tsxCommand } from './tsx';

export interface SandboxProcess {
	url: string;
	child: ChildProcess;
	/** Calls an admin route (`/__sandbox/...`) and answers its JSON body (undefined when empty). */
	admin<T = unknown>(method: string, route: string, body?: unknown): Promise<T>;
	stop(): Promise<void>;
}

export async function startSandboxProcess(
	env: Record<string, string> = {},
): Promise<SandboxProcess> {
	const [command, args] = tsxCommand('sandbox/main.ts');
	const child = spawn(command, args, {
		cwd: projectRoot,
		env: { ...process.env, SANDBOX_PORT: '0', SANDBOX_QUIET: '1', ...env },
		stdio: ['ignore', 'pipe', 'inherit'],
	});
	const url = await new Promise<string>((resolve, reject) => {
		let output = '';
		// Keep reading after the URL: a closed pipe would kill the sandbox on its next line.
		child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
			output += chunk;
			const match = /listening on (http:\/\/\S+)/.exec(output);
			if (match) resolve(match[1]);
		});
		child.once('error', reject);
		child.once('exit', (code) =>
			reject(new Error(`The sandbox exited (${code}) before listening:\n${output}`)),
		);
	});
	const admin = async <T>(method: string, route: string, body?: unknown) =>
		(await fetchJson<T>(method, `${url}/__sandbox${route}`, { body })).body;
	const stop = async () => {
		if (child.exitCode !== null || child.signalCode !== null) return;
		child.kill('SIGTERM');
		await once(child, 'exit');
	};
	return { url, child, admin, stop };
}
