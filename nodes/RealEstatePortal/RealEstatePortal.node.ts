import {
	NodeConnectionTypes,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
} from 'n8n-workflow';
import * as ad from './actions/ad/Ad.resource';
import * as agency from './actions/agency/Agency.resource';
import * as callbackConfiguration from './actions/callbackConfiguration/CallbackConfiguration.resource';
import * as development from './actions/development/Development.resource';
import * as eventSubscription from './actions/eventSubscription/EventSubscription.resource';
import * as lead from './actions/lead/Lead.resource';
import * as lookup from './actions/lookup/Lookup.resource';
import * as sandbox from './actions/sandbox/Sandbox.resource';
import { subtitleOf } from './actions/subtitle';
import { NODE_VERSIONS, withVersionedAgency } from './actions/versions';
import * as listSearch from './methods/listSearch';
import * as loadOptions from './methods/loadOptions';

const properties = withVersionedAgency([
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Ad', value: 'ad' },
			{ name: 'Agency', value: 'agency' },
			{ name: 'Callback Configuration', value: 'callbackConfiguration' },
			{ name: 'Development', value: 'development' },
			{ name: 'Event Subscription', value: 'eventSubscription' },
			{ name: 'Lead', value: 'lead' },
			{ name: 'Lookup', value: 'lookup' },
			{ name: 'Sandbox', value: 'sandbox' },
		],
		default: 'ad',
	},
	...agency.description,
	...ad.description,
	...development.description,
	...lead.description,
	...lookup.description,
	...callbackConfiguration.description,
	...eventSubscription.description,
	...sandbox.description,
]);

export class RealEstatePortal implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Real Estate Portal',
		name: 'realEstatePortal',
		icon: { light: 'file:realEstatePortal.svg', dark: 'file:realEstatePortal.dark.svg' },
		group: ['transform'],
		version: NODE_VERSIONS,
		defaultVersion: 3,
		subtitle: subtitleOf(properties),
		description:
			"Work with a real-estate portal's agencies, online ads, developments, leads, ad association, callbacks and event subscriptions",
		defaults: { name: 'Real Estate Portal' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'realEstatePortalApi', required: true }],
		properties,
	};

	methods = { loadOptions, listSearch };

	/** The dispatch to the operations is loaded at the first run, not when n8n loads the node. */
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await (await import('./actions/router')).router.call(this);
	}
}
