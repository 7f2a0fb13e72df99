import type {
	IAuthenticate,
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestHelper,
	Icon,
	INodeProperties,
} from 'n8n-workflow';
import { SANDBOX_EMULATOR_URL, logIn } from '../nodes/shared/credentials';

export class RealEstatePortalApi implements ICredentialType {
	name = 'realEstatePortalApi';

	displayName = 'Real Estate Portal API';

	icon: Icon = {
		light: 'file:realEstatePortal.svg',
		dark: 'file:realEstatePortal.dark.svg',
	};

	// No "#anchor": n8n appends its tracking query to this URL, which would land after the anchor.
	documentationUrl =
		'https://github.com/n8n-nodes-real-estate-portal/n8n-nodes-real-estate-portal/blob/main/docs/credentials.md';

	properties: INodeProperties[] = [
		{
			displayName: 'Environment',
			name: 'environment',
			type: 'options',
			options: [
				{
					name: 'Sandbox',
					value: 'sandbox',
					description: 'The portal sandbox, or the local sandbox emulator',
				},
				{
					name: 'Production',
					value: 'production',
					description: 'The live portal: sandbox simulations are refused',
				},
			],
			default: 'sandbox',
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: SANDBOX_EMULATOR_URL,
			placeholder: SANDBOX_EMULATOR_URL,
			description:
				"The sandbox's base address; the default is the local sandbox emulator started with npm run sandbox",
			displayOptions: { show: { environment: ['sandbox'] } },
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'https://api.example-portal.com',
			description: 'The production base address of your country, as the portal gave it to you',
			displayOptions: { show: { environment: ['production'] } },
		},
		{
			displayName: 'Path Language',
			name: 'pathLanguage',
			type: 'options',
			options: [
				{
					name: 'Spanish (/v1/inmobiliarias/...)',
					value: 'es',
				},
				{
					name: 'Portuguese (/v1/imobiliarias/...)',
					value: 'pt',
				},
			],
			default: 'es',
			description: "The language of the portal's path segments: it follows the portal's country",
		},
		{
			displayName: 'Interface Kind',
			name: 'interfaceKind',
			type: 'options',
			options: [
				{
					name: 'LES (Read and Write)',
					value: 'LES',
					description: 'Can read and change ads; receives every event kind',
				},
				{
					name: 'LEC (Read Only)',
					value: 'LEC',
					description: 'Can read; receives lead events only',
				},
			],
			default: 'LES',
			description:
				"The kind of the interface this token belongs to. The portal decides what a token may do: a write it refuses as read-only, and a trigger activated with ad or credit events, say when the token is a read-only (LEC) interface's, whatever is chosen here.",
		},
		{
			displayName: 'Authentication',
			name: 'authentication',
			type: 'options',
			options: [
				{
					name: 'Access Token',
					value: 'accessToken',
				},
				{
					name: 'Client ID and Secret',
					value: 'clientCredentials',
					description: 'Exchanged for an access token through the login endpoint',
				},
			],
			default: 'accessToken',
		},
		{
			displayName: 'Access Token',
			name: 'accessToken',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			displayOptions: { show: { authentication: ['accessToken'] } },
		},
		{
			displayName: 'Client ID',
			name: 'clientId',
			type: 'string',
			default: '',
			required: true,
			displayOptions: { show: { authentication: ['clientCredentials'] } },
		},
		{
			displayName: 'Client Secret',
			name: 'clientSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			displayOptions: { show: { authentication: ['clientCredentials'] } },
		},
		{
			displayName: 'Session Token',
			name: 'sessionToken',
			type: 'hidden',
			typeOptions: { expirable: true, password: true },
			default: '',
		},
	];

	/** Client credentials: log in once and keep the token until the portal refuses it (401). */
	async preAuthentication(this: IHttpRequestHelper, credentials: ICredentialDataDecryptedObject) {
		if (credentials.authentication !== 'clientCredentials') return {};
		return { sessionToken: await logIn(this.helpers, credentials) };
	}

	/**
	 * The token goes in the `access_token` query parameter only. A function rather than a generic
	 * `{{$credentials...}}` block: n8n would evaluate that expression for every request, a cost a bulk
	 * association pays per ad (docs/benchmarks.md, association).
	 */
	authenticate: IAuthenticate = async (credentials, requestOptions) => {
		const token =
			credentials.authentication === 'clientCredentials'
				? credentials.sessionToken
				: credentials.accessToken;
		return {
			...requestOptions,
			qs: { ...requestOptions.qs, access_token: token ? String(token) : '' },
		};
	};

	test: ICredentialTestRequest = {
		request: {
			baseURL:
				'={{String($credentials.baseUrl || "' + SANDBOX_EMULATOR_URL + '").replace(/\\/+$/, "")}}',
			url: '={{$credentials.pathLanguage === "pt" ? "/v1/imobiliarias" : "/v1/inmobiliarias"}}',
			qs: { 'pageable.size': 1 },
		},
		rules: [
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message:
						'The portal rejected the access token: check it, and that it belongs to this environment and Base URL',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 404,
					message: 'Nothing answers at the agencies list: check the Base URL and the Path Language',
				},
			},
		],
	};
}
