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
import { FROM_VERSION_2, ONLY_VERSION_1, onlyWhen } from '../../RealEstatePortal/actions/versions';

export const PROPERTY_DETAILS = 'propertyDetails';

/** How long the callback trigger holds a lead for its details: the portal waits about 1.5 s in all. */
export const WEBHOOK_DETAILS_WAIT_MS = 300;
/** How long a poll's leads wait for their details, all together. */
export const POLL_DETAILS_WAIT_MS = 10_000;

function described(wait: string): string {
	return `Whether to add to each lead its ad's title, location, picture, property type, operation and platform ID, and its agency's name, read from the portal and kept in memory for a few minutes. ${wait} A lead whose ad is offline or unknown lands without them and says why in detailsMissing.`;
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
