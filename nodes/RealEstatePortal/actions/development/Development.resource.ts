import type { INodeProperties } from 'n8n-workflow';
import * as getAll from './getAll.operation';

export { getAll };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['development'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List the online developments of an agency and their units',
				action: 'Get many developments',
			},
		],
		default: 'getAll',
	},
	...getAll.description,
];
