/**
 * PostgreSQL, Redis and an HAProxy balancer from Debian's packages, through
 * scripts/services/services.sh (free loopback ports, data in a folder, stopped by pid).
 */
import { spawnSync } from 'node:child_process';

import {
	assignedNumber,
	haproxyStats,
	runServicesScript as run,
} from '../../../harness/n8n/servicesScript';

export interface Services {
	folder: string;
	/** Set when PostgreSQL was asked for: databases `n8n` and `leads`, user `n8n`, no password. */
	pgPort?: number;
	redisPort?: number;
	/** Runs SQL on a database (default `n8n`); rows as arrays of text fields. */
	query(sql: string, database?: string): string[][];
	/**
	 * Starts HAProxy in front of loopback ports, round robin or by a hash of the request's body (a
	 * repeated delivery meets the port its first copy met). `requestsPerServer()` reads its
	 * statistics: how many requests each port was given.
	 */
	balance(ports: number[], by?: 'roundrobin' | 'body'): Balancer;
	/** Stops everything started in the folder. */
	stop(): void;
}

export interface Balancer {
	port: number;
	url: string;
	requestsPerServer(): Promise<Record<string, number>>;
}

type Service = 'postgres' | 'redis';

export function startServices(folder: string, wanted: Service[] = ['postgres', 'redis']): Services {
	const output = run(['start', folder, ...wanted]);
	const pgPort = assignedNumber(output, 'PG_PORT');
	const query = (sql: string, database = 'n8n') => {
		if (pgPort === undefined) throw new Error('PostgreSQL was not started');
		// Rows of tab-separated text; a failed statement fails the call.
		const result = spawnSync(
			'psql',
			[
				...['-h', '127.0.0.1', '-p', String(pgPort), '-U', 'n8n', '-d', database],
				...['-At', '-F', '\t', '-v', 'ON_ERROR_STOP=1', '-c', sql],
			],
			{ encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 },
		);
		if (result.status !== 0) throw new Error(`psql failed: ${result.stderr}`);
		return result.stdout
			.split('\n')
			.filter((line) => line !== '')
			.map((line) => line.split('\t'));
	};
	return {
		folder,
		pgPort,
		redisPort: assignedNumber(output, 'REDIS_PORT'),
		query,
		balance(ports, by = 'roundrobin') {
			const printed = run(['balance', folder, ...ports.map(String)], { BALANCE_BY: by });
			const port = assignedNumber(printed, 'BALANCER_PORT')!;
			const statsPort = assignedNumber(printed, 'BALANCER_STATS_PORT')!;
			return {
				port,
				url: `http://127.0.0.1:${port}`,
				async requestsPerServer() {
					const counts: Record<string, number> = {};
					for (const row of await haproxyStats(statsPort)) {
						if (row.pxname !== 'n8n_webhook_processes') continue;
						if (row.svname === 'BACKEND' || row.svname === 'FRONTEND') continue;
						counts[row.svname] = Number(row.stot);
					}
					return counts;
				},
			};
		},
		stop: () => {
			run(['stop', folder]);
		},
	};
}
