import { createRequire } from 'node:module';
import type { IRun } from 'n8n-workflow';

import { requireFromCore } from '../../../harness/engine/n8nInternals';

/** The serializer n8n uses when it stores execution data (n8n-core's copy). */
const flatted = createRequire(requireFromCore.resolve('@n8n/backend-common'))('flatted') as {
	stringify(value: unknown): string;
};

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
 * A thrown error as n8n keeps and shows it: its toJSON (n8n's errors project the cause down to
 * name and message), name, message, description and stack, not the raw request it may carry.
 */
function asShown(error: unknown): unknown {
	if (!(error instanceof Error)) return error;
	const { toJSON, description } = error as Error & {
		toJSON?: () => unknown;
		description?: unknown;
	};
	const json = typeof toJSON === 'function' ? (toJSON.call(error) as object) : {};
	return { ...json, name: error.name, message: error.message, description, stack: error.stack };
}

/**
 * Where `secret` (a token) shows up in what a run leaves: the execution data (as n8n stores it,
 * and every field of it), the log lines, the error as n8n shows it, and a webhook's answer.
 * An empty list means nowhere.
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
	found.push(...pathsContaining(asShown(traces.error), secret, 'error', new WeakSet()));
	found.push(...pathsContaining(traces.response, secret, 'response', new WeakSet()));
	return found;
}
