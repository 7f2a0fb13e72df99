/** The trigger at activation, deactivation and each delivery: loaded then, not with the node. */
import {
	NodeOperationError,
	type IExecuteFunctions,
	type IHookFunctions,
	type INodeExecutionData,
	type IWebhookFunctions,
	type IWebhookResponseData,
} from 'n8n-workflow';
import { CREDENTIAL_TYPE } from '../shared/credentials';
import { LEAD_EVENT_KINDS, isLeadKind, kindsReceivedBy } from '../shared/eventKinds';
import { askTokenKind } from '../shared/interfaceKind';
import { warmPropertyDetails, withPropertyDetails } from '../shared/leadDetails/addPropertyDetails';
import { asRows } from '../shared/landingRow';
import { WEBHOOK_DETAILS_TIME } from '../shared/leadDetails/option';
import { identityOf } from '../shared/leadDetails/portalLookups';
import { callbackApiOf } from './callbackApi';
import { forgetCallback, recordCallback } from './callbackRecord';
import { admitLead, refuseDelivery } from './admission';
import { noteBodyLanguage } from './languageNotice';
import {
	chosenKinds,
	chosenLanguage,
	lifecycleChoicesOf,
	receiveSettingsOf,
	WEBHOOK_PATH,
} from './properties';
import { deliveryOf } from './delivery';
import { notFullyReadHint } from './readingWarnings';
import { receive, type Reception } from './receive';
import {
	isRegistered,
	register,
	registeredReceivers,
	unregister,
	type LifecycleContext,
	type RegistrationStore,
	type RegistrationTarget,
} from './registration';
import { keyMaterialOf } from './secrets';
import { soleAgencyCodeAtActivation, soleAgencyCodeNow } from './soleAgency';
import {
	DOOR_PROBE_HEADER,
	SECRET_HEADER,
	headerValue,
	matchingDigest,
	webhookSecretFor,
} from './verify';

function webhookUrlOf(ctx: IHookFunctions): string {
	// In the editor's "Listen for test event" this is the test URL, otherwise the production one.
	const url = ctx.getNodeWebhookUrl('default');
	if (!url) throw new NodeOperationError(ctx.getNode(), 'n8n gave this trigger no webhook URL');
	return url;
}

/**
 * This node's URLs, production and test, whatever n8n's base URLs: they end in the node's webhook
 * id and path. A node without a webhook id (workflows older than n8n 1.0) knows only its own URL.
 */
function isThisNodeOf(ctx: IHookFunctions): (url: string) => boolean {
	const { webhookId } = ctx.getNode();
	const own = webhookUrlOf(ctx);
	if (!webhookId) return (url) => url === own;
	const tail = `/${webhookId}/${WEBHOOK_PATH}`;
	return (url) =>
		url === own ||
		url
			.replace(/[?#].*$/, '')
			.replace(/\/+$/, '')
			.endsWith(tail);
}

async function lifecycleOf(ctx: IHookFunctions): Promise<LifecycleContext> {
	const credentials = await ctx.getCredentials(CREDENTIAL_TYPE);
	const store = ctx.getWorkflowStaticData('node') as RegistrationStore;
	// Each hook notes the interface for webhook(): a delivery then reads no credential.
	store.interfaceIdentity = identityOf(credentials);
	return {
		api: callbackApiOf(ctx),
		store,
		node: ctx.getNode(),
		logger: ctx.logger,
		keyMaterial: keyMaterialOf(credentials),
		receivableKinds: kindsReceivedBy(credentials.interfaceKind === 'LEC' ? 'LEC' : 'LES'),
		isThisNode: isThisNodeOf(ctx),
		...lifecycleChoicesOf(ctx),
	};
}

function targetOf(ctx: IHookFunctions): RegistrationTarget {
	return {
		url: webhookUrlOf(ctx),
		headerKey: SECRET_HEADER,
		language: chosenLanguage(ctx),
		kinds: chosenKinds(ctx),
		// "Listen for test event" registers in mode 'manual'.
		...(ctx.getMode() === 'manual' ? { forTestEvent: true } : {}),
	};
}

/**
 * A read-only interface is never sent ad or credit events (docs/portal-api.md#event-kinds). With
 * such kinds chosen, the portal is asked whether the token is a read-only interface's, whatever the
 * credential says (nodes/shared/interfaceKind.ts); when it cannot tell, the credential's word stands.
 */
async function refuseKindsAReadOnlyInterfaceNeverGets(
	ctx: IHookFunctions,
	target: RegistrationTarget,
) {
	const refused = target.kinds.filter((kind) => !isLeadKind(kind));
	if (refused.length === 0) return;
	const credentials = await ctx.getCredentials(CREDENTIAL_TYPE);
	const said = credentials.interfaceKind === 'LEC' ? 'LEC' : 'LES';
	const answer = await askTokenKind(ctx).catch((error: unknown) => {
		const { message, description } = error as { message?: string; description?: string };
		throw new NodeOperationError(
			ctx.getNode(),
			`Activation failed while asking the portal whether this token may receive ad events: ${message}`,
			{ description: `${description ? `${description} ` : ''}Nothing was changed at the portal.` },
		);
	});
	if (answer !== 'readOnly' && said !== 'LEC') return;
	const leadKinds = LEAD_EVENT_KINDS.join(', ');
	const fix = `Remove ${refused.join(', ')} from Event Kinds, or use a credential of a read-write (LES) interface.`;
	if (answer === 'readOnly') {
		const despite =
			said === 'LES'
				? " This credential's Interface Kind says LES, but the portal refuses this token's writes as a read-only interface's."
				: '';
		throw new NodeOperationError(
			ctx.getNode(),
			`This access token belongs to a read-only (LEC) interface, which receives only lead events (${leadKinds})`,
			{ description: `${fix}${despite}` },
		);
	}
	const mayWrite =
		answer === 'mayWrite'
			? " The portal let this token write, though: if it is your read-write interface's, set the credential's Interface Kind to LES."
			: '';
	throw new NodeOperationError(
		ctx.getNode(),
		`The credential's Interface Kind is read-only (LEC), and a read-only interface receives only lead events (${leadKinds})`,
		{ description: `${fix}${mayWrite}` },
	);
}

/** Dropped by Only Agency Codes, which a lead naming no agency passes only through its sole agency. */
function filteredForNamingNoAgency(reception: Reception): boolean {
	return reception.outcome === 'ignored' && reception.reason.startsWith('agency not in');
}

export async function checkExists(this: IHookFunctions): Promise<boolean> {
	// Each publication checks first (n8n 2.41 calls no webhook method at start: the Poll
	// Trigger of the landing workflow repairs a lost registration then); the linked agencies'
	// ads are read ahead of the first lead.
	warmPropertyDetails(this);
	const target = targetOf(this);
	const registered = await isRegistered(await lifecycleOf(this), target);
	if (registered) recordCallback(this, target);
	return registered;
}

export async function create(this: IHookFunctions): Promise<boolean> {
	const target = targetOf(this);
	await refuseKindsAReadOnlyInterfaceNeverGets(this, target);
	await soleAgencyCodeAtActivation(this);
	const lifecycle = await lifecycleOf(this);
	await register(lifecycle, target, webhookSecretFor(lifecycle.keyMaterial, target.url));
	recordCallback(this, target);
	return true;
}

export async function remove(this: IHookFunctions): Promise<boolean> {
	const url = webhookUrlOf(this);
	forgetCallback(this, url);
	await unregister(await lifecycleOf(this), url);
	return true;
}

/**
 * n8n runs the delivery's item through here (a webhook node with an execute method): the
 * execution of a body not fully read succeeds, with a warning on the trigger's output.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const unread = items.filter((item) => item.json.unreadableFields !== undefined).length;
	if (unread > 0) this.addExecutionHints(notFullyReadHint(unread));
	return [items];
}

export async function webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const request = this.getRequestObject();
	const store = this.getWorkflowStaticData('node') as RegistrationStore;
	const receivers = registeredReceivers(store);
	// The secret first: nothing is read or fetched for a caller without it.
	const given = headerValue(request.headers, SECRET_HEADER);
	if (matchingDigest(given, receivers) === undefined) {
		refuseDelivery(this, given, headerValue(request.headers, DOOR_PROBE_HEADER) !== undefined);
		return { noWebhookResponse: true };
	}
	const settings = receiveSettingsOf(this);
	const soleAgencyCode = await soleAgencyCodeNow(this);
	const reception = await receive(
		deliveryOf(request),
		soleAgencyCode ?? null,
		settings,
		new Date(),
	);
	if (reception.warning) this.logger.warn(reception.warning);
	if (reception.outcome === 'rejected') {
		this.getResponseObject().status(reception.status).json({ message: reception.message });
		return { noWebhookResponse: true };
	}
	noteBodyLanguage(
		this.logger,
		this.getNodeWebhookUrl('default') ?? this.getNode().id,
		settings.languageHint,
		reception.language,
	);
	if (soleAgencyCode === undefined && filteredForNamingNoAgency(reception)) {
		// Which agency it is could not be read: the portal sends it again (for up to 72 hours).
		this.getResponseObject().status(503).json({
			message: "The interface's agencies could not be read to tell this lead's agency",
		});
		return { noWebhookResponse: true };
	}
	// The answer goes out before the workflow runs: the service waits only about 1.5 s.
	if (reception.outcome === 'ignored') {
		return { webhookResponse: { received: true, ignored: reception.reason } };
	}
	// A lead already done is answered 200; answered after the workflow, a repeat of a running
	// lead, or one beyond the cap, comes back later.
	if (!admitLead(this, reception.eventId)) return { noWebhookResponse: true };
	// Details come from memory; a lead that must ask the portal is held 0.3 s at most (WEBHOOK_DETAILS_TIME).
	const detailed = await withPropertyDetails(
		this,
		[reception.item],
		WEBHOOK_DETAILS_TIME,
		store.interfaceIdentity,
	);
	const [item] = asRows(detailed, this.getNode().typeVersion, 'callback', this.getTimezone());
	return {
		webhookResponse: { received: true },
		workflowData: [[{ json: item }]],
	};
}
