/**
 * The Real Estate Portal API credential: access token or client credentials (pre-authentication with
 * an expirable session token), base URL defaults, and the editor's credential test.
 */
import { RealEstatePortal } from '../../../nodes/RealEstatePortal/RealEstatePortal.node';
import { CredentialStore, runNode, testCredential } from '../harness';
import { credentialData, credentialType, errorOf, jsonOf, runPortal, useSandbox } from './support';

const sandbox = useSandbox();

const listAgencies = { resource: 'agency', operation: 'getAll', returnAll: true };

const clientCredentials = (clientId: string, clientSecret: string) => ({
	authentication: 'clientCredentials',
	accessToken: '',
	clientId,
	clientSecret,
});

describe('client credentials', () => {
	test.each([
		['demo-les-client', 'demo-les-secret', 'demo-les-token'],
		['demo-lec-client', 'demo-lec-secret', 'demo-lec-token'],
	])('%s logs in once and keeps the token in the expirable field', async (id, secret, token) => {
		const store = new CredentialStore([credentialType], {
			realEstatePortalApi: credentialData(sandbox(), clientCredentials(id, secret)),
		});
		const run = () =>
			runNode({
				nodeType: RealEstatePortal,
				parameters: listAgencies,
				credentials: store,
				credentialTypes: [credentialType],
			});
		const first = await run();
		expect(first.status).toBe('success');
		expect(jsonOf(first).map((agency) => agency.agencyCode)).toEqual(['INMO-001', 'INMO-002']);
		expect(store.updates).toHaveLength(1);
		expect(store.updates[0].data.sessionToken).toBe(token);

		await run();
		expect(store.updates).toHaveLength(1);
	});

	/** Lists the agencies once per input item with a saved session token the portal refuses. */
	async function runWithExpiredSession(input: Array<Record<string, never>>) {
		const store = new CredentialStore([credentialType], {
			realEstatePortalApi: credentialData(sandbox(), {
				...clientCredentials('demo-les-client', 'demo-les-secret'),
				sessionToken: 'expired-session-token',
			}),
		});
		const result = await runNode({
			nodeType: RealEstatePortal,
			parameters: listAgencies,
			credentials: store,
			credentialTypes: [credentialType],
			input,
		});
		return { result, renewedTokens: store.updates.map((update) => update.data.sessionToken) };
	}

	test('a refused session token is renewed by logging in again', async () => {
		const { result, renewedTokens } = await runWithExpiredSession([{}]);
		expect(result.status).toBe('success');
		expect(renewedTokens).toEqual(['demo-les-token']);
	});

	test('a session token refused in a run of many items is renewed once for all of them', async () => {
		const { result, renewedTokens } = await runWithExpiredSession([{}, {}, {}, {}]);
		expect(result.status).toBe('success');
		expect(result.items).toHaveLength(8);
		expect(renewedTokens).toEqual(['demo-les-token']);
	});

	test('a wrong secret fails with the fix (the XML error body is read, not crashed on)', async () => {
		const result = await runPortal(sandbox(), listAgencies, {
			credentials: clientCredentials('demo-les-client', 'not-the-secret'),
		});
		expect(errorOf(result)).toEqual(
			expect.objectContaining({
				message:
					'The portal refused the client ID or client secret (HTTP 401): check them in the credential',
			}),
		);
	});

	test('a missing secret is named before any request', async () => {
		const result = await runPortal(sandbox(), listAgencies, {
			credentials: clientCredentials('demo-les-client', ''),
		});
		expect(errorOf(result).message).toBe(
			'The credential needs both a Client ID and a Client Secret',
		);
	});
});

describe('base URL', () => {
	test('a trailing slash is fine', async () => {
		const result = await runPortal(sandbox(), listAgencies, {
			credentials: { baseUrl: `${sandbox().url}/` },
		});
		expect(result.status).toBe('success');
	});

	test('production needs one', async () => {
		const result = await runPortal(sandbox(), listAgencies, {
			credentials: { environment: 'production', baseUrl: '' },
		});
		expect(errorOf(result).message).toBe(
			'The credential has no Base URL: the production environment needs the base address the portal gave you',
		);
	});

	test('one that is not http(s) is named', async () => {
		const result = await runPortal(sandbox(), listAgencies, {
			credentials: { baseUrl: 'sandbox.local' },
		});
		expect(errorOf(result).message).toBe(
			'The credential\'s Base URL "sandbox.local" must start with http:// or https://',
		);
	});

	test('a production credential works for everything but simulations', async () => {
		const result = await runPortal(sandbox(), listAgencies, {
			credentials: { environment: 'production' },
		});
		expect(result.status).toBe('success');
	});
});

describe('credential test', () => {
	test.each(['es', 'pt'])('an access token that works: OK (%s paths)', async (pathLanguage) => {
		const result = await testCredential(
			credentialType,
			credentialData(sandbox(), { pathLanguage }),
		);
		expect(result).toEqual(expect.objectContaining({ status: 'OK' }));
	});

	test('client credentials that work: OK', async () => {
		const result = await testCredential(
			credentialType,
			credentialData(sandbox(), clientCredentials('demo-lec-client', 'demo-lec-secret')),
		);
		expect(result.status).toBe('OK');
	});

	test('a wrong access token explains what to check', async () => {
		const result = await testCredential(
			credentialType,
			credentialData(sandbox(), { accessToken: 'wrong' }),
		);
		expect(result).toEqual(
			expect.objectContaining({
				status: 'Error',
				message:
					'The portal rejected the access token: check it, and that it belongs to this environment and Base URL',
			}),
		);
	});

	test('a wrong client secret explains what to check', async () => {
		const result = await testCredential(
			credentialType,
			credentialData(sandbox(), clientCredentials('demo-les-client', 'wrong')),
		);
		expect(result.status).toBe('Error');
		expect(result.message).toContain('refused the client ID or client secret');
	});

	test('a base URL where nothing answers the agencies list says so', async () => {
		const result = await testCredential(
			credentialType,
			credentialData(sandbox(), { baseUrl: `${sandbox().url}/somewhere-else` }),
		);
		expect(result).toEqual(
			expect.objectContaining({
				status: 'Error',
				message: 'Nothing answers at the agencies list: check the Base URL and the Path Language',
			}),
		);
	});
});
