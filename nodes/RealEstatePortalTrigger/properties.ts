/** The trigger's parameters, and reading them back as the lifecycle and the receiver need them. */
import {
	NodeOperationError,
	type IDataObject,
	type IHookFunctions,
	type INodeProperties,
	type IWebhookFunctions,
} from 'n8n-workflow';
import {
	EVENT_KINDS,
	callbackBodyLanguageSchema,
	eventKindSchema,
	type CallbackBodyLanguage,
	type EventKind,
} from '../shared/schemas';
import { eventKindOptions } from '../shared/eventKinds';
import type { ReceiveSettings } from './receive';

export const DEFAULT_EVENT_KINDS: EventKind[] = ['CONTACTO', 'CONTACTO_MENSAJE'];

export const triggerProperties: INodeProperties[] = [
	{
		displayName:
			'The portal keeps ONE callback per interface. Activating points it at this workflow; deactivating gives back what was there before. Use one active trigger per credential and route event kinds with a Switch node.',
		name: 'oneCallbackNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Event Kinds',
		name: 'events',
		type: 'multiOptions',
		required: true,
		default: ['CONTACTO', 'CONTACTO_MENSAJE'],
		description:
			'Which events start the workflow. A read-only (LEC) interface receives only the two lead kinds.',
		options: eventKindOptions(),
	},
	{
		displayName: 'Body Language',
		name: 'bodyLanguage',
		type: 'options',
		default: 'ES',
		description:
			'Language of the field names in the bodies the portal sends. With Simplify on, the output is the same for all three.',
		options: [
			{ name: 'English', value: 'EN' },
			{ name: 'Portuguese', value: 'PT' },
			{ name: 'Spanish', value: 'ES' },
		],
	},
	{
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: true,
		description:
			'Whether to return a simplified version of the response instead of the raw data: a lead as one flat object, an ad or credit event in a small envelope with its body',
	},
	{
		displayName: 'Respond',
		name: 'responseMode',
		type: 'options',
		default: 'onReceived',
		description: 'When the portal is told that the event arrived',
		options: [
			{
				name: 'Immediately',
				value: 'onReceived',
				description:
					'As soon as the event is checked, before the workflow runs; repeats of an event are dropped. An execution cut short (n8n stopped first, a worker lost) is not sent again.',
			},
			{
				name: 'When Last Node Finishes',
				value: 'lastNode',
				description:
					'Only once the workflow succeeded: if it fails, or n8n stops first, the portal sends the event again (for up to 72 hours). Leads beyond what n8n finishes in time are answered "retry later" and come back. A repeat of a finished lead runs again: end the workflow in a write keyed on eventId.',
			},
		],
	},
	{
		displayName:
			'The portal waits about 1.5 s for the answer: a workflow that takes longer gets the event again. With repeats running the workflow, write to a table keyed on eventId (the Data table and PostgreSQL examples do).',
		name: 'lastNodeNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { responseMode: ['lastNode'] } },
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [
			{
				displayName: 'Include Raw Body',
				name: 'includeRawBody',
				type: 'boolean',
				default: false,
				description: 'Whether to add the body as received (field rawBody) beside a simplified lead',
			},
			{
				displayName: 'Max Leads In Flight',
				name: 'maxLeadsInFlight',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: 0,
				displayOptions: { show: { '/responseMode': ['lastNode'] } },
				description:
					'How many leads may run at once. More are answered 503 "retry later" at once, and run when the portal sends them again. 0: automatic, as many as n8n finished within the portal\'s 1.5 s recently.',
			},
			{
				displayName: 'Only Ad Codes',
				name: 'adCodes',
				type: 'string',
				default: '',
				placeholder: 'DEMO-0001, DEMO-0002',
				description:
					'Comma-separated ad codes or platform ad IDs. Other events are answered but start no execution; events that name no ad (credits) do not pass.',
			},
			{
				displayName: 'Only Agency Codes',
				name: 'agencyCodes',
				type: 'string',
				default: '',
				placeholder: 'INMO-001, INMO-002',
				description:
					'Comma-separated agency codes. Other events are answered but start no execution. Lead bodies usually name no agency and then do not pass: filter leads by ad code instead.',
			},
		],
	},
];

type ParameterReader = IHookFunctions | IWebhookFunctions;

export function chosenKinds(ctx: ParameterReader): EventKind[] {
	const parsed = eventKindSchema
		.array()
		.safeParse(ctx.getNodeParameter('events', DEFAULT_EVENT_KINDS));
	if (!parsed.success || parsed.data.length === 0) {
		throw new NodeOperationError(ctx.getNode(), 'Choose at least one event kind', {
			description: `Event Kinds takes any of ${EVENT_KINDS.join(', ')}.`,
		});
	}
	return [...new Set(parsed.data)];
}

export function chosenLanguage(ctx: ParameterReader): CallbackBodyLanguage {
	const parsed = callbackBodyLanguageSchema.safeParse(ctx.getNodeParameter('bodyLanguage', 'ES'));
	return parsed.success ? parsed.data : 'ES';
}

function codeList(value: unknown): string[] {
	return typeof value === 'string'
		? value
				.split(',')
				.map((code) => code.trim())
				.filter((code) => code !== '')
		: [];
}

/** Whether the portal gets its answer once the workflow succeeded (n8n's `lastNode`). */
function answersAfterWorkflow(ctx: IWebhookFunctions): boolean {
	return ctx.getNodeParameter('responseMode', 'onReceived') === 'lastNode';
}

/** The user's bound on leads in flight when the portal is answered after the workflow (null: automatic), or undefined when it is answered at once. */
export function maxLeadsInFlightOf(ctx: IWebhookFunctions): number | null | undefined {
	if (!answersAfterWorkflow(ctx)) return undefined;
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	const bound = Number(options.maxLeadsInFlight ?? 0);
	return Number.isFinite(bound) && bound >= 1 ? Math.floor(bound) : null;
}

export function receiveSettingsOf(ctx: IWebhookFunctions): ReceiveSettings {
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	return {
		// Answered after the workflow, a repeat may be the portal's retry of a run that failed.
		dropRepeats: !answersAfterWorkflow(ctx),
		kinds: chosenKinds(ctx),
		simplify: ctx.getNodeParameter('simplify', true) as boolean,
		includeRawBody: options.includeRawBody === true,
		agencyCodes: codeList(options.agencyCodes),
		adCodes: codeList(options.adCodes),
	};
}
