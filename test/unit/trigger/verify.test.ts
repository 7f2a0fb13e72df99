import { digestSecret } from '../../../nodes/RealEstatePortalTrigger/secrets';
import {
	SECRET_HEADER,
	headerValue,
	matchingDigest,
	newSecret,
	webhookSecretFor,
} from '../../../nodes/RealEstatePortalTrigger/verify';

/** Whether `given` is one of `secrets`, checked the way the webhook does: against their digests. */
const secretMatches = (given: string | undefined, secrets: string[]) =>
	matchingDigest(
		given,
		secrets.map((secret) => digestSecret(secret)),
	) !== undefined;

describe('the secret registered for a webhook URL', () => {
	const url = 'https://n8n.example.com/webhook/0f5e2f4c/real-estate-portal';
	const key = 'the-credential-access-token';

	it('is the same for the same credential and URL, so retries of earlier deliveries still verify', () => {
		expect(webhookSecretFor(key, url)).toBe(webhookSecretFor(key, url));
		expect(webhookSecretFor(key, url)).toMatch(/^[0-9a-f]{64}$/);
	});

	it('differs for another URL (the test URL) and for another credential, and shows neither key nor URL', () => {
		const secret = webhookSecretFor(key, url);
		expect(webhookSecretFor(key, url.replace('/webhook/', '/webhook-test/'))).not.toBe(secret);
		expect(webhookSecretFor('another-token', url)).not.toBe(secret);
		expect(secret).not.toContain(key);
	});

	it('is random when the credential has no secret material', () => {
		expect(webhookSecretFor('', url)).not.toBe(webhookSecretFor('', url));
	});
});

describe('the webhook secret', () => {
	const secret = newSecret();

	it('is long, random and header-safe', () => {
		expect(secret).toMatch(/^[0-9a-f]{64}$/);
		expect(newSecret()).not.toBe(secret);
	});

	it('matches only itself', () => {
		expect(secretMatches(secret, [secret])).toBe(true);
		expect(secretMatches(secret.toUpperCase(), [secret])).toBe(false);
		const lastCharChanged = secret.slice(0, -1) + (secret.endsWith('0') ? '1' : '0');
		expect(secretMatches(lastCharChanged, [secret])).toBe(false);
	});

	it('refuses a missing, empty, shorter or longer value without throwing', () => {
		expect(secretMatches(undefined, [secret])).toBe(false);
		expect(secretMatches('', [secret])).toBe(false);
		expect(secretMatches(secret.slice(1), [secret])).toBe(false);
		expect(secretMatches(`${secret}0`, [secret])).toBe(false);
		expect(secretMatches('ñ'.repeat(32), [secret])).toBe(false);
	});

	it('refuses everything when no registration holds a secret', () => {
		expect(secretMatches(secret, [])).toBe(false);
	});

	it('accepts the secret of any of the node registrations (production and test URL)', () => {
		const test = newSecret();
		expect(secretMatches(test, [secret, test])).toBe(true);
		expect(secretMatches(secret, [secret, test])).toBe(true);
	});

	it('answers which registration matched, so its own duplicate memory is used', () => {
		const digests = [digestSecret(secret), digestSecret(newSecret())];
		expect(matchingDigest(secret, digests)).toBe(digests[0]);
	});
});

describe('headerValue', () => {
	it('finds the header whatever its case', () => {
		expect(headerValue({ 'x-portal-webhook-secret': 'a' }, SECRET_HEADER)).toBe('a');
		expect(headerValue({ 'X-PORTAL-WEBHOOK-SECRET': 'b' }, SECRET_HEADER)).toBe('b');
	});

	it('treats a repeated header as missing', () => {
		expect(headerValue({ 'x-portal-webhook-secret': ['a', 'a'] }, SECRET_HEADER)).toBeUndefined();
		expect(headerValue({}, SECRET_HEADER)).toBeUndefined();
	});
});
