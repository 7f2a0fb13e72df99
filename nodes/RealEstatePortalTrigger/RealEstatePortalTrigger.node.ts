import {
	NodeConnectionTypes,
	type IExecuteFunctions,
	type IHookFunctions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IWebhookFunctions,
	type IWebhookResponseData,
} from 'n8n-workflow';
import { CREDENTIAL_TYPE } from '../shared/credentials';
import { WEBHOOK_PATH, triggerProperties } from './properties';
import { eventKindsSubtitle } from './subtitle';

export class RealEstatePortalTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Real Estate Portal Trigger',
		name: 'realEstatePortalTrigger',
		icon: {
			light: 'file:realEstatePortalTrigger.svg',
			dark: 'file:realEstatePortalTrigger.dark.svg',
		},
		group: ['trigger'],
		// Version 2 adds the ad's and agency's details to each lead by default (Add Property Details);
		// version 3 emits each lead as the row a keyed write lands (shared/landingRow.ts).
		version: [1, 2, 3],
		defaultVersion: 3,
		subtitle: eventKindsSubtitle(),
		description:
			// n8n's node panel shows the trigger's description over the actions of both nodes.
			'Real-estate portal: start a workflow on each lead, ad or credit event, read ads and agencies, manage callbacks',
		defaults: {
			name: 'Real Estate Portal Trigger',
		},
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{
				name: CREDENTIAL_TYPE,
				required: true,
			},
		],
		webhooks: [
			{
				name: 'default',
				httpMethod: 'POST',
				responseMode: '={{$parameter["responseMode"] ?? "onReceived"}}',
				// Answered at once, empty: n8n then answers the webhookResponse webhook() returns (left
				// out, n8n 2.41.1 sends its default, the literal text "firstEntryJson"). Answered after
				// the workflow, no data: the portal gets an empty 200, not the lead the workflow wrote.
				responseData: '={{$parameter["responseMode"] === "lastNode" ? "noData" : ""}}',
				path: WEBHOOK_PATH,
			},
		],
		properties: triggerProperties,
	};

	/** What the trigger does (runtime.ts) is loaded when n8n first calls it, not with the node. */
	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				return await (await import('./runtime')).checkExists.call(this);
			},
			async create(this: IHookFunctions): Promise<boolean> {
				return await (await import('./runtime')).create.call(this);
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				return await (await import('./runtime')).remove.call(this);
			},
		},
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await (await import('./runtime')).execute.call(this);
	}

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await (await import('./runtime')).webhook.call(this);
	}
}
