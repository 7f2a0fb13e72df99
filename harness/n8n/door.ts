/**
 * n8n's door for the tests, the benchmarks and the demo: HAProxy with deploy/haproxy/n8n-door.cfg
 * (the file users copy), started and stopped by scripts/services/services.sh.
 */
import fs from 'node:fs';
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
	/** A file of the accepted secrets' SHA-256 (DOOR_SECRET_HASHES); default: any secret present. */
	secretHashesFile?: string;
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
	webhookSide(): Promise<DoorWebhookSide>;
	/** HAProxy's statistics row of `proxy` and `name`: FRONTEND, BACKEND or a server. */
	statsRow(proxy: string, name: string): Promise<HaproxyStatsRow>;
	/** A new HAProxy on this port (`haproxy -sf`, as users reload): the old one finishes what it holds. */
	reload(): Door;
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
	let printed: string;
	try {
		printed = runServicesScript(args, env);
	} catch (error) {
		fs.rmSync(folder, { recursive: true, force: true });
		throw error;
	}
	const port = assignedNumber(printed, 'DOOR_PORT')!;
	const statsPort = assignedNumber(printed, 'DOOR_STATS_PORT')!;
	return {
		url: `${options.tlsCert ? 'https' : 'http'}://127.0.0.1:${port}`,
		port,
		statsRow: async (proxy, name) => rowIn(await haproxyStats(statsPort), proxy, name),
		reload: () => startDoor({ ...options, port }, folder),
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
