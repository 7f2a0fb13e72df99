import type { INodeProperties } from 'n8n-workflow';
import * as get from './get.operation';
import * as set from './set.operation';

export { get, set };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['callbackConfiguration'] } },
		options: [
			{
				name: 'Get',
				value: 'get',
				description: "Get where and how the portal sends this interface's notifications",
				action: 'Get the callback configuration',
			},
			{
				name: 'Set',
				value: 'set',
				description: 'Set the URL, authorization header and body language of the notifications',
				action: 'Set the callback configuration',
			},
		],
		default: 'get',
	},
	...get.description,
	...set.description,
];
