/**
 * What every benchmark hands back, how it is printed (the ratios last) and the JSON file written
 * under bench/results/ (git-ignored).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { BenchSize } from './options';

export type Side = 'ours' | 'baseline';

export interface Ratio {
	/** e.g. 'throughput', 'wall time'. */
	metric: string;
	/** ours / baseline (or ours / goal where there is no baseline to run). */
	value: number;
	/** What the ratio is of, when it is not ours/baseline. */
	of?: string;
}

export interface Goal {
	text: string;
	met: boolean;
}

export interface BenchResult {
	name: string;
	title: string;
	size: BenchSize;
	method: string;
	/** Every round, in the order run. */
	rounds: Array<Record<string, unknown> & { side: Side | string; round: number }>;
	summary: Record<string, Record<string, number | string>>;
	ratios: Ratio[];
	goals: Goal[];
}

export const resultsDir = path.resolve(__dirname, '..', 'results');

export function machine() {
	return {
		nproc: os.availableParallelism(),
		memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
		cpu: os.cpus()[0]?.model ?? 'unknown',
		node: process.version,
		loadAverage: os.loadavg().map((load) => Math.round(load * 100) / 100),
	};
}

function formatValue(value: number | string): string {
	return typeof value === 'number' ? String(Math.round(value * 100) / 100) : value;
}

export function printResult(result: BenchResult): void {
	console.log(`\n== ${result.name}: ${result.title} (${result.size}) ==`);
	for (const [side, figures] of Object.entries(result.summary)) {
		const line = Object.entries(figures)
			.map(([key, value]) => `${key} ${formatValue(value)}`)
			.join(', ');
		console.log(`${side.padEnd(9)} ${line}`);
	}
	for (const goal of result.goals)
		console.log(`goal ${goal.met ? 'met    ' : 'NOT met'} ${goal.text}`);
	for (const { metric, value, of } of result.ratios) {
		console.log(`ratio ${result.name} ${metric}: ${value.toFixed(3)} (${of ?? 'ours / baseline'})`);
	}
}

/** Writes bench/results/<stamp>-<name>.json and returns its path. */
export function writeResult(result: BenchResult, stamp: string): string {
	fs.mkdirSync(resultsDir, { recursive: true });
	const file = path.join(resultsDir, `${stamp}-${result.name}.json`);
	const document = { ...result, machine: machine(), finishedAt: new Date().toISOString() };
	fs.writeFileSync(file, `${JSON.stringify(document, null, '\t')}\n`);
	return file;
}
