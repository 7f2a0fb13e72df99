import type { INodeProperties } from 'n8n-workflow';
import * as getAll from './getAll.operation';

export { getAll };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['lead'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getAll',
				description:
					'List the leads of one agency or of every linked agency since a day, each with its lead key: for importing history and for catching up on missed callbacks',
				action: 'Get many leads',
			},
		],
		default: 'getAll',
	},
	...getAll.description,
];
