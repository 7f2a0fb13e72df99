/** Parameters several operations share, each defined once. */
import type { INodeProperties } from 'n8n-workflow';
import { CALLBACK_BODY_LANGUAGES, DEFAULT_AUTHORIZATION_HEADER_KEY } from '../../shared/schemas';

export const agencyCodeField: INodeProperties = {
	displayName: 'Agency Name or ID',
	name: 'agencyCode',
	type: 'options',
	typeOptions: { loadOptionsMethod: 'getAgencies' },
	required: true,
	default: '',
	description:
		'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
};

export const returnAllField: INodeProperties = {
	displayName: 'Return All',
	name: 'returnAll',
	type: 'boolean',
	default: false,
	description: 'Whether to return all results or only up to a given limit',
};

export const limitField: INodeProperties = {
	displayName: 'Limit',
	name: 'limit',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: 50,
	description: 'Max number of results to return',
	displayOptions: { show: { returnAll: [false] } },
};

export const simplifyField: INodeProperties = {
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: true,
	description: 'Whether to return a simplified version of the response instead of the raw data',
};

/** The Options collection of an operation, holding the given options. */
export function optionsCollection(...options: INodeProperties[]): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options,
	};
}

/** n8n's Batching option, as in the HTTP Request node: goes inside an operation's Options. */
export const batchingOption: INodeProperties = {
	displayName: 'Batching',
	name: 'batching',
	placeholder: 'Add Batching',
	type: 'fixedCollection',
	typeOptions: { multipleValues: false },
	default: { batch: {} },
	options: [
		{
			displayName: 'Batching',
			name: 'batch',
			values: [
				{
					displayName: 'Items per Batch',
					name: 'batchSize',
					type: 'number',
					typeOptions: { minValue: 1 },
					default: 50,
					description: 'How many input items are sent together before waiting for the interval',
				},
				{
					displayName: 'Batch Interval (Ms)',
					name: 'batchInterval',
					type: 'number',
					typeOptions: { minValue: 0 },
					default: 1000,
					description: 'Time in milliseconds to wait between batches; 0 for no wait',
				},
			],
		},
	],
};

export const adCodeField: INodeProperties = {
	displayName: 'Ad Code',
	name: 'adCode',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. DEMO-0001',
	description: "Your own code for the ad (the portal's codigoAviso)",
};

export const platformAdIdField: INodeProperties = {
	displayName: 'Platform Ad ID',
	name: 'platformAdId',
	type: 'number',
	required: true,
	default: 0,
	description: "The portal's internal ID of the ad (idAvisoPlat)",
};

/** The four fields of a callback configuration (specification, "Callback configuration"). */
export const callbackConfigurationFields: INodeProperties[] = [
	{
		displayName: 'Callback URL',
		name: 'callbackUrl',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. https://n8n.example.com/webhook/portal',
		description: 'Where the portal POSTs the notifications; must start with http:// or https://',
	},
	{
		displayName: 'Authorization Header Name',
		name: 'authorizationHeaderKey',
		type: 'string',
		default: DEFAULT_AUTHORIZATION_HEADER_KEY,
		description: 'Name of the header that carries the authorization value',
	},
	{
		displayName: 'Authorization Header Value',
		name: 'authorizationHeaderValue',
		type: 'string',
		typeOptions: { password: true },
		default: '',
		hint: 'For HTTP Basic, include the word Basic: "Basic dXNlcjpwYXNz"',
		description: 'The token or secret the portal sends in that header with every notification',
	},
	{
		displayName: 'Body Language',
		name: 'callbackBodyLanguage',
		type: 'options',
		options: [
			{ name: 'Portal Default', value: '' },
			...CALLBACK_BODY_LANGUAGES.map((language) => ({
				name: { EN: 'English', ES: 'Spanish', PT: 'Portuguese' }[language],
				value: language,
			})),
		],
		default: '',
		description: 'Language of the field names in the notification bodies',
	},
];
