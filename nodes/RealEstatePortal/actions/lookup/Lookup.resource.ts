import type { INodeProperties } from 'n8n-workflow';
import * as getCurrencies from './getCurrencies.operation';
import * as getOperations from './getOperations.operation';

export { getCurrencies, getOperations };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['lookup'] } },
		options: [
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
];
