/**
 * The webhook lifecycle against the interface's ONE callback configuration
 * (docs/portal-api.md#callbacks: one URL per interface, subscriptions per event kind, no way to
 * delete a configuration or to read the subscriptions back).
 *
 * One Registration per webhook URL in the node's static data (RegistrationStore), so the production
 * URL and the editor's test URL ("Listen for test event") each keep their own. No secret is stored
 * (see secrets.ts): the webhook secret only as a salted digest, the previous configuration sealed
 * under a key from the credential. Records of the released version (`secret` and
 * `previous.configuration` in plain text) are still read, and rewritten at the next activation or
 * restart repair.
 *
 * What deactivation leaves at the portal (docs/reliability.md#unpublishing-and-editing): n8n calls
 * `delete` both when a workflow is unpublished and before it registers an edited trigger again, and
 * the portal's pending retries carry the secret of their first attempt. So by default (`keep`)
 * deactivation changes nothing at the portal and keeps the record: the portal keeps every event,
 * retrying for up to 72 hours, until the workflow is published again with the same secret
 * (verify.ts `webhookSecretFor`). "Listen for test event", and the `giveBack` option, give the
 * configuration back instead.
 *
 * `previous` is what the configuration was before this registration replaced it, given back at
 * such a deactivation when the configuration still points at this URL, unless it is another
 * trigger's of this package (that workflow may be unpublished by now: its URL would answer 404).
 * Its `kinds` are known when nothing was configured (none) or when it was this node's other
 * registration (test over production); for anyone else's configuration they are unknown, and then
 * no kind is ever unsubscribed on their behalf: they may receive an extra kind, never lose one.
 */
import { NodeOperationError, type INode, type Logger } from 'n8n-workflow';
import type {
	CallbackBodyLanguage,
	StoredCallbackConfiguration as CallbackConfiguration,
	EventKind,
} from '../shared/schemas';
import { PORTAL_RETRIES_MS } from './doneLeads';
import {
	digestMatches,
	digestSecret,
	isSealed,
	open,
	seal,
	type Sealed,
	type SecretDigest,
} from './secrets';
import { SECRET_HEADER } from './verify';

export interface CallbackApi {
	/** Null when nothing is configured. */
	getConfiguration(): Promise<CallbackConfiguration | null>;
	setConfiguration(configuration: CallbackConfiguration): Promise<void>;
	subscribe(kind: EventKind): Promise<void>;
	unsubscribe(kind: EventKind): Promise<void>;
}

export interface PreviousRegistration {
	/** Sealed once saved; plain text in records of the released version and while registering. */
	configuration: Sealed | CallbackConfiguration | null;
	/** Kinds subscribed for it; null when unknown (someone else's configuration). */
	kinds: EventKind[] | null;
}

/** A secret this URL was registered with before: the portal's retries may still carry it. */
export interface RetiredDigest extends SecretDigest {
	/** ISO instant after which the portal has given those retries up. */
	until: string;
}

export interface Registration {
	secretDigest?: SecretDigest;
	retiredDigests?: RetiredDigest[];
	/** Made by "Listen for test event": always gives the configuration back. */
	forTestEvent?: boolean;
	/** Only in records of the released version. */
	secret?: string;
	headerKey: string;
	language: CallbackBodyLanguage;
	kinds: EventKind[];
	previous: PreviousRegistration;
	registeredAt: string;
}

export interface RegistrationStore {
	[key: string]: unknown;
	registrations?: Record<string, Registration>;
	/**
	 * The interface the hooks last registered with (portalLookups.ts `interfaceIdentity`, a digest,
	 * never the token): whose details memory webhook() reads, without reading the credential.
	 */
	interfaceIdentity?: string;
}

/** What this node wants registered. */
export interface RegistrationTarget {
	url: string;
	headerKey: string;
	language: CallbackBodyLanguage;
	kinds: EventKind[];
	forTestEvent?: boolean;
}

/** What deactivation leaves at the portal (see the top of this file). */
export type ReleaseRule = 'keep' | 'giveBack';

export interface LifecycleContext {
	api: CallbackApi;
	store: RegistrationStore;
	node: INode;
	logger: Pick<Logger, 'info' | 'warn' | 'error'>;
	/** The credential's secret the previous configuration is sealed under (secrets.ts). */
	keyMaterial: string;
	/** Every kind the interface can be sent: unsubscribed when the previous configuration is lost. */
	receivableKinds: readonly EventKind[];
	/** Whether a webhook URL is this node's (its production or its test URL). */
	isThisNode: (url: string) => boolean;
	release: ReleaseRule;
	/** Whether activation may take the callback from another trigger of this package. */
	takeOver: boolean;
	now?: () => Date;
}

const UNREADABLE_PREVIOUS =
	'it was kept encrypted under the credential, and the credential has changed since activation';

const NOTHING_BEFORE: PreviousRegistration = { configuration: null, kinds: [] };

function messageOf(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}

/** The fix a transport error names (NodeApiError's description), to pass on. */
function descriptionOf(error: unknown): string {
	const description = (error as { description?: unknown } | null)?.description;
	return typeof description === 'string' && description !== '' ? `${description} ` : '';
}

function without(kinds: readonly EventKind[], removed: readonly EventKind[]): EventKind[] {
	return kinds.filter((kind) => !removed.includes(kind));
}

function registrationsOf(store: RegistrationStore): Record<string, Registration> {
	return { ...(store.registrations ?? {}) };
}

function saveRegistration(
	store: RegistrationStore,
	url: string,
	registration: Registration | undefined,
) {
	const next = registrationsOf(store);
	if (registration) next[url] = registration;
	else delete next[url];
	// Assigned as a whole: n8n notices the change and saves the static data.
	store.registrations = next;
}

/** The digest of a registration's secret; a plain secret of the released version gets an unsalted one. */
function digestOf(registration: Registration): SecretDigest {
	return registration.secretDigest ?? digestSecret(registration.secret ?? '', '');
}

/** What the webhook accepts: the secret digests of this node's registrations, retired ones until they expire. */
export function registeredReceivers(store: RegistrationStore, now = new Date()): SecretDigest[] {
	return Object.values(registrationsOf(store)).flatMap((registration) => [
		digestOf(registration),
		...stillRetried(registration.retiredDigests, now),
	]);
}

function stillRetried(retired: readonly RetiredDigest[] | undefined, now: Date): RetiredDigest[] {
	return (retired ?? []).filter((digest) => Date.parse(digest.until) > now.getTime());
}

/** The digests to keep accepting when `own` is registered again with `secret`. */
function retiredWhenReplaced(own: Registration, secret: string, now: Date): RetiredDigest[] {
	const kept = stillRetried(own.retiredDigests, now);
	const replaced = digestOf(own);
	if (digestMatches(secret, replaced)) return kept;
	const until = new Date(now.getTime() + PORTAL_RETRIES_MS).toISOString();
	return [...kept, { salt: replaced.salt, digest: replaced.digest, until }];
}

/** The configuration belongs to another trigger of this package (its header, another URL). */
function isAnotherTriggers(
	ctx: LifecycleContext,
	configuration: CallbackConfiguration | null,
): configuration is CallbackConfiguration {
	return (
		configuration !== null &&
		(configuration.authorizationHeaderKey ?? '').toLowerCase() === SECRET_HEADER.toLowerCase() &&
		!ctx.isThisNode(configuration.url)
	);
}

/** Two triggers on one interface: the second would silence the first, so it asks first. */
function refuseAnotherTriggersCallback(
	ctx: LifecycleContext,
	current: CallbackConfiguration | null,
): void {
	if (!isAnotherTriggers(ctx, current)) return;
	if (ctx.takeOver) {
		ctx.logger.warn(
			`Real Estate Portal Trigger: took the callback over from another trigger at ${current.url}; that workflow no longer receives this interface's events.`,
		);
		return;
	}
	throw new NodeOperationError(
		ctx.node,
		`Another Real Estate Portal Trigger receives this interface's events: the callback points at ${current.url}`,
		{
			description:
				'The portal keeps one callback per interface, so one trigger per credential receives its events; nothing was changed. Receive them in that workflow (route event kinds with a Switch node). If that workflow is gone or should stop receiving, turn on Options → Take Over From Another Trigger here and publish again.',
		},
	);
}

function sealedPrevious(
	ctx: LifecycleContext,
	previous: PreviousRegistration,
): PreviousRegistration {
	const { configuration } = previous;
	if (configuration === null || isSealed(configuration)) return previous;
	return { ...previous, configuration: seal(configuration, ctx.keyMaterial) };
}

/** The previous configuration in plain text, to give back; undefined when it cannot be opened. */
function openedConfiguration(
	ctx: LifecycleContext,
	previous: PreviousRegistration,
): CallbackConfiguration | null | undefined {
	const { configuration } = previous;
	if (configuration === null || !isSealed(configuration)) return configuration;
	const opened = open(configuration, ctx.keyMaterial);
	return opened.opened ? (opened.value as CallbackConfiguration) : undefined;
}

/** The record as saved: a secret digest and a sealed previous configuration, never plain text. */
function storedForm(
	ctx: LifecycleContext,
	registration: Registration,
	secret: string,
): Registration {
	const stored = {
		...registration,
		secretDigest: digestSecret(secret),
		previous: sealedPrevious(ctx, registration.previous),
	};
	delete stored.secret;
	return stored;
}

export function sameKinds(a: readonly EventKind[], b: readonly EventKind[]): boolean {
	return a.length === b.length && a.every((kind) => b.includes(kind));
}

/**
 * checkExists (n8n calls it when it registers the trigger: publishing, an edit of the trigger, and at
 * start only with its publication service off; docs/reliability.md, "Unpublishing and editing"):
 * the service's configuration is exactly this node's URL, header, secret and language. When it is,
 * its kinds are subscribed again: the portal answers the configuration but not the subscriptions,
 * and one that lost them while keeping the configuration would otherwise deliver nothing. When it
 * is not (lost, emptied, changed), n8n calls create, which puts all of it back.
 */
export async function isRegistered(
	ctx: LifecycleContext,
	target: RegistrationTarget,
): Promise<boolean> {
	const own = registrationsOf(ctx.store)[target.url];
	if (!own) return false;
	const current = await ctx.api.getConfiguration();
	const registered =
		current !== null &&
		current.url === target.url &&
		(current.authorizationHeaderKey ?? '').toLowerCase() === own.headerKey.toLowerCase() &&
		digestMatches(current.authorizationHeaderValue ?? '', digestOf(own)) &&
		(current.lenguajeCallbackBody ?? null) === own.language &&
		own.language === target.language &&
		sameKinds(own.kinds, target.kinds);
	if (!registered) return false;
	for (const kind of own.kinds) await ctx.api.subscribe(kind);
	// A record of the released version is rewritten without its plain-text secrets.
	if (own.secret !== undefined) {
		saveRegistration(ctx.store, target.url, storedForm(ctx, own, own.secret));
	}
	return true;
}

/** What the configuration held before, and whose it was, seen from `url`. */
function previousOf(
	store: RegistrationStore,
	url: string,
	current: CallbackConfiguration | null,
): PreviousRegistration {
	if (current === null) return NOTHING_BEFORE;
	const registrations = registrationsOf(store);
	// Our own URL again (a repair after a restart or a third-party change): keep what we kept then;
	// without a record it is a leftover of ours, and what came before it is lost.
	if (current.url === url) return registrations[url]?.previous ?? NOTHING_BEFORE;
	const sibling = registrations[current.url];
	return { configuration: current, kinds: sibling ? sibling.kinds : null };
}

interface Undo {
	previous: PreviousRegistration;
	configurationSet: boolean;
	subscribed: EventKind[];
}

/** Unsubscribes each kind, whatever fails; answers the problems met. */
async function unsubscribeEach(
	ctx: LifecycleContext,
	kinds: readonly EventKind[],
): Promise<string[]> {
	const problems: string[] = [];
	for (const kind of kinds) {
		try {
			await ctx.api.unsubscribe(kind);
		} catch (error) {
			problems.push(`unsubscribing from ${kind}: ${messageOf(error)}`);
		}
	}
	return problems;
}

/** Sets the previous configuration again (none: nothing to do); answers the problem met, if any. */
async function restore(
	ctx: LifecycleContext,
	configuration: CallbackConfiguration | null | undefined,
): Promise<string[]> {
	const problem = 'restoring the previous configuration';
	if (configuration === undefined) return [`${problem}: ${UNREADABLE_PREVIOUS}`];
	if (configuration === null) return [];
	try {
		await ctx.api.setConfiguration(configuration);
		return [];
	} catch (error) {
		return [`${problem}: ${messageOf(error)}`];
	}
}

/** Undoes a registration that failed half-way; answers the problems met while undoing. */
async function rollBack(ctx: LifecycleContext, undo: Undo): Promise<string[]> {
	const kept = undo.previous.kinds ?? undo.subscribed;
	const problems = await unsubscribeEach(ctx, without(undo.subscribed, kept));
	const configuration = undo.configurationSet ? openedConfiguration(ctx, undo.previous) : null;
	return [...problems, ...(await restore(ctx, configuration))];
}

/** create: points the configuration at this node, subscribes each kind; all or nothing. */
export async function register(
	ctx: LifecycleContext,
	target: RegistrationTarget,
	secret: string,
): Promise<void> {
	const current = await ctx.api.getConfiguration();
	refuseAnotherTriggersCallback(ctx, current);
	const previous = previousOf(ctx.store, target.url, current);
	const own = registrationsOf(ctx.store)[target.url];
	const now = ctx.now?.() ?? new Date();
	// Kinds our earlier registration added that are no longer chosen (only when nobody else needs them).
	const stale =
		own && current?.url === target.url && previous.kinds
			? without(without(own.kinds, target.kinds), previous.kinds)
			: [];
	const undo: Undo = { previous, configurationSet: false, subscribed: [] };
	let step = 'setting the callback configuration';
	let failure: unknown;
	try {
		await ctx.api.setConfiguration({
			url: target.url,
			authorizationHeaderKey: target.headerKey,
			authorizationHeaderValue: secret,
			lenguajeCallbackBody: target.language,
		});
		undo.configurationSet = true;
		for (const kind of target.kinds) {
			step = `subscribing to ${kind}`;
			await ctx.api.subscribe(kind);
			undo.subscribed.push(kind);
		}
		for (const kind of stale) {
			step = `unsubscribing from ${kind}, no longer chosen`;
			await ctx.api.unsubscribe(kind);
		}
	} catch (error) {
		failure = error;
	}
	if (failure === undefined) {
		const retired = own ? retiredWhenReplaced(own, secret, now) : [];
		const registration: Registration = {
			...target,
			previous,
			registeredAt: now.toISOString(),
			...(retired.length > 0 ? { retiredDigests: retired } : {}),
		};
		saveRegistration(ctx.store, target.url, storedForm(ctx, registration, secret));
		return;
	}

	const problems = await rollBack(ctx, undo);
	if (problems.length === 0) saveRegistration(ctx.store, target.url, undefined);
	const summary =
		problems.length > 0
			? `Undoing it failed too (${problems.join('; ')}): check the interface's callback configuration and subscriptions.`
			: previous.configuration
				? 'Everything done before it was undone; the previous callback configuration is in place.'
				: 'Everything done before it was undone; no event kind is subscribed, so nothing is delivered (the portal cannot remove a configuration).';
	ctx.logger.error(`Real Estate Portal Trigger: activation failed while ${step}. ${summary}`);
	throw new NodeOperationError(ctx.node, `Activation failed while ${step}: ${messageOf(failure)}`, {
		description: `${descriptionOf(failure)}${summary}`,
	});
}

/**
 * delete. With the `keep` rule (production): nothing changes at the portal, the record stays.
 * Otherwise it unsubscribes this node's kinds and gives the configuration back to what was there
 * before, but only while the configuration still points at this URL: a configuration someone has
 * set since is theirs, and it is left alone with its subscriptions.
 */
export async function unregister(ctx: LifecycleContext, url: string): Promise<void> {
	const own = registrationsOf(ctx.store)[url];
	if (!own) return;
	if (!own.forTestEvent && ctx.release === 'keep') {
		ctx.logger.info(
			`Real Estate Portal Trigger: the callback still points at ${url} with its event kinds subscribed: the portal keeps every event, retrying for up to 72 hours, until this workflow is published again. To hand the callback back when unpublishing, set Options → When Unpublished to Give Back the Previous Callback.`,
		);
		return;
	}
	const current = await ctx.api.getConfiguration();
	if (current?.url !== url) {
		saveRegistration(ctx.store, url, undefined);
		ctx.logger.info(
			`Real Estate Portal Trigger: the callback configuration no longer points at ${url}; it was left as it is.`,
		);
		return;
	}

	const previousConfiguration = openedConfiguration(ctx, own.previous);
	if (previousConfiguration === undefined) return await leaveSilent(ctx, url);
	if (isAnotherTriggers(ctx, previousConfiguration)) {
		return leaveToAnotherTrigger(ctx, url, previousConfiguration);
	}

	const problems = [
		...(await unsubscribeEach(ctx, without(own.kinds, own.previous.kinds ?? own.kinds))),
		...(await restore(ctx, previousConfiguration)),
	];
	if (problems.length === 0) {
		saveRegistration(ctx.store, url, undefined);
		return;
	}
	const message = `Deactivation could not finish: ${problems.join('; ')}`;
	ctx.logger.error(`Real Estate Portal Trigger: ${message}`);
	throw new NodeOperationError(ctx.node, message, {
		description:
			"The registration is kept in the workflow: activating and deactivating it again retries. Until then, check the interface's callback configuration and subscriptions.",
	});
}

/**
 * The configuration was another trigger's before this one took it over. Pointing it back there
 * could hand every event to a workflow that is unpublished by now (answered 404 until the portal
 * gives up), so it stays on this URL with its subscriptions, and that workflow takes it back when
 * it is published again.
 */
function leaveToAnotherTrigger(
	ctx: LifecycleContext,
	url: string,
	previous: CallbackConfiguration,
): void {
	saveRegistration(ctx.store, url, undefined);
	ctx.logger.warn(
		`Real Estate Portal Trigger: the callback was taken over from another trigger at ${previous.url}; it is not pointed back there, because that workflow may no longer be published. It still points at ${url}: to give it back, publish the other workflow again with its Options → Take Over From Another Trigger on.`,
	);
}

/**
 * The credential changed since activation, so the configuration kept to give back cannot be opened.
 * The safest state the portal allows: the configuration stays on this URL, which refuses deliveries
 * once the registration is forgotten, and every kind is unsubscribed, so nothing is delivered. Not
 * thrown: n8n would then keep the registration, and a later activation would take it for current.
 */
async function leaveSilent(ctx: LifecycleContext, url: string): Promise<void> {
	const problems = await unsubscribeEach(ctx, ctx.receivableKinds);
	saveRegistration(ctx.store, url, undefined);
	const state =
		problems.length === 0
			? 'Every event kind is unsubscribed, so nothing is delivered, and the configuration still points at this workflow, which now refuses deliveries.'
			: `Unsubscribing failed too (${problems.join('; ')}): check the interface's subscriptions.`;
	ctx.logger.error(
		`Real Estate Portal Trigger: deactivation could not give the previous callback configuration back: ${UNREADABLE_PREVIOUS}. ${state} Set the configuration that was there before with Callback Configuration → Set, and subscribe its event kinds again.`,
	);
}
