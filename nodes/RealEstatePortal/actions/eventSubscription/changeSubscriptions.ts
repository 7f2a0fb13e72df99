/** Subscribe and Unsubscribe: the same parameters, one request and one output item per event kind. */
import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';
import { z } from 'zod';
import { EVENT_KINDS, LEAD_EVENT_KINDS, type EventKind } from '../../../shared/schemas';
import { portalRequest, readPortalSettings } from '../../../shared/transport';
import { validateInput } from '../../../shared/validation';

const EVENT_KIND_OPTIONS: Record<EventKind, { name: string; description: string }> = {
	AVISO_ACTIVIDAD: {
		name: 'Ad Activity',
		description: 'An ad was added, removed or modified (AVISO_ACTIVIDAD)',
	},
	AVISO_CALIDAD: {
		name: 'Ad Quality',
		description: 'The quality score of an ad changed (AVISO_CALIDAD)',
	},
	AVISO_ESTADO_PUBLICACION: {
		name: 'Ad Publication State',
		description: 'An ad went online or offline (AVISO_ESTADO_PUBLICACION)',
	},
	CREDITO: { name: 'Credits', description: "An agency's publication plan changed (CREDITO)" },
	CONTACTO: {
		name: 'Lead',
		description: 'A prospect viewed the phone number or contacted (CONTACTO)',
	},
	CONTACTO_MENSAJE: {
		name: 'Lead Message',
		description: 'A prospect sent a message (CONTACTO_MENSAJE)',
	},
};

const eventKindsSchema = z
	.array(z.enum(EVENT_KINDS), { invalid_type_error: 'must be a list of event kinds' })
	.min(1, 'choose at least one event kind');

export function subscriptionOperation(operation: 'subscribeEvent' | 'unsubscribeEvent') {
	const subscribing = operation === 'subscribeEvent';
	const properties: INodeProperties[] = [
		{
			displayName: 'Event Kinds',
			name: 'eventKinds',
			type: 'multiOptions',
			required: true,
			options: Object.entries(EVENT_KIND_OPTIONS)
				.map(([value, option]) => ({ ...option, value }))
				.sort((a, b) => a.name.localeCompare(b.name)),
			default: [],
			description: subscribing
				? 'The kinds of event the portal should notify'
				: 'The kinds of event the portal should stop notifying',
		},
	];
	const description = updateDisplayOptions(
		{
			show: {
				resource: ['eventSubscription'],
				operation: [subscribing ? 'subscribe' : 'unsubscribe'],
			},
		},
		properties,
	);

	async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const given = this.getNodeParameter('eventKinds', itemIndex, []);
		const kinds = validateInput(
			this.getNode(),
			eventKindsSchema,
			given,
			{ '': 'Event Kinds' },
			itemIndex,
		);
		const { interfaceKind } = await readPortalSettings(this);
		const results: IDataObject[] = [];
		for (const eventKind of [...new Set(kinds)]) {
			await portalRequest(this, operation, { pathParams: { eventKind }, itemIndex });
			results.push({
				eventKind,
				subscribed: subscribing,
				// Events rule 3: a read-only interface is sent lead events only.
				deliveredToThisInterface:
					subscribing && (interfaceKind === 'LES' || LEAD_EVENT_KINDS.includes(eventKind)),
			});
		}
		return results;
	}

	return { description, execute };
}
