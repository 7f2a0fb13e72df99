/** What the demo reads from its environment, and the ports it settles on. */
import path from 'node:path';

import { wantedOrFreePort } from '../../harness/n8n/freePort';
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
	/** One line for each port that was taken, with the one used instead and its variable. */
	portNotes: string[];
	/** Stop everything and exit once ready (a smoke test of the demo). */
	exitAfterReady: boolean;
	/** Print every request the emulator answers, not only one line per lead (DEMO_VERBOSE=1). */
	verbose: boolean;
}

function portFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
	const text = env[name];
	if (text === undefined || text === '') return fallback;
	const port = Number(text);
	if (!Number.isInteger(port) || port < 0 || port > 65535) {
		throw new Error(`${name} must be a port number (0 for any free port), not "${text}"`);
	}
	return port;
}

/**
 * The port `variable` asks for (else `fallback`) when it is free and not handed out to another part,
 * else any such free port, and then a line for the terminal that says so (0 asks for any free port).
 */
async function portOf(env: NodeJS.ProcessEnv, variable: string, fallback: number, what: string) {
	const wanted = portFromEnv(env, variable, fallback);
	const port = await wantedOrFreePort(wanted);
	if (port === wanted) return { port };
	const note = `port ${wanted} is taken: ${what} listens on ${port} instead (${variable}=<port> picks another)`;
	return wanted === 0 ? { port } : { port, note };
}

export async function readSettings(env: NodeJS.ProcessEnv = process.env): Promise<DemoSettings> {
	const dataDir = path.resolve(projectRoot, env.DEMO_DATA_DIR || '.demo-data');
	const ports = {
		sandboxPort: await portOf(env, 'DEMO_SANDBOX_PORT', 4010, 'the emulator'),
		n8nPort: await portOf(env, 'DEMO_N8N_PORT', 5678, 'n8n'),
		doorPort: await portOf(env, 'DEMO_DOOR_PORT', 5680, 'the door'),
	};
	return {
		dataDir,
		userFolder: path.join(dataDir, 'n8n'),
		sandboxPort: ports.sandboxPort.port,
		n8nPort: ports.n8nPort.port,
		doorPort: ports.doorPort.port,
		portNotes: Object.values(ports).flatMap(({ note }) => (note ? [note] : [])),
		exitAfterReady: ['1', 'true'].includes(env.DEMO_EXIT_AFTER_READY ?? ''),
		verbose: ['1', 'true'].includes(env.DEMO_VERBOSE ?? ''),
	};
}
