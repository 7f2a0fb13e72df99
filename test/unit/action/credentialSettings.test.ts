/** The credential's fields as n8n fills them in, and the settings the transport reads from them. */
import {
	NodeHelpers,
	type IAuthenticateGeneric,
	type ICredentialDataDecryptedObject,
	type ICredentialType,
	type INodeParameters,
} from 'n8n-workflow';
import { RealEstatePortalApi } from '../../../credentials/RealEstatePortalApi.credentials';
import {
	CredentialSettingsError,
	SANDBOX_EMULATOR_URL,
	portalSettingsOf,
	secretsOf,
} from '../../../nodes/shared/credentials';

const credentialType = new RealEstatePortalApi();

/** What n8n stores for a new credential with only these fields set: the rest take their defaults. */
const withDefaults = (given: INodeParameters) =>
	NodeHelpers.getNodeParameters(
		credentialType.properties,
		given,
		true,
		false,
		null,
		null,
	) as ICredentialDataDecryptedObject;

test('a new sandbox credential points at the local emulator, Spanish paths, LES, access token', () => {
	const data = withDefaults({ accessToken: 'abc' });
	expect(data).toEqual(
		expect.objectContaining({
			environment: 'sandbox',
			baseUrl: SANDBOX_EMULATOR_URL,
			pathLanguage: 'es',
			interfaceKind: 'LES',
			authentication: 'accessToken',
			sessionToken: '',
		}),
	);
});

test('a production credential has no default base URL, and cannot be used without one', () => {
	const data = withDefaults({ environment: 'production', accessToken: 'abc' });
	expect(data.baseUrl).toBe('');
	expect(() => portalSettingsOf(data)).toThrow(CredentialSettingsError);
});

test('settings: trailing slashes dropped, unknown values fall back to the defaults', () => {
	expect(
		portalSettingsOf({
			baseUrl: ' https://api.portal.example/ ',
			environment: 'production',
			pathLanguage: 'pt',
			interfaceKind: 'LEC',
			authentication: 'clientCredentials',
		}),
	).toEqual({
		environment: 'production',
		baseUrl: 'https://api.portal.example',
		pathLanguage: 'pt',
		interfaceKind: 'LEC',
		authentication: 'clientCredentials',
	});
	expect(portalSettingsOf({ baseUrl: '', pathLanguage: 'fr' })).toEqual(
		expect.objectContaining({
			environment: 'sandbox',
			baseUrl: SANDBOX_EMULATOR_URL,
			pathLanguage: 'es',
			interfaceKind: 'LES',
		}),
	);
});

test('a base URL that is not http(s) is refused with the field named', () => {
	expect(() => portalSettingsOf({ baseUrl: 'ftp://portal' })).toThrow(
		/Base URL "ftp:\/\/portal" must start with http/,
	);
});

test('the secrets to scrub: token, session token and client secret', () => {
	expect(
		secretsOf({
			accessToken: 'tok-1',
			sessionToken: 'ses-2',
			clientSecret: 'sec-3',
			clientId: 'id-4',
		}),
	).toEqual(['tok-1', 'ses-2', 'sec-3']);
});

test('the token goes in the access_token query parameter only', async () => {
	const authenticate = credentialType.authenticate as Exclude<
		ICredentialType['authenticate'],
		IAuthenticateGeneric | undefined
	>;
	const request = { url: '/v1/inmobiliarias', qs: { 'pageable.size': 1 }, headers: {} };

	await expect(
		authenticate({ authentication: 'accessToken', accessToken: 'tok-1' }, request),
	).resolves.toEqual({ ...request, qs: { 'pageable.size': 1, access_token: 'tok-1' } });
	await expect(
		authenticate(
			{ authentication: 'clientCredentials', accessToken: 'tok-1', sessionToken: 'ses-2' },
			request,
		),
	).resolves.toEqual({ ...request, qs: { 'pageable.size': 1, access_token: 'ses-2' } });
	expect(request.qs).toEqual({ 'pageable.size': 1 });
});
