import {
	digestMatches,
	digestSecret,
	keyMaterialOf,
	open,
	seal,
} from '../../../nodes/RealEstatePortalTrigger/secrets';

const SECRET = 'a'.repeat(64);

describe('the secret digest', () => {
	it('recognises the secret and nothing else', () => {
		const stored = digestSecret(SECRET);
		expect(digestMatches(SECRET, stored)).toBe(true);
		expect(digestMatches(`${SECRET}b`, stored)).toBe(false);
		expect(digestMatches('', stored)).toBe(false);
	});

	it('is salted: the same secret digests differently in two registrations, and shows no trace of it', () => {
		const first = digestSecret(SECRET);
		const second = digestSecret(SECRET);
		expect(first.digest).not.toBe(second.digest);
		expect(JSON.stringify(first)).not.toContain(SECRET);
	});
});

describe('sealing the previous configuration', () => {
	const configuration = {
		url: 'https://crm.example/hook',
		authorizationHeaderValue: 'Bearer crm-secret',
	};

	it('opens with the same key material, and hides the value', () => {
		const sealed = seal(configuration, 'client-secret');
		expect(JSON.stringify(sealed)).not.toMatch(/crm-secret|crm\.example/);
		expect(open(sealed, 'client-secret')).toEqual({ opened: true, value: configuration });
	});

	it('refuses to open under another key, or when tampered with', () => {
		const sealed = seal(configuration, 'client-secret');
		const closed = { opened: false };
		expect(open(sealed, 'changed-secret')).toEqual(closed);
		const flipped = Buffer.from(sealed.data, 'base64');
		flipped[0] ^= 1;
		expect(open({ ...sealed, data: flipped.toString('base64') }, 'client-secret')).toEqual(closed);
		expect(open(sealed, '')).toEqual(closed);
	});

	it('takes the key from the client secret or the access token, never the session token', () => {
		expect(
			keyMaterialOf({
				authentication: 'clientCredentials',
				clientSecret: 'cs',
				sessionToken: 'st',
			}),
		).toBe('cs');
		expect(keyMaterialOf({ authentication: 'accessToken', accessToken: 'at' })).toBe('at');
	});
});
