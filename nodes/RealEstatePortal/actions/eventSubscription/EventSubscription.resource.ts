import type { INodeProperties } from 'n8n-workflow';
import { subscriptionOperation } from './changeSubscriptions';

export const subscribe = subscriptionOperation('subscribeEvent');
export const unsubscribe = subscriptionOperation('unsubscribeEvent');

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['eventSubscription'] } },
		options: [
			{
				name: 'Subscribe',
				value: 'subscribe',
				description: 'Ask the portal to notify one or more event kinds',
				action: 'Subscribe to event kinds',
			},
			{
				name: 'Unsubscribe',
				value: 'unsubscribe',
				description: 'Stop the notifications of one or more event kinds',
				action: 'Unsubscribe from event kinds',
			},
		],
		default: 'subscribe',
	},
	...subscribe.description,
	...unsubscribe.description,
];
