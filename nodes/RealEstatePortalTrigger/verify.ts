/**
 * The callback's only authentication (the body is not signed: docs/portal-api.md#callbacks) is a
 * header carrying a secret this node generates at registration. A custom header name, not `Authorization`, so that a
 * reverse proxy or an n8n instance guarded by its own `Authorization` scheme never collides with it.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { digestMatches, type SecretDigest } from './secrets';

export const SECRET_HEADER = 'X-Portal-Webhook-Secret';

/**
 * The header of n8n's door's readiness check (deploy/haproxy/n8n-door.cfg), a POST without the
 * secret: answered 401 like any such request, but neither counted nor logged as a refused delivery.
 * The door removes it from every other request.
 */
export const DOOR_PROBE_HEADER = 'X-Portal-Door-Probe';

export function newSecret(): string {
	return randomBytes(32).toString('hex');
}

const DERIVATION_LABEL = 'real-estate-portal-trigger/webhook-secret';

/**
 * The secret registered for a webhook URL: the same for the same credential and URL, so that an
 * unpublish and publish again, a published edit or a restart registers the secret the portal's
 * pending retries already carry (the retries keep the header of their first attempt). An HMAC of the
 * URL under the credential's secret material: it reveals neither. Without key material, a random one.
 */
export function webhookSecretFor(keyMaterial: string, url: string): string {
	if (keyMaterial === '') return newSecret();
	return createHmac('sha256', keyMaterial).update(`${DERIVATION_LABEL}\n${url}`).digest('hex');
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
