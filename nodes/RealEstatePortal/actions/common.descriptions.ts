/** Parameters several operations share, each defined once. */
import {
	updateDisplayOptions,
	type INodeProperties,
	type INodePropertyRegexValidation,
} from 'n8n-workflow';
import { CALLBACK_BODY_LANGUAGES, DEFAULT_AUTHORIZATION_HEADER_KEY } from '../../shared/schemas';

/** An operation's parameters, each shown only for that resource and operation. */
export const forOperation = (resource: string, operation: string, properties: INodeProperties[]) =>
	updateDisplayOptions({ show: { resource: [resource], operation: [operation] } }, properties);

/** A locator mode's check of what is typed: the regular expression, and the message otherwise. */
const matching = (regex: string, errorMessage: string): INodePropertyRegexValidation => ({
	type: 'regex',
	properties: { regex, errorMessage },
});

/** Version 1's agency dropdown, kept so that workflows saved with it open and run as before. */
export const legacyAgencyCodeField: INodeProperties = {
	displayName: 'Agency Name or ID',
	name: 'agencyCode',
	type: 'options',
	typeOptions: { loadOptionsMethod: 'getAgencies' },
	required: true,
	default: '',
	description:
		'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
};

/** The agency, from a searchable list or by its code (version 2 on). */
export const agencyCodeField: INodeProperties = {
	displayName: 'Agency',
	name: 'agencyCode',
	type: 'resourceLocator',
	required: true,
	default: { mode: 'list', value: '' },
	description: 'The agency (inmobiliaria) linked to your interface whose data to use',
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			placeholder: 'Select an agency...',
			typeOptions: { searchListMethod: 'searchAgencies', searchable: true },
		},
		{
			// The editor labels a mode named "id" itself: "By ID". Its value is the agency's code.
			displayName: 'By ID',
			name: 'id',
			type: 'string',
			placeholder: 'e.g. INMO-001',
			validation: [matching('^\\s*\\S.*$', 'Enter the agency code, e.g. INMO-001')],
		},
	],
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

/** Version 1's plain platform ad ID (Ad → Get and Associate). */
export const platformAdIdField: INodeProperties = {
	displayName: 'Platform Ad ID',
	name: 'platformAdId',
	type: 'number',
	required: true,
	default: 0,
	description: "The portal's internal ID of the ad (idAvisoPlat)",
};

/** The four fields of a callback configuration (docs/portal-api.md). */
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

/**
 * The ad, from a list searchable by title words (version 2 on): its value is the platform ad ID, or
 * your ad code in the "By Ad Code" mode. The name stays `platformAdId`, so a plain ID saved or sent
 * by an expression still reads as the platform ad ID.
 */
export const adLocatorField: INodeProperties = {
	displayName: 'Ad',
	name: 'platformAdId',
	type: 'resourceLocator',
	required: true,
	default: { mode: 'list', value: '' },
	description: 'The online ad: pick it from the list, or give its platform ID or your ad code',
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			placeholder: 'Search by title words...',
			typeOptions: { searchListMethod: 'searchAds', searchable: true },
		},
		{
			displayName: 'By Platform ID',
			name: 'platformAdId',
			type: 'string',
			placeholder: 'e.g. 54000002',
			validation: [
				matching(
					'^\\s*[1-9]\\d*\\s*$',
					"The platform ID is the portal's whole number for the ad, e.g. 54000002",
				),
			],
		},
		{
			displayName: 'By Ad Code',
			name: 'adCode',
			type: 'string',
			placeholder: 'e.g. DEMO-0001',
			validation: [
				matching('^\\s*\\S.*$', 'Enter the code your interface assigned to the ad, e.g. DEMO-0001'),
			],
		},
	],
};
