/** The poll trigger's parameters, and reading them back. */
import { NodeOperationError, type INodeProperties, type IPollFunctions } from 'n8n-workflow';
import { propertyDetailsProperties } from '../shared/leadDetails/option';
import { includeNationalIdOption } from '../shared/nationalIdOption';

export const POLL_EVENTS = ['newLead', 'adWentOnline', 'adWentOffline', 'adChanged'] as const;
export type PollEvent = (typeof POLL_EVENTS)[number];
export type AdEvent = Exclude<PollEvent, 'newLead'>;

/** The longest "Emit Again Within": the list is asked from the day before the poll's. */
export const MOST_EMIT_AGAIN_MINUTES = 24 * 60;

export const pollTriggerProperties: INodeProperties[] = [
	{
		displayName:
			'Works on every plan, read-only (LEC) interfaces included, and changes nothing at the portal. The first poll after activation only records where to start. The ad summary can lag a few minutes behind the portal.',
		name: 'pollNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Event',
		name: 'event',
		type: 'options',
		default: 'newLead',
		options: [
			{
				name: 'Ad Changed',
				value: 'adChanged',
				description: 'An online ad has a later modification date than at the last poll',
			},
			{
				name: 'Ad Went Offline',
				value: 'adWentOffline',
				description: 'An ad online at the last poll is no longer in the online ad summary',
			},
			{
				name: 'Ad Went Online',
				value: 'adWentOnline',
				description: 'An ad that was not online at the last poll is now',
			},
			{
				name: 'New Lead',
				value: 'newLead',
				description: 'A prospect wrote a message or viewed the phone number on an ad',
			},
		],
	},
	{
		displayName: 'Agencies',
		name: 'agencyScope',
		type: 'options',
		default: 'all',
		options: [
			{
				name: 'All Agencies Linked to the Credential',
				value: 'all',
				description: 'Every agency the interface is linked to, listed again at each poll',
			},
			{ name: 'One Agency', value: 'one' },
		],
	},
	{
		displayName: 'Agency Name or ID',
		name: 'agencyCode',
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getAgencies' },
		required: true,
		default: '',
		description:
			'The agency to watch. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		displayOptions: { show: { agencyScope: ['one'] } },
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		displayOptions: { show: { event: ['newLead'] } },
		options: [
			{
				displayName: 'Emit Again Within (Minutes)',
				name: 'emitAgainWithinMinutes',
				type: 'number',
				typeOptions: { minValue: 0, maxValue: MOST_EMIT_AGAIN_MINUTES },
				default: 0,
				description: `For a workflow that lands leads with a keyed write (an upsert on leadKey): each poll emits again the leads registered within these minutes, so a lead whose write failed (the destination down for a while) lands once the destination is back. 0 emits each lead once. At most ${MOST_EMIT_AGAIN_MINUTES} (a day).`,
			},
			includeNationalIdOption,
		],
	},
	...propertyDetailsProperties(
		'A poll waits 10 s at most for the details of its leads; a lead whose details the portal did not give in time waits for the next polls, 10 minutes at most.',
		{
			event: ['newLead'],
		},
	),
];

/** How far back (ms) a poll emits again the leads it already emitted; 0: none. */
export function emitAgainWithinMs(ctx: IPollFunctions): number {
	const options = ctx.getNodeParameter('options', {}) as { emitAgainWithinMinutes?: unknown };
	const minutes = Number(options.emitAgainWithinMinutes ?? 0);
	if (!Number.isFinite(minutes) || minutes <= 0) return 0;
	return Math.min(minutes, MOST_EMIT_AGAIN_MINUTES) * 60_000;
}

export function chosenEvent(ctx: IPollFunctions): PollEvent {
	const event = ctx.getNodeParameter('event', 'newLead') as PollEvent;
	if (!POLL_EVENTS.includes(event)) {
		throw new NodeOperationError(ctx.getNode(), `Unknown event "${String(event)}"`, {
			description: 'Choose New Lead, Ad Went Online, Ad Went Offline or Ad Changed in Event.',
		});
	}
	return event;
}

/** The one agency chosen, or null for every agency linked to the credential. */
export function chosenAgency(ctx: IPollFunctions): string | null {
	if (ctx.getNodeParameter('agencyScope', 'all') !== 'one') return null;
	const code = String(ctx.getNodeParameter('agencyCode', '')).trim();
	if (code === '') {
		throw new NodeOperationError(ctx.getNode(), 'Choose the agency to watch', {
			description:
				'Pick one in Agency Name or ID, or set Agencies to All Agencies Linked to the Credential.',
		});
	}
	return code;
}

/** Whether leads carry the prospect's national id (personal data: off unless asked for). */
export function includesNationalId(ctx: IPollFunctions): boolean {
	const options = ctx.getNodeParameter('options', {}) as { includeNationalId?: unknown };
	return options.includeNationalId === true;
}
