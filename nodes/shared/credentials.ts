/**
 * The settings of the `realEstatePortalApi` credential, read in one place: base URL (with its
 * sandbox default), path language, environment, interface kind and authentication mode, and the
 * client-credentials login (docs/portal-api.md, "Authentication").
 */
import type { ICredentialDataDecryptedObject, IHttpRequestHelper } from 'n8n-workflow';
import type { PathLanguage } from './paths';
import { buildPath } from './paths';
import { loginResponseSchema, type InterfaceKind } from './schemas';

export const CREDENTIAL_TYPE = 'realEstatePortalApi';

/** The local sandbox emulator (`npm run sandbox`): the default base URL of the sandbox environment. */
export const SANDBOX_EMULATOR_URL = 'http://127.0.0.1:4010';

export type PortalEnvironment = 'sandbox' | 'production';
export type AuthenticationMode = 'accessToken' | 'clientCredentials';

export interface PortalSettings {
	environment: PortalEnvironment;
	/** Without a trailing slash. */
	baseUrl: string;
	pathLanguage: PathLanguage;
	interfaceKind: InterfaceKind;
	authentication: AuthenticationMode;
}

/** A credential that cannot be used as filled in; the message says which field to fix. */
export class CredentialSettingsError extends Error {
	override name = 'CredentialSettingsError';
}

/**
 * The client-credentials login failed; carries no secret, only what the portal answered (no
 * `status`: n8n would then replace the message with its generic one for that status).
 */
export class PortalLoginError extends Error {
	override name = 'PortalLoginError';
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export function portalSettingsOf(credentials: ICredentialDataDecryptedObject): PortalSettings {
	const environment: PortalEnvironment =
		credentials.environment === 'production' ? 'production' : 'sandbox';
	let baseUrl = text(credentials.baseUrl).replace(/\/+$/, '');
	if (baseUrl === '') {
		if (environment === 'production') {
			throw new CredentialSettingsError(
				'The credential has no Base URL: the production environment needs the base address the portal gave you',
			);
		}
		baseUrl = SANDBOX_EMULATOR_URL;
	}
	if (!/^https?:\/\/[^/\s]+/i.test(baseUrl)) {
		throw new CredentialSettingsError(
			`The credential's Base URL "${baseUrl}" must start with http:// or https://`,
		);
	}
	return {
		environment,
		baseUrl,
		pathLanguage: credentials.pathLanguage === 'pt' ? 'pt' : 'es',
		interfaceKind: credentials.interfaceKind === 'LEC' ? 'LEC' : 'LES',
		authentication:
			credentials.authentication === 'clientCredentials' ? 'clientCredentials' : 'accessToken',
	};
}

/** The credential's secret values, so that any text leaving the package can be scrubbed of them. */
export function secretsOf(credentials: ICredentialDataDecryptedObject): string[] {
	return ['accessToken', 'sessionToken', 'clientSecret']
		.map((name) => text(credentials[name]))
		.filter((value) => value.length >= 4);
}

function statusOf(error: unknown): number | undefined {
	const response = (error as { response?: { status?: unknown } } | null)?.response;
	return typeof response?.status === 'number' ? response.status : undefined;
}

function loginFailure(error: unknown, baseUrl: string): PortalLoginError {
	const status = statusOf(error);
	if (status === 400 || status === 401 || status === 403) {
		return new PortalLoginError(
			`The portal refused the client ID or client secret (HTTP ${status}): check them in the credential`,
		);
	}
	if (status !== undefined) {
		return new PortalLoginError(
			`The portal's login answered HTTP ${status}: try again later, or check the credential's Base URL and environment`,
		);
	}
	const code = (error as { code?: unknown } | null)?.code;
	return new PortalLoginError(
		`Could not reach the portal's login at ${baseUrl}${typeof code === 'string' ? ` (${code})` : ''}: check the credential's Base URL`,
	);
}

/**
 * The client-credentials exchange (docs/portal-api.md, "Authentication"). `helpers` is the one request function n8n
 * hands to a credential's preAuthentication. Errors never carry the request (it holds the secret).
 */
export async function logIn(
	helpers: IHttpRequestHelper['helpers'],
	credentials: ICredentialDataDecryptedObject,
): Promise<string> {
	const settings = portalSettingsOf(credentials);
	const clientId = text(credentials.clientId);
	const clientSecret = text(credentials.clientSecret);
	if (clientId === '' || clientSecret === '') {
		throw new PortalLoginError('The credential needs both a Client ID and a Client Secret');
	}
	let answer: unknown;
	try {
		answer = await helpers.httpRequest({
			method: 'POST',
			url: `${settings.baseUrl}${buildPath('login', settings.pathLanguage)}`,
			qs: { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret },
			json: true,
		});
	} catch (error) {
		throw loginFailure(error, settings.baseUrl);
	}
	const parsed = loginResponseSchema.safeParse(answer);
	if (!parsed.success || parsed.data.access_token === '') {
		throw new PortalLoginError(
			"The portal's login answered without an access token: check the credential's Base URL",
		);
	}
	return parsed.data.access_token;
}
