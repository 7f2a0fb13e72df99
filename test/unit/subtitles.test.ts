/**
 * Every node's subtitle on the canvas, evaluated the way the editor evaluates it (n8n-workflow's
 * expression engine, `getSimpleParameterValue`), for every option value: words a user reads in the
 * parameters, never a raw value such as `newLead`, `getAll` or `CONTACTO`.
 */
import {
	Workflow,
	type INodeParameters,
	type INodeProperties,
	type INodeType,
	type INodeTypes,
} from 'n8n-workflow';
import { RealEstatePortal } from '../../nodes/RealEstatePortal/RealEstatePortal.node';
import { RealEstatePortalPollTrigger } from '../../nodes/RealEstatePortalPollTrigger/RealEstatePortalPollTrigger.node';
import { RealEstatePortalTrigger } from '../../nodes/RealEstatePortalTrigger/RealEstatePortalTrigger.node';
import { EVENT_KINDS } from '../../nodes/shared/schemas';

const action = new RealEstatePortal();
const trigger = new RealEstatePortalTrigger();
const pollTrigger = new RealEstatePortalPollTrigger();

function subtitleOf(nodeType: INodeType, parameters: INodeParameters, typeVersion = 1): unknown {
	const nodeTypes = {
		getByName: () => nodeType,
		getByNameAndVersion: () => nodeType,
		getKnownTypes: () => ({}),
	} as unknown as INodeTypes;
	const node = {
		id: 'n',
		name: nodeType.description.displayName,
		type: `n8n-nodes-real-estate-portal.${nodeType.description.name}`,
		typeVersion,
		position: [0, 0] as [number, number],
		parameters,
	};
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	return workflow.expression.getSimpleParameterValue(
		workflow.getNode(node.name)!,
		nodeType.description.subtitle as string,
		'internal',
		{},
	);
}

function optionsOf(property: INodeProperties): Array<{ name: string; value: string }> {
	return (property.options ?? []).filter(
		(option): option is { name: string; value: string } =>
			'value' in option && typeof option.value === 'string',
	);
}

/** The values of a node's option lists that differ from what the list shows. */
function rawValuesOf(nodeType: INodeType): string[] {
	return nodeType.description.properties
		.flatMap(optionsOf)
		.filter(
			(option) =>
				option.value.trim() !== '' && option.value.toLowerCase() !== option.name.toLowerCase(),
		)
		.map((option) => option.value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
}

function expectReadable(nodeType: INodeType, subtitle: unknown) {
	expect(typeof subtitle).toBe('string');
	const text = String(subtitle);
	expect(text.trim()).not.toBe('');
	expect(text).not.toMatch(/undefined|null|NaN|\[object/);
	// A camelCase value (newLead, getAll) or a portal code (CONTACTO, AVISO_CALIDAD).
	expect(text).not.toMatch(/[a-z][A-Z]|[A-Z]{2,}_[A-Z]/);
	for (const raw of rawValuesOf(nodeType)) {
		expect(text).not.toMatch(new RegExp(`(^|[^\\w])${raw}([^\\w]|$)`));
	}
}

function property(nodeType: INodeType, name: string, resource?: string): INodeProperties {
	return nodeType.description.properties.find(
		(p) =>
			p.name === name &&
			(resource === undefined || p.displayOptions?.show?.resource?.includes(resource)),
	)!;
}

describe('Real Estate Portal', () => {
	test.each([
		[{ resource: 'ad', operation: 'getAll' }, 'Get many: Ad'],
		[{ resource: 'ad', operation: 'associate' }, 'Associate: Ad'],
		[{ resource: 'ad', operation: 'get' }, 'Get: Ad'],
		[{ resource: 'agency', operation: 'getAll' }, 'Get many: Agency'],
		[{ resource: 'lookup', operation: 'getCurrencies' }, 'Get currencies: Lookup'],
		[{ resource: 'callbackConfiguration', operation: 'set' }, 'Set: Callback Configuration'],
		[{ resource: 'sandbox', operation: 'simulateLeadEvent' }, 'Simulate lead event: Sandbox'],
		[
			{
				resource: 'eventSubscription',
				operation: 'subscribe',
				eventKinds: ['CONTACTO', 'AVISO_CALIDAD', 'CREDITO'],
			},
			'Subscribe: 3 event kinds',
		],
		[
			{ resource: 'eventSubscription', operation: 'unsubscribe', eventKinds: ['CONTACTO'] },
			'Unsubscribe: 1 event kind',
		],
	])('%p reads "%s"', (parameters, expected) => {
		expect(subtitleOf(action, parameters, 2)).toBe(expected);
	});

	test.each([1, 2])(
		'every operation of every resource reads as words (version %i)',
		(typeVersion) => {
			for (const resource of optionsOf(property(action, 'resource'))) {
				for (const operation of optionsOf(property(action, 'operation', resource.value))) {
					for (const eventKinds of [[], ['CONTACTO'], [...EVENT_KINDS]]) {
						const parameters = { resource: resource.value, operation: operation.value, eventKinds };
						expectReadable(action, subtitleOf(action, parameters, typeVersion));
					}
				}
			}
		},
	);
});

describe('Real Estate Portal Trigger', () => {
	test.each([
		[undefined, 'All leads'],
		[['CONTACTO_MENSAJE'], 'Leads: messages'],
		[
			['CREDITO', 'AVISO_ESTADO_PUBLICACION', 'CONTACTO_MENSAJE', 'CONTACTO'],
			'Leads, ad state, credits',
		],
		[['CREDITO', 'CONTACTO'], 'Phone views, credits'],
		[['AVISO_CALIDAD', 'AVISO_ACTIVIDAD'], 'Ad quality, ad activity'],
		[[...EVENT_KINDS], 'All events'],
		[[], 'No event kinds'],
	])('Event Kinds %p reads "%s"', (events, expected) => {
		expect(subtitleOf(trigger, events === undefined ? {} : { events })).toBe(expected);
	});

	test('every event kind, alone and with the others, reads as words that fit the canvas', () => {
		const subtitles = [...EVENT_KINDS].flatMap((kind) => [
			subtitleOf(trigger, { events: [kind] }),
			subtitleOf(trigger, { events: ['CONTACTO', kind] }),
			subtitleOf(trigger, { events: ['CONTACTO', 'CONTACTO_MENSAJE', kind] }),
		]);
		for (const subtitle of subtitles) {
			expectReadable(trigger, subtitle);
			// The canvas cuts a subtitle after about 26 characters.
			expect(String(subtitle).length).toBeLessThanOrEqual(26);
		}
	});
});

describe('Real Estate Portal Poll Trigger', () => {
	test('reads the chosen Event as the list shows it, for every event', () => {
		const events = optionsOf(property(pollTrigger, 'event'));
		expect(events.length).toBeGreaterThan(0);
		for (const event of events) {
			const subtitle = subtitleOf(pollTrigger, { event: event.value });
			expect(subtitle).toBe(event.name);
			expectReadable(pollTrigger, subtitle);
		}
		expect(subtitleOf(pollTrigger, {})).toBe('New Lead');
	});
});
