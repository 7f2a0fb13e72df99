/**
 * The callback's only authentication (field notes: the body is not signed) is a header carrying a
 * secret this node generates at registration. A custom header name, not `Authorization`, so that a
 * reverse proxy or an n8n instance guarded by its own `Authorization` scheme never collides with it.
 */
import { randomBytes, timingSafeEqual } from 'crypto';

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

function sameSecret(given: Buffer, expected: string): boolean {
	const wanted = Buffer.from(expected, 'utf8');
	return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** Whether `given` equals one of the secrets, compared in constant time. */
export function secretMatches(given: string | undefined, secrets: readonly string[]): boolean {
	if (given === undefined || given === '') return false;
	const givenBytes = Buffer.from(given, 'utf8');
	let matched = false;
	// Every secret is compared, so the time taken does not tell which one (if any) matched.
	for (const secret of secrets) matched = sameSecret(givenBytes, secret) || matched;
	return matched;
}
