/**
 * The callback's only authentication (the body is not signed: docs/portal-api.md#callbacks) is a
 * header carrying a secret this node generates at registration. A custom header name, not `Authorization`, so that a
 * reverse proxy or an n8n instance guarded by its own `Authorization` scheme never collides with it.
 */
import { randomBytes } from 'node:crypto';
import { digestMatches, type SecretDigest } from './secrets';

export const SECRET_HEADER = 'X-Portal-Webhook-Secret';

export function newSecret(): string {
	return randomBytes(32).toString('hex');
}

/** The value of a header, by case-insensitive name; a header sent twice counts as missing. */
export function headerValue(
	headers: Record<string, string | string[] | undefined>,
	name: string,
): string | undefined {
	const wanted = name.toLowerCase();
	for (const [key, value] of Object.entries(headers)) {
		if (key.toLowerCase() === wanted) return typeof value === 'string' ? value : undefined;
	}
	return undefined;
}

/**
 * The registration `given` is the secret of, by its digest; every digest is compared, in constant
 * time, so the time taken does not tell which one (if any) matched.
 */
export function matchingDigest<T extends SecretDigest>(
	given: string | undefined,
	digests: readonly T[],
): T | undefined {
	if (given === undefined || given === '') return undefined;
	let matched: T | undefined;
	for (const digest of digests) if (digestMatches(given, digest)) matched ??= digest;
	return matched;
}
