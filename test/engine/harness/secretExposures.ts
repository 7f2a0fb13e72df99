import type { IRun } from 'n8n-workflow';

import { flatted } from './n8nInternals';

/** What a run leaves behind that a user or an operator can read. */
export interface RunTraces {
	run?: IRun;
	logs?: string[];
	error?: unknown;
	/** An HTTP answer body (a webhook's response). */
	response?: unknown;
}

/** Paths of the string values under `value` that contain `secret`, hidden fields included. */
function pathsContaining(
	value: unknown,
	secret: string,
	path: string,
	seen: WeakSet<object>,
): string[] {
	if (typeof value === 'string') return value.includes(secret) ? [path] : [];
	if (typeof value !== 'object' || value === null || seen.has(value)) return [];
	seen.add(value);
	const keys = Array.isArray(value) ? Object.keys(value) : Object.getOwnPropertyNames(value);
	return keys.flatMap((key) =>
		pathsContaining((value as Record<string, unknown>)[key], secret, `${path}.${key}`, seen),
	);
}

/**
 * Where `secret` (a token) shows up in what a run leaves: the execution data (as n8n stores it,
 * and every field of it), the log lines, the error and the answer. An empty list means nowhere.
 * The secret itself is masked in the descriptions, so a failing assertion does not print it.
 */
export function secretExposures(traces: RunTraces, secret: string): string[] {
	const found: string[] = [];
	if (traces.run) {
		found.push(...pathsContaining(traces.run.data, secret, 'execution', new WeakSet()));
		const stored = flatted.stringify(traces.run.data);
		if (found.length === 0 && stored.includes(secret)) found.push('execution (as stored)');
	}
	(traces.logs ?? []).forEach((line, index) => {
		if (line.includes(secret)) found.push(`log line ${index}: ${line.split(secret).join('***')}`);
	});
	found.push(...pathsContaining(traces.error, secret, 'error', new WeakSet()));
	found.push(...pathsContaining(traces.response, secret, 'response', new WeakSet()));
	return found;
}
