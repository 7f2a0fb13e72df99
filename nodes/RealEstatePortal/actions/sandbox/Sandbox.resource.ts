import type { INodeProperties } from 'n8n-workflow';
import * as simulateCreditEvent from './simulateCreditEvent.operation';
import * as simulateLeadEvent from './simulateLeadEvent.operation';

export { simulateCreditEvent, simulateLeadEvent };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['sandbox'] } },
		options: [
			{
				name: 'Simulate Credit Event',
				value: 'simulateCreditEvent',
				description: 'Make the sandbox send a credit (CREDITO) notification to a callback URL',
				action: 'Simulate a credit event',
			},
			{
				name: 'Simulate Lead Event',
				value: 'simulateLeadEvent',
				description: 'Make the sandbox send a lead notification to a callback URL',
				action: 'Simulate a lead event',
			},
		],
		default: 'simulateLeadEvent',
	},
	...simulateLeadEvent.description,
	...simulateCreditEvent.description,
];
