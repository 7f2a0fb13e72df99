import {
	NodeConnectionTypes,
	NodeOperationError,
	type IDataObject,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IPollFunctions,
} from 'n8n-workflow';
import { CREDENTIAL_TYPE } from '../shared/credentials';
import { optionNameSubtitle } from '../shared/subtitles';
import { latestAdChange, pollAds, type AdSnapshot } from './ads';
import { agenciesToPoll, getAgencies } from './agencies';
import { latestLead, pollLeads, type LeadCursor } from './leads';
import { chosenAgency, chosenEvent, pollTriggerProperties, type PollEvent } from './properties';

/** What the node keeps in the workflow's static data, which n8n saves with each emitted poll. */
interface PollStore {
	[key: string]: unknown;
	leads?: Record<string, LeadCursor>;
	ads?: Record<string, AdSnapshot>;
	/** The event and agency choice the cursors were kept for. */
	keptFor?: string;
}

/**
 * The poll contexts that already polled. n8n makes one context per activation and polls with it
 * until deactivation, so the first poll of a context with activation 'activate' is the first after
 * activation: it starts over. A restart ('init') keeps the saved cursors and catches up.
 */
const polledContexts = new WeakSet<object>();

function noneYet(ctx: IPollFunctions, event: PollEvent): NodeOperationError {
	const what =
		event === 'newLead'
			? 'lead in the last 7 days'
			: event === 'adWentOffline'
				? 'ad gone offline since the last poll of the active workflow'
				: 'online ad';
	return new NodeOperationError(ctx.getNode(), `No ${what} to show yet`, {
		description:
			event === 'newLead'
				? 'Once a prospect contacts one of the agencies, "Fetch test event" shows the most recent lead.'
				: 'Activate the workflow: each poll then compares the online ad summary with the previous one.',
	});
}

export class RealEstatePortalPollTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Real Estate Portal Poll Trigger',
		name: 'realEstatePortalPollTrigger',
		icon: {
			light: 'file:realEstatePortalPollTrigger.svg',
			dark: 'file:realEstatePortalPollTrigger.dark.svg',
		},
		group: ['trigger'],
		version: 1,
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

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const event = chosenEvent(this);
		const agencies = await agenciesToPoll(this);
		const store = this.getWorkflowStaticData('node') as PollStore;
		const now = new Date();

		if (this.getMode() === 'manual') {
			// "Fetch test event": the most recent real item, the starting point left as it is.
			const sample =
				event === 'newLead'
					? await latestLead(this, agencies, now.getTime())
					: await latestAdChange(this, event, agencies, store.ads ?? {}, now);
			if (sample === null) throw noneYet(this, event);
			return [this.helpers.returnJsonArray([sample])];
		}

		// Cursors kept for another event or agency choice (an edited active workflow) are not ours.
		const keptFor = JSON.stringify([event, chosenAgency(this)]);
		const startOver =
			(this.getActivationMode() === 'activate' && !polledContexts.has(this)) ||
			store.keptFor !== keptFor;
		let items: IDataObject[];
		// Static data is written only once every agency was read: a failed poll moves nothing.
		if (event === 'newLead') {
			const polled = await pollLeads(
				this,
				agencies,
				startOver ? {} : (store.leads ?? {}),
				now.getTime(),
			);
			store.leads = polled.cursors;
			items = polled.items;
		} else {
			const polled = await pollAds(this, event, agencies, startOver ? {} : (store.ads ?? {}), now);
			store.ads = polled.snapshots;
			items = polled.items;
		}
		store.keptFor = keptFor;
		polledContexts.add(this);
		return items.length === 0 ? null : [this.helpers.returnJsonArray(items)];
	}
}
