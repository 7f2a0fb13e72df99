/** Subscribe and Unsubscribe: the same parameters, one request and one output item per event kind. */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { z } from 'zod';
import { eventKindOptions, isReceivedBy } from '../../../shared/eventKinds';
import { EVENT_KINDS } from '../../../shared/schemas';
import { portalRequest, readPortalSettings } from '../../../shared/transport';
import { validateInput } from '../../../shared/validation';
import { forOperation } from '../common.descriptions';

const eventKindsSchema = z
	.array(z.enum(EVENT_KINDS), { invalid_type_error: 'must be a list of event kinds' })
	.min(1, 'choose at least one event kind');

export function subscriptionOperation(operation: 'subscribeEvent' | 'unsubscribeEvent') {
	const subscribing = operation === 'subscribeEvent';
	const description = forOperation('eventSubscription', subscribing ? 'subscribe' : 'unsubscribe', [
		{
			displayName: 'Event Kinds',
			name: 'eventKinds',
			type: 'multiOptions',
			required: true,
			options: eventKindOptions(),
			default: [],
			description: subscribing
				? 'The kinds of event the portal should notify'
				: 'The kinds of event the portal should stop notifying',
		},
	]);

	async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const given = this.getNodeParameter('eventKinds', itemIndex, []);
		const kinds = validateInput(this, eventKindsSchema, given, { '': 'Event Kinds' }, itemIndex);
		const { interfaceKind } = await readPortalSettings(this);
		const results: IDataObject[] = [];
		for (const eventKind of [...new Set(kinds)]) {
			await portalRequest(this, operation, { pathParams: { eventKind }, itemIndex });
			results.push({
				eventKind,
				subscribed: subscribing,
				deliveredToThisInterface: subscribing && isReceivedBy(interfaceKind, eventKind),
			});
		}
		return results;
	}

	return { description, execute };
}
