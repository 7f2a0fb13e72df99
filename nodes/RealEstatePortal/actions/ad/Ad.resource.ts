import type { INodeProperties } from 'n8n-workflow';
import * as associate from './associate.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';

export { associate, get, getAll };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['ad'] } },
		options: [
			{
				name: 'Associate',
				value: 'associate',
				description: 'Associate an ad to this interface under your own ad code',
				action: 'Associate an ad',
			},
			{
				name: 'Get',
				value: 'get',
				description: 'Get one online ad by its platform ID or your ad code',
				action: 'Get an ad',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List the online ads of an agency, with optional filters',
				action: 'Get many ads',
			},
		],
		default: 'getAll',
	},
	...getAll.description,
	...get.description,
	...associate.description,
];
