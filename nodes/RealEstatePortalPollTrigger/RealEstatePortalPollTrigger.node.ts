import {
	NodeConnectionTypes,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IPollFunctions,
} from 'n8n-workflow';
import { CREDENTIAL_TYPE } from '../shared/credentials';
import { optionNameSubtitle } from '../shared/subtitles';
import { getAgencies } from './agencies';
import { pollTriggerProperties } from './properties';

export class RealEstatePortalPollTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Real Estate Portal Poll Trigger',
		name: 'realEstatePortalPollTrigger',
		icon: {
			light: 'file:realEstatePortalPollTrigger.svg',
			dark: 'file:realEstatePortalPollTrigger.dark.svg',
		},
		group: ['trigger'],
		// Version 2 adds the ad's and agency's details to each lead by default (Add Property Details);
		// version 3 emits each lead as the row a keyed write lands (shared/landingRow.ts).
		version: [1, 2, 3],
		defaultVersion: 3,
		subtitle: optionNameSubtitle(pollTriggerProperties, 'event'),
		description:
			'Starts the workflow on new leads or ad changes, found by polling: works on every plan',
		defaults: {
			name: 'Real Estate Portal Poll Trigger',
		},
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{
				name: CREDENTIAL_TYPE,
				required: true,
			},
		],
		properties: pollTriggerProperties,
	};

	methods = { loadOptions: { getAgencies } };

	/** poll.ts is loaded at the first poll, not when n8n loads the node. */
	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await (await import('./poll')).poll.call(this);
	}
}
