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
import { propertyDetailsProperties } from '../shared/leadDetails/option';
import { includeNationalIdOption } from '../shared/nationalIdOption';
import type { ReceiveSettings } from './receive';
import type { ReleaseRule } from './registration';

/** The last part of the trigger's webhook URLs, after the node's webhook id. */
export const WEBHOOK_PATH = 'real-estate-portal';

export const DEFAULT_EVENT_KINDS: EventKind[] = ['CONTACTO', 'CONTACTO_MENSAJE'];

export const triggerProperties: INodeProperties[] = [
	{
		displayName:
			'The portal keeps ONE callback per interface. Publishing points it at this workflow; unpublishing leaves it here so that no event is lost (see Options → When Unpublished). Use one published trigger per credential and route event kinds with a Switch node.',
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
			'Language of the field names the portal is asked to send. Bodies in any published language (English 2 and English SF too) are recognised and read; with Simplify on, the output is the same for all. English message bodies carry no message ID: beside the lead list, such a message is two rows sharing matchKey. Spanish and Portuguese keep it one.',
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
	...propertyDetailsProperties('The portal is answered 0.3 s later at most.', { simplify: [true] }),
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
					'Only once the workflow succeeded: if it fails, or n8n stops first, the portal sends the event again (for up to 72 hours). A repeat of a lead still running is answered "retry later", of one that succeeded dropped; a lead whose workflow failed runs again: end the workflow in a write keyed on leadKey.',
			},
		],
	},
	{
		displayName:
			'The portal waits about 1.5 s for the answer: a workflow that takes longer gets the event again. With repeats running the workflow, write to a table keyed on leadKey (the Data table and PostgreSQL examples do).',
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
				...includeNationalIdOption,
				description:
					"Whether to add the prospect's national ID (DNI, CPF: personal data) to a simplified lead as nationalId. Off, it is only in a raw body you ask for (Include Raw Body, or Simplify off).",
			},
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
					'How many leads may run at once in this n8n process. More are answered 503 "retry later" and run when the portal sends them again. 0: no limit here; hold bursts with a proxy in front of n8n instead (docs/deployment.md).',
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
					'Comma-separated agency codes (the code the agency has at the portal). Other events are answered but start no execution. Leads whose body names no agency (English 2 and English SF bodies) do not pass unless the interface has one agency only: filter those by ad code instead.',
			},
			{
				displayName: 'Take Over From Another Trigger',
				name: 'takeOver',
				type: 'boolean',
				default: false,
				description:
					"Whether publishing may point the callback here while another Real Estate Portal Trigger's URL holds it. That workflow then receives nothing. Off, publishing fails and names the other URL.",
			},
			{
				displayName: 'When Unpublished',
				name: 'whenUnpublished',
				type: 'options',
				default: 'keep',
				description: 'What unpublishing this workflow leaves at the portal',
				options: [
					{
						name: 'Keep the Callback Here',
						value: 'keep',
						description:
							'Nothing changes at the portal: it keeps every event, retrying for up to 72 hours, until the workflow is published again. No event is lost to an edit, a restart or unpublishing for a while.',
					},
					{
						name: 'Give Back the Previous Callback',
						value: 'giveBack',
						description:
							'Points the callback back at what was there before and unsubscribes the kinds it added. Events made while the workflow is unpublished go there, or nowhere; use it when this workflow stops receiving for good.',
					},
				],
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

/** How activation and deactivation treat the interface's one callback (registration.ts). */
export function lifecycleChoicesOf(ctx: IHookFunctions): {
	release: ReleaseRule;
	takeOver: boolean;
} {
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	return {
		release: options.whenUnpublished === 'giveBack' ? 'giveBack' : 'keep',
		takeOver: options.takeOver === true,
	};
}

/** The user's cap on leads in flight when the portal is answered after the workflow (null: none), or undefined when it is answered at once. */
export function maxLeadsInFlightOf(ctx: IWebhookFunctions): number | null | undefined {
	if (!answersAfterWorkflow(ctx)) return undefined;
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	const bound = Number(options.maxLeadsInFlight ?? 0);
	return Number.isFinite(bound) && bound >= 1 ? Math.floor(bound) : null;
}

export function receiveSettingsOf(ctx: IWebhookFunctions): ReceiveSettings {
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	return {
		kinds: chosenKinds(ctx),
		languageHint: chosenLanguage(ctx),
		simplify: ctx.getNodeParameter('simplify', true) as boolean,
		includeRawBody: options.includeRawBody === true,
		includeNationalId: options.includeNationalId === true,
		agencyCodes: codeList(options.agencyCodes),
		adCodes: codeList(options.adCodes),
	};
}
