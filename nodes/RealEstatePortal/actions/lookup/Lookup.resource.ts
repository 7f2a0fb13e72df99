import type { INodeProperties } from 'n8n-workflow';
import * as getContactTypes from './getContactTypes.operation';
import { normalizeCurrency, normalizeOperation } from '../../../shared/normalize';
import { lookupOperation } from './listLookup';

export { getContactTypes };
export const getCurrencies = lookupOperation('getCurrencies', 'listCurrencies', normalizeCurrency);
export const getOperations = lookupOperation('getOperations', 'listOperations', normalizeOperation);

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['lookup'] } },
		options: [
			{
				name: 'Get Contact Types',
				value: 'getContactTypes',
				description:
					"List the kinds of contact a lead can be (message, visit request, WhatsApp...): the portal's catalogue, or the package's built-in list when the portal cannot be asked",
				action: 'Get contact types',
			},
			{
				name: 'Get Currencies',
				value: 'getCurrencies',
				description: 'List the currencies the ad filters accept',
				action: 'Get currencies',
			},
			{
				name: 'Get Operations',
				value: 'getOperations',
				description: 'List the operation types (sale, rent...) the ad filters accept',
				action: 'Get operation types',
			},
		],
		default: 'getOperations',
	},
	...getOperations.description,
	...getCurrencies.description,
	...getContactTypes.description,
];
