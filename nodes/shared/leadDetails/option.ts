/**
 * The triggers' "Add Property Details" option: on for nodes added from version 2, off for workflows
 * saved with version 1 (they keep their items as they were until the user turns it on).
 */
import type {
	IDisplayOptions,
	INodeProperties,
	IPollFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';
import { FROM_VERSION_2, ONLY_VERSION_1, onlyWhen } from '../versionConditions';

export const PROPERTY_DETAILS = 'propertyDetails';

/**
 * The callback trigger holds a lead 0.3 s at most for details memory lacks (an ad new since its
 * agency was read): the portal waits about 1.5 s for the answer in all (docs/portal-api.md). A
 * lookup not done by then goes on for the next leads.
 */
export const WEBHOOK_DETAILS_TIME = { waitMs: 300, lookupMs: 10_000 };
/** A poll's leads wait 10 s at most for their details, all together (a poll has 40 s at most). */
export const POLL_DETAILS_TIME = { waitMs: 10_000, lookupMs: 10_000 };

function described(wait: string): string {
	return `Whether to add to each lead its ad's title, location, picture, property type, operation and platform ID, and its agency's name, read ahead from the portal (every linked agency's online ads, from activation on, refreshed every few minutes) and kept in memory. ${wait} A lead whose ad is offline or unknown lands without them and says why in detailsMissing.`;
}

/** The option for each node version, shown where `show` also holds. */
export function propertyDetailsProperties(
	wait: string,
	show: IDisplayOptions['show'] = {},
): INodeProperties[] {
	return [
		onlyWhen(
			{ show: { ...show, ...ONLY_VERSION_1.show } },
			{
				displayName: 'Add Property Details',
				name: PROPERTY_DETAILS,
				type: 'boolean',
				default: false,
				description: described(wait),
			},
		),
		onlyWhen(
			{ show: { ...show, ...FROM_VERSION_2.show } },
			{
				displayName: 'Add Property Details',
				name: PROPERTY_DETAILS,
				type: 'boolean',
				default: true,
				description: described(wait),
			},
		),
	];
}

export function wantsPropertyDetails(ctx: IWebhookFunctions | IPollFunctions): boolean {
	return ctx.getNodeParameter(PROPERTY_DETAILS, false) === true;
}
