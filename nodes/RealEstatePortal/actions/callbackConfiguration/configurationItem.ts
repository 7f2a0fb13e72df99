import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { normalizeCallbackConfiguration } from '../../../shared/normalize';
import { typeVersionOf } from '../versions';

/** Below this length the last four characters would give away too much of the secret. */
const SHORTEST_WITH_ENDING = 12;

/** "•••• (64 characters, ends in k9Zq)": shows that a secret is set without showing it. */
function maskSecret(value: string): string {
	if (value === '') return '(not set)';
	const ending = value.length >= SHORTEST_WITH_ENDING ? `, ends in ${value.slice(-4)}` : '';
	return `•••• (${value.length} characters${ending})`;
}

/**
 * The configuration as an output item: English names from version 2 on (`bodyLanguage`), the
 * portal's own in version 1, and the header value masked unless `reveal`.
 */
export function configurationItem(
	ctx: IExecuteFunctions,
	configuration: IDataObject,
	reveal: boolean,
): IDataObject {
	const named =
		typeVersionOf(ctx) < 2 ? configuration : normalizeCallbackConfiguration(configuration);
	const value = named.authorizationHeaderValue;
	if (reveal || typeof value !== 'string') return named;
	return { ...named, authorizationHeaderValue: maskSecret(value) };
}
