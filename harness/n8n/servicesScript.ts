/**
 * scripts/services/services.sh, as the support modules call it: its commands print shell
 * assignments (`PG_PORT=…`), and the HAProxy it starts publishes its statistics as CSV.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

import { projectRoot } from './projectPaths';

const SCRIPT = path.join(projectRoot, 'scripts/services/services.sh');

/**
 * Runs the script with `args` (and `env` added to ours, `input` on its standard input); answers
 * what it printed on stdout.
 */
export function runServicesScript(
	args: string[],
	env: NodeJS.ProcessEnv = {},
	input?: string,
): string {
	return execFileSync(SCRIPT, args, {
		encoding: 'utf8',
		env: { ...process.env, ...env },
		input,
		stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'inherit'],
	});
}

/** The number a printed `NAME=<digits>` line assigns, if any. */
export function assignedNumber(output: string, name: string): number | undefined {
	const value = new RegExp(`^${name}=(\\d+)$`, 'm').exec(output)?.[1];
	return value === undefined ? undefined : Number(value);
}

/** One row of HAProxy's statistics: a proxy (`pxname`) and a server, FRONTEND or BACKEND (`svname`). */
export type HaproxyStatsRow = Record<string, string>;

/** HAProxy's statistics page (`stats uri /stats`) on a loopback port, one record per row. */
export async function haproxyStats(statsPort: number): Promise<HaproxyStatsRow[]> {
	const csv = await (await fetch(`http://127.0.0.1:${statsPort}/stats;csv`)).text();
	const [header, ...rows] = csv.replace(/^# /, '').trim().split('\n');
	const columns = header.split(',');
	return rows.map((line) => {
		const fields = line.split(',');
		return Object.fromEntries(columns.map((column, index) => [column, fields[index] ?? '']));
	});
}
