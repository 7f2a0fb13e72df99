/**
 * What the trigger keeps about secrets in the workflow's static data, which n8n shows to anyone who
 * can read the workflow (public API, exports): never a secret itself.
 *
 * - The webhook secret is kept as a salted SHA-256 digest. The secret is an HMAC under the
 *   credential's secret material (verify.ts), so the digest cannot be inverted or brute-forced
 *   offline without the credential, and `webhook()` verifies a delivery without
 *   reading the credential. `checkExists` recognises our registration by digesting the header value
 *   the portal holds.
 * - The callback configuration to give back at deactivation (its header value may be another
 *   system's credential) is sealed with AES-256-GCM under a key derived (HKDF-SHA-256, random salt)
 *   from the credential's secret material, which n8n keeps encrypted. A changed credential cannot open it.
 */
import {
	createCipheriv,
	createDecipheriv,
	createHash,
	hkdfSync,
	randomBytes,
	timingSafeEqual,
} from 'node:crypto';
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

export interface SecretDigest {
	/** Hex; empty for the digest of a secret the released version stored in plain text. */
	salt: string;
	/** Hex SHA-256 of salt bytes followed by the secret's UTF-8 bytes. */
	digest: string;
}

export interface Sealed {
	sealed: 'aes-256-gcm';
	/** Base64: HKDF salt, GCM nonce, GCM tag, cipher text. */
	salt: string;
	iv: string;
	tag: string;
	data: string;
}

function sha256(salt: string, secret: string): Buffer {
	return createHash('sha256').update(Buffer.from(salt, 'hex')).update(secret, 'utf8').digest();
}

export function digestSecret(secret: string, salt = randomBytes(16).toString('hex')): SecretDigest {
	return { salt, digest: sha256(salt, secret).toString('hex') };
}

/** Whether `given` is the secret behind `stored`, compared in constant time. */
export function digestMatches(given: string, stored: SecretDigest): boolean {
	const expected = Buffer.from(stored.digest, 'hex');
	const actual = sha256(stored.salt, given);
	return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** The credential's long-lived secret: the client secret, or the access token (never a session token). */
export function keyMaterialOf(credentials: ICredentialDataDecryptedObject): string {
	const name = credentials.authentication === 'clientCredentials' ? 'clientSecret' : 'accessToken';
	const value = credentials[name];
	return typeof value === 'string' ? value.trim() : '';
}

const HKDF_INFO = 'real-estate-portal-trigger/previous-callback-configuration';

function keyOf(keyMaterial: string, salt: Buffer): Buffer {
	return Buffer.from(hkdfSync('sha256', keyMaterial, salt, HKDF_INFO, 32));
}

export function seal(value: unknown, keyMaterial: string): Sealed {
	const salt = randomBytes(16);
	const iv = randomBytes(12);
	const cipher = createCipheriv('aes-256-gcm', keyOf(keyMaterial, salt), iv);
	const data = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
	const b64 = (bytes: Buffer) => bytes.toString('base64');
	return {
		sealed: 'aes-256-gcm',
		salt: b64(salt),
		iv: b64(iv),
		tag: b64(cipher.getAuthTag()),
		data: b64(data),
	};
}

/** The sealed value, or `{ opened: false }` when the key material is not the one it was sealed under. */
export function open(
	sealed: Sealed,
	keyMaterial: string,
): { opened: true; value: unknown } | { opened: false } {
	const bytes = (text: string) => Buffer.from(text, 'base64');
	if (keyMaterial === '') return { opened: false };
	try {
		const key = keyOf(keyMaterial, bytes(sealed.salt));
		const decipher = createDecipheriv('aes-256-gcm', key, bytes(sealed.iv));
		decipher.setAuthTag(bytes(sealed.tag));
		const text = Buffer.concat([decipher.update(bytes(sealed.data)), decipher.final()]);
		return { opened: true, value: JSON.parse(text.toString('utf8')) };
	} catch {
		return { opened: false };
	}
}

export function isSealed(value: unknown): value is Sealed {
	return (value as Sealed | null)?.sealed === 'aes-256-gcm';
}
