import type { INodeProperties } from 'n8n-workflow';
import * as getAll from './getAll.operation';

export { getAll };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['agency'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List the agencies this interface is linked to',
				action: 'Get many agencies',
			},
		],
		default: 'getAll',
	},
	...getAll.description,
];
