/** Redis and PostgreSQL for queue mode, through scripts/queue/services.sh (stopped by pid). */
import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';

const SCRIPT = path.resolve(__dirname, '../../scripts/queue/services.sh');

export interface QueueServices {
	folder: string;
	redisPort: number;
	pgPort: number;
	/** Runs SQL on the n8n database; rows as arrays of text fields. */
	query(sql: string): string[][];
	stop(): void;
}

export function startQueueServices(folder: string): QueueServices {
	const output = execFileSync(SCRIPT, ['start', folder], {
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'inherit'],
	});
	const value = (name: string) => Number(new RegExp(`^${name}=(\\d+)$`, 'm').exec(output)?.[1]);
	const redisPort = value('REDIS_PORT');
	const pgPort = value('PG_PORT');
	const query = (sql: string) => {
		const result = spawnSync(
			'psql',
			[
				'-h',
				'127.0.0.1',
				'-p',
				String(pgPort),
				'-U',
				'n8n',
				'-d',
				'n8n',
				'-At',
				'-F',
				'\t',
				'-c',
				sql,
			],
			{
				encoding: 'utf8',
				maxBuffer: 512 * 1024 * 1024,
			},
		);
		if (result.status !== 0) throw new Error(`psql failed: ${result.stderr}`);
		return result.stdout
			.split('\n')
			.filter((line) => line !== '')
			.map((line) => line.split('\t'));
	};
	return {
		folder,
		redisPort,
		pgPort,
		query,
		stop: () => execFileSync(SCRIPT, ['stop', folder], { stdio: 'inherit' }),
	};
}
