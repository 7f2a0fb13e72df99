/**
 * n8n's door for the tests, the benchmarks and the demo: HAProxy with deploy/haproxy/n8n-door.cfg
 * (the file users copy), started and stopped by scripts/services/services.sh.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import {
	assignedNumber,
	haproxyStats,
	runServicesScript,
	type HaproxyStatsRow,
} from './servicesScript';

export interface DoorOptions {
	/** The loopback port n8n listens on (it need not listen yet). */
	n8nPort: number;
	/**
	 * The door's port; default a free one. A door started again on the same port keeps the URL n8n
	 * registered as its webhook base (N8N_WEBHOOK_URL).
	 */
	port?: number;
	/** First deliveries inside n8n at once (N, DOOR_WEBHOOK_LIMIT); default the file's. */
	limit?: number;
	/** Repeats and other webhook requests inside n8n at once (DOOR_REPEAT_LIMIT); default the environment's, else the file's. */
	repeatLimit?: number;
	/**
	 * A file of the accepted secrets' SHA-256 (DOOR_SECRET_HASHES); default: the door's own, which
	 * holds `secrets` and what `admit` adds (none: every delivery to a trigger is refused).
	 */
	secretHashesFile?: string;
	/** Secrets the door accepts from the start (services.sh door-secrets). */
	secrets?: string[];
	/** A PEM file with a certificate and its key (DOOR_TLS_CERT): the door speaks HTTPS. */
	tlsCert?: string;
	/** A trigger's path whose 401 tells the door n8n is ready (DOOR_READY_WEBHOOK). */
	readyWebhook?: string;
}

/** What the door sees of n8n's webhook side, from HAProxy's statistics. */
export interface DoorWebhookSide {
	/** Its readiness check's verdict: `UP` once n8n's /healthz/readiness answers 200, else `DOWN`. */
	n8n: string;
	/** First deliveries of portal callbacks (a body the door had not let through) inside n8n now. */
	firstsInside: number;
	/** First deliveries waiting at the door for their turn. */
	firstsWaiting: number;
	/** First deliveries let into n8n so far. */
	firstsLetIn: number;
	/** Repeated deliveries and other webhook requests inside n8n now. */
	othersInside: number;
}

export interface Door {
	url: string;
	port: number;
	/** The other ports it listens on, chosen free: its statistics page and its reload hand-over. */
	ports(): { stats: number; peer: number };
	webhookSide(): Promise<DoorWebhookSide>;
	/** HAProxy's statistics row of `proxy` and `name`: FRONTEND, BACKEND or a server. */
	statsRow(proxy: string, name: string): Promise<HaproxyStatsRow>;
	/** A new HAProxy on this port (`haproxy -sf`, as users reload): the old one finishes what it holds. */
	reload(): Door;
	/**
	 * Adds published triggers' secrets (as the portal's callback holds them) to those the door
	 * accepts, and reloads it in place (services.sh door-secrets): its tables pass to the new process.
	 */
	admit(secrets: string[]): void;
	/** A command on HAProxy's admin socket (`show table`, `show peers`), its answer. */
	cli(command: string): Promise<string>;
	/** How many entries a stick table holds. */
	tableUsed(table: string): Promise<number>;
	/** Stops HAProxy (by its pid) and removes its folder. */
	stop(): void;
}

const REFUSALS = ['busy', 'not ready', 'no secret'] as const;
export type DoorRefusal = (typeof REFUSALS)[number];
/** The door's own answers: its refusals, and 200 "done" for a lead the trigger answered done. */
export type DoorAnswer = DoorRefusal | 'done';
const ANSWERS: readonly DoorAnswer[] = [...REFUSALS, 'done'];

/** Why the door itself answered a webhook request (its JSON body), or undefined if n8n did. */
export function doorAnswer(responseBody: string): DoorAnswer | undefined {
	try {
		const body = JSON.parse(responseBody) as { answeredBy?: unknown; reason?: unknown };
		if (body.answeredBy !== 'proxy') return undefined;
		return ANSWERS.find((reason) => reason === body.reason);
	} catch {
		return undefined;
	}
}

/** Why the door itself answered a webhook request 503 or 401, or undefined if it did not. */
export function doorRefusal(responseBody: string): DoorRefusal | undefined {
	const answer = doorAnswer(responseBody);
	return answer === 'done' ? undefined : answer;
}

function rowIn(rows: HaproxyStatsRow[], proxy: string, name: string): HaproxyStatsRow {
	const row = rows.find((one) => one.pxname === proxy && one.svname === name);
	if (!row) throw new Error(`the door's statistics have no ${name} in ${proxy}`);
	return row;
}

export function startDoor(
	options: DoorOptions,
	folder = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-door-')),
): Door {
	const args = ['door', folder, String(options.port ?? 0), String(options.n8nPort)];
	if (options.limit !== undefined) args.push(String(options.limit));
	// Node passes no variable whose value is undefined.
	const env = {
		DOOR_SECRET_HASHES: options.secretHashesFile,
		DOOR_TLS_CERT: options.tlsCert,
		DOOR_READY_WEBHOOK: options.readyWebhook,
		// Unless chosen here, as the caller's environment says (a benchmark run can try other values).
		DOOR_REPEAT_LIMIT: options.repeatLimit?.toString() ?? process.env.DOOR_REPEAT_LIMIT,
	};
	if (options.secrets?.length) {
		// The file services.sh door-secrets keeps, written before the door reads it.
		fs.mkdirSync(folder, { recursive: true });
		const hashes = options.secrets.map((secret) =>
			createHash('sha256').update(secret).digest('hex'),
		);
		fs.appendFileSync(path.join(folder, 'secrets.sha256'), `${hashes.join('\n')}\n`);
	}
	let printed: string;
	try {
		printed = runServicesScript(args, env);
	} catch (error) {
		fs.rmSync(folder, { recursive: true, force: true });
		throw error;
	}
	const port = assignedNumber(printed, 'DOOR_PORT')!;
	let statsPort = assignedNumber(printed, 'DOOR_STATS_PORT')!;
	const cli = (command: string) => adminCommand(path.join(folder, 'door.sock'), command);
	return {
		url: `${options.tlsCert ? 'https' : 'http'}://127.0.0.1:${port}`,
		port,
		ports: () => ({
			stats: statsPort,
			peer: Number(fs.readFileSync(path.join(folder, 'door.peer'), 'utf8')),
		}),
		statsRow: async (proxy, name) => rowIn(await haproxyStats(statsPort), proxy, name),
		reload: () => startDoor({ ...options, port, secrets: undefined }, folder),
		admit(secrets) {
			// services.sh door-secrets: the secrets on its standard input, never on a command line.
			const printed = runServicesScript(['door-secrets', folder], {}, `${secrets.join('\n')}\n`);
			statsPort = assignedNumber(printed, 'DOOR_STATS_PORT') ?? statsPort;
		},
		cli,
		async tableUsed(table) {
			const head = /^# table: \S+, type: \S+, size:\d+, used:(\d+)/m.exec(
				await cli(`show table ${table}`),
			);
			if (!head) throw new Error(`the door has no table ${table}`);
			return Number(head[1]);
		},
		async webhookSide() {
			const rows = await haproxyStats(statsPort);
			const rowOf = (backend: string, name = 'n8n') => rowIn(rows, backend, name);
			const firsts = rowOf('n8n_first_deliveries');
			return {
				n8n: firsts.status,
				firstsInside: Number(firsts.scur),
				// Waiting for any server (the backend's queue) or for this one.
				firstsWaiting: Number(rowOf('n8n_first_deliveries', 'BACKEND').qcur) + Number(firsts.qcur),
				firstsLetIn: Number(firsts.stot),
				othersInside: Number(rowOf('n8n_webhooks').scur),
			};
		},
		stop() {
			runServicesScript(['stop', folder]);
			fs.rmSync(folder, { recursive: true, force: true });
		},
	};
}

/** One command on HAProxy's admin socket (a Unix socket), its whole answer. */
function adminCommand(socket: string, command: string): Promise<string> {
	return new Promise((resolve, reject) => {
		let answer = '';
		const connection = net.createConnection(socket, () => connection.end(`${command}\n`));
		connection.setEncoding('utf8');
		connection.on('data', (chunk: string) => (answer += chunk));
		connection.on('end', () => resolve(answer));
		connection.on('error', reject);
	});
}
