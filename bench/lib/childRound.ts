/**
 * One measured round in a fresh process (`tsx bench/rounds/<script>.ts '<json args>'`), so that
 * `process.resourceUsage().maxRSS` is the peak of that round alone. The round prints its figures as
 * JSON on its last stdout line.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';

import { median } from './stats';
import { tsxCommand } from './tsx';

export async function runRound<T>(script: string, args: unknown): Promise<T> {
	const file = path.join(__dirname, '..', 'rounds', script);
	const stdout = await new Promise<string>((resolve, reject) => {
		const [command, commandArgs] = tsxCommand(file, [JSON.stringify(args)]);
		execFile(command, commandArgs, { maxBuffer: 64 * 1024 * 1024 }, (error, out, err) => {
			if (error) reject(new Error(`round ${script} failed: ${error.message}\n${err}`));
			else resolve(out);
		});
	});
	const lines = stdout.trim().split('\n');
	return JSON.parse(lines[lines.length - 1]) as T;
}

/** What a round reports about its own process. */
export interface ProcessFigures {
	wallMs: number;
	/** Peak resident set of the round's process, MiB. */
	peakRssMiB: number;
	/** Resident set just before the node ran, MiB (modules loaded, engine ready). */
	rssBeforeMiB: number;
	/** CPU time (user + system) the process spent during the run, ms: wall time minus this is waiting. */
	cpuMs: number;
}

/** The medians of rounds' process figures, as the summaries name them. */
export function processMedians(rounds: readonly ProcessFigures[]) {
	return {
		'wall ms (median)': median(rounds.map((entry) => entry.wallMs)),
		'CPU ms (median)': median(rounds.map((entry) => entry.cpuMs)),
		'peak RSS MiB (median)': median(rounds.map((entry) => entry.peakRssMiB)),
	};
}

/** A round's process figures in its log line. */
export const processLine = (figures: ProcessFigures) =>
	`${figures.wallMs.toFixed(0)} ms, CPU ${figures.cpuMs.toFixed(0)} ms, peak RSS ${figures.peakRssMiB.toFixed(1)} MiB`;

/** Times `work` and reads the process's peak memory afterwards (in the round's process). */
export async function measure<T>(
	work: () => Promise<T>,
): Promise<{ figures: ProcessFigures; value: T }> {
	const rssBeforeMiB = process.memoryUsage.rss() / 2 ** 20;
	const cpuBefore = process.cpuUsage();
	const started = performance.now();
	const value = await work();
	const wallMs = performance.now() - started;
	const cpu = process.cpuUsage(cpuBefore);
	const peakRssMiB = process.resourceUsage().maxRSS / 1024;
	return {
		figures: {
			wallMs,
			peakRssMiB,
			rssBeforeMiB,
			cpuMs: (cpu.user + cpu.system) / 1000,
		},
		value,
	};
}

/** The round's side of the exchange: parse the arguments, print the result line. */
export function roundMain<A, R>(body: (args: A) => Promise<R>): void {
	body(JSON.parse(process.argv[2] ?? '{}') as A)
		.then((result) => {
			process.stdout.write(`\n${JSON.stringify(result)}\n`);
			process.exit(0);
		})
		.catch((error: unknown) => {
			console.error(error);
			process.exit(1);
		});
}
