/** What the demo reads from its environment, and the ports it settles on. */
import net from 'node:net';
import path from 'node:path';

import { freePort } from '../../harness/n8n';
import { projectRoot } from '../../harness/n8n/projectPaths';

export interface DemoSettings {
	/** Everything the demo keeps between runs (git-ignored). */
	dataDir: string;
	/** n8n's user folder, inside the data folder. */
	userFolder: string;
	sandboxPort: number;
	n8nPort: number;
	/** The door in front of n8n's webhooks (HAProxy, deploy/haproxy/n8n-door.cfg): the portal calls it. */
	doorPort: number;
	/** Stop everything and exit once ready (a smoke test of the demo). */
	exitAfterReady: boolean;
	/** Print every request the emulator answers, not only one line per lead (DEMO_VERBOSE=1). */
	verbose: boolean;
}

const DEFAULT_SANDBOX_PORT = 4010;
const DEFAULT_N8N_PORT = 5678;
const DEFAULT_DOOR_PORT = 5680;

function portFromEnv(name: string, fallback: number): number {
	const text = process.env[name];
	if (text === undefined || text === '') return fallback;
	const port = Number(text);
	if (!Number.isInteger(port) || port < 0 || port > 65535) {
		throw new Error(`${name} must be a port number (0 for any free port), not "${text}"`);
	}
	return port;
}

async function isFree(port: number): Promise<boolean> {
	return await new Promise((resolve) => {
		const server = net.createServer();
		server.once('error', () => resolve(false));
		server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
	});
}

/** The wanted port when it is free, else any free port (0 also means any). */
export async function portOrFree(wanted: number): Promise<number> {
	return wanted !== 0 && (await isFree(wanted)) ? wanted : await freePort();
}

export async function readSettings(): Promise<DemoSettings> {
	const dataDir = path.resolve(projectRoot, process.env.DEMO_DATA_DIR || '.demo-data');
	return {
		dataDir,
		userFolder: path.join(dataDir, 'n8n'),
		sandboxPort: await portOrFree(portFromEnv('DEMO_SANDBOX_PORT', DEFAULT_SANDBOX_PORT)),
		n8nPort: await portOrFree(portFromEnv('DEMO_N8N_PORT', DEFAULT_N8N_PORT)),
		doorPort: await portOrFree(portFromEnv('DEMO_DOOR_PORT', DEFAULT_DOOR_PORT)),
		exitAfterReady: ['1', 'true'].includes(process.env.DEMO_EXIT_AFTER_READY ?? ''),
		verbose: ['1', 'true'].includes(process.env.DEMO_VERBOSE ?? ''),
	};
}
