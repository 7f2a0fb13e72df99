import type { IDataObject } from 'n8n-workflow';

/** Below this length the last four characters would give away too much of the secret. */
const SHORTEST_WITH_ENDING = 12;

/** "•••• (64 characters, ends in k9Zq)": shows that a secret is set without showing it. */
export function maskSecret(value: string): string {
	if (value === '') return '(not set)';
	const ending = value.length >= SHORTEST_WITH_ENDING ? `, ends in ${value.slice(-4)}` : '';
	return `•••• (${value.length} characters${ending})`;
}

/** The configuration as output: its authorization header value masked unless `reveal`. */
export function withMaskedHeaderValue(configuration: IDataObject, reveal: boolean): IDataObject {
	const value = configuration.authorizationHeaderValue;
	if (reveal || typeof value !== 'string') return configuration;
	return { ...configuration, authorizationHeaderValue: maskSecret(value) };
}
