/**
 * PostgreSQL, Redis and an HAProxy balancer from Debian's packages, through
 * scripts/services/services.sh (free loopback ports, data in a folder, stopped by pid).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';

import { projectRoot } from './projectPaths';

const SCRIPT = path.join(projectRoot, 'scripts/services/services.sh');

export interface Services {
	folder: string;
	/** Set when PostgreSQL was asked for: databases `n8n` and `leads`, user `n8n`, no password. */
	pgPort?: number;
	redisPort?: number;
	/** Runs SQL on a database (default `n8n`); rows as arrays of text fields. */
	query(sql: string, database?: string): string[][];
	/**
	 * Starts HAProxy in front of loopback ports, round robin. `requestsPerServer()` reads its
	 * statistics: how many requests each port was given.
	 */
	balance(ports: number[]): Balancer;
	/** Stops everything started in the folder. */
	stop(): void;
}

export interface Balancer {
	port: number;
	url: string;
	requestsPerServer(): Promise<Record<string, number>>;
}

type Service = 'postgres' | 'redis';

function run(args: string[]): string {
	return execFileSync(SCRIPT, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
}

const assigned = (output: string, name: string) => {
	const value = new RegExp(`^${name}=(\\d+)$`, 'm').exec(output)?.[1];
	return value === undefined ? undefined : Number(value);
};

export function startServices(folder: string, wanted: Service[] = ['postgres', 'redis']): Services {
	const output = run(['start', folder, ...wanted]);
	const pgPort = assigned(output, 'PG_PORT');
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
		redisPort: assigned(output, 'REDIS_PORT'),
		query,
		balance(ports) {
			const printed = run(['balance', folder, ...ports.map(String)]);
			const port = assigned(printed, 'BALANCER_PORT')!;
			const statsPort = assigned(printed, 'BALANCER_STATS_PORT')!;
			return {
				port,
				url: `http://127.0.0.1:${port}`,
				async requestsPerServer() {
					const csv = await (await fetch(`http://127.0.0.1:${statsPort}/stats;csv`)).text();
					const [header, ...rows] = csv.replace(/^# /, '').trim().split('\n');
					const columns = header.split(',');
					const at = (row: string[], name: string) => row[columns.indexOf(name)];
					const counts: Record<string, number> = {};
					for (const row of rows.map((line) => line.split(','))) {
						if (at(row, 'pxname') !== 'n8n_webhook_processes') continue;
						const server = at(row, 'svname');
						if (server === 'BACKEND' || server === 'FRONTEND') continue;
						counts[server] = Number(at(row, 'stot'));
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
