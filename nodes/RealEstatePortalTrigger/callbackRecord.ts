/**
 * What a published callback trigger has registered at the portal, recorded per credential in the
 * workflow's GLOBAL static data, so that a Poll Trigger of the same workflow and credential can put
 * it back when the portal loses it while n8n runs (RealEstatePortalPollTrigger/callbackRepair.ts):
 * n8n calls no webhook method then, and only the poll's schedule is still running.
 *
 * No secret is recorded: the one registered is derived from the credential and the URL
 * (verify.ts `webhookSecretFor`), which the Poll Trigger has too; the salted digest the trigger
 * verifies with (secrets.ts) tells it whether its credential still derives that secret. The record
 * is written when the production registration is made or found in place (create, checkExists),
 * which n8n saves with the activation (ActiveWorkflowManager.addWebhooks saves the static data after
 * them), and removed when n8n takes the production webhook away (delete: unpublished, or an edit
 * published), so a trigger removed from the workflow leaves no record behind.
 */
import type { IDataObject, INode } from 'n8n-workflow';
import { CREDENTIAL_TYPE } from '../shared/credentials';
import type { CallbackBodyLanguage, EventKind } from '../shared/schemas';
import { sameKinds, type RegistrationStore, type RegistrationTarget } from './registration';
import type { SecretDigest } from './secrets';

export interface RecordedCallback {
	url: string;
	headerKey: string;
	language: CallbackBodyLanguage;
	kinds: EventKind[];
	/** The digest of the secret the trigger accepts; absent in records of earlier builds. */
	secretDigest?: SecretDigest;
}

interface CallbackRecords extends IDataObject {
	realEstatePortalCallbacks?: Record<string, RecordedCallback>;
}

/** What a node can reach: its workflow's static data and its own settings. */
export interface RecordContext {
	getWorkflowStaticData(type: string): IDataObject;
	getNode(): INode;
}

/** The credential a node uses, by id (by name for a node saved without one). */
function credentialKeyOf(node: INode): string | undefined {
	const credential = node.credentials?.[CREDENTIAL_TYPE];
	return credential?.id ?? credential?.name ?? undefined;
}

function recordsOf(ctx: RecordContext): CallbackRecords {
	return ctx.getWorkflowStaticData('global') as CallbackRecords;
}

const sameRecord = (a: RecordedCallback, b: RecordedCallback) =>
	a.url === b.url &&
	a.headerKey === b.headerKey &&
	a.language === b.language &&
	sameKinds(a.kinds, b.kinds) &&
	a.secretDigest?.digest === b.secretDigest?.digest;

/** Records the production registration `target` for this node's credential (none for a test URL). */
export function recordCallback(ctx: RecordContext, target: RegistrationTarget): void {
	const key = credentialKeyOf(ctx.getNode());
	if (key === undefined || target.forTestEvent) return;
	const { url, headerKey, language, kinds } = target;
	// Registered (create) or found in place (checkExists): its digest is saved, salted, by now.
	const { registrations } = ctx.getWorkflowStaticData('node') as RegistrationStore;
	const secretDigest = registrations?.[url]?.secretDigest;
	const record: RecordedCallback = { url, headerKey, language, kinds: [...kinds], secretDigest };
	const store = recordsOf(ctx);
	const kept = store.realEstatePortalCallbacks?.[key];
	if (kept && sameRecord(kept, record)) return;
	// Assigned as a whole: n8n notices the change and saves the static data.
	store.realEstatePortalCallbacks = { ...store.realEstatePortalCallbacks, [key]: record };
}

/** Removes the record of `url` for this node's credential, when it is that URL's. */
export function forgetCallback(ctx: RecordContext, url: string): void {
	const key = credentialKeyOf(ctx.getNode());
	const store = recordsOf(ctx);
	if (key === undefined || store.realEstatePortalCallbacks?.[key]?.url !== url) return;
	const others = { ...store.realEstatePortalCallbacks };
	delete others[key];
	if (Object.keys(others).length > 0) store.realEstatePortalCallbacks = others;
	else delete store.realEstatePortalCallbacks;
}

/** The registration a callback trigger of this workflow recorded for this node's credential. */
export function recordedCallback(ctx: RecordContext): RecordedCallback | undefined {
	const key = credentialKeyOf(ctx.getNode());
	return key === undefined ? undefined : recordsOf(ctx).realEstatePortalCallbacks?.[key];
}
