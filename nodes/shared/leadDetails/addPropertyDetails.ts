/**
 * A flat lead (either trigger's item) → the same lead with its ad's and agency's details
 * (detailFields.ts). Never fails and never holds a lead past the caller's time. The details come
 * from memory (detailsMemory.ts: the linked agencies' online ads, read ahead at activation and kept
 * warm): a lead waits for the portal only for an ad new since its agency's book was read, or while
 * memory is still cold. A lead whose details are not known in time lands with `detailsMissing`
 * saying why, while the reads go on in the background for the leads that follow.
 */
import {
	sleep,
	type IDataObject,
	type IHookFunctions,
	type IPollFunctions,
	type IWebhookFunctions,
} from 'n8n-workflow';
import { LEAD_EVENT_KINDS } from '../eventKinds';
import type { AgencySummary } from '../normalize';
import { runInPool } from '../pool';
import type { PortalContext } from '../transport';
import { adChangeOf, type AdChange } from './adChanges';
import { adIn } from './agencyBook';
import { detailsFound, detailsMissing, type PropertyDetails } from './detailFields';
import {
	adInMemory,
	agenciesHolding,
	agencyBook,
	knownOperations,
	linkedAgencies,
	memoryOf,
	readWhatIsDue,
	rereadBook,
	type InterfaceMemory,
} from './detailsMemory';
import { referenceOf, textOf, type AdReference, type KnownAd } from './knownAd';
import { reasonOf, type Looked } from './looked';
import { PROPERTY_DETAILS, wantsPropertyDetails } from './option';
import { interfaceIdentity, onlineAd } from './portalLookups';

/** Ads looked up at once by one call (a poll's many leads). */
const LOOKUPS_IN_FLIGHT = 8;
/**
 * A lead that names no agency is looked for at the portal in every linked agency only when there
 * are this few: beyond, only the agencies' books in memory are searched (no request).
 */
export const AGENCIES_ASKED_WITHOUT_CODE = 3;

/** Whether the item is a flat lead (Simplify on), the only item that gets details. */
export function isFlatLead(item: IDataObject): boolean {
	return 'adCode' in item && (LEAD_EVENT_KINDS as readonly unknown[]).includes(item.eventType);
}

const NOT_ONLINE =
	'The ad is not online at the portal (offline, removed, or not yet in its online summary, which can lag a few minutes)';

interface LeadLookup {
	ctx: PortalContext;
	memory: InterfaceMemory;
	reference: AdReference;
	/** When the lead came: a book read since then is as new as asking for the ad alone. */
	arrivedAt: number;
	deadline: number;
}

/** Why a lead has no details; `later`: the portal did not answer in time or failed, not "not online". */
type Missing = { reason: string; later: boolean };
type Found = { agencyCode: string; ad: KnownAd } | Missing;

/** Details, and leads with them, missing because the portal was late or failed. */
const mayComeLater = new WeakSet<object>();

/** Whether the lead's details are missing only because the portal was late or failed. */
export const detailsMayComeLater = (lead: IDataObject): boolean => mayComeLater.has(lead);

function missingDetails(lead: IDataObject, why: Missing, agency?: AgencySummary): PropertyDetails {
	const details = detailsMissing(lead, why.reason, agency);
	if (why.later) mayComeLater.add(details);
	return details;
}

function withDetails(lead: IDataObject, details: PropertyDetails): IDataObject {
	const detailed = { ...lead, ...details };
	if (mayComeLater.has(details)) mayComeLater.add(detailed);
	return detailed;
}

const readFailure = (reason: string): Missing => ({
	reason: `The ad's details could not be read: ${reason}`,
	later: true,
});

/**
 * The ad in the agency: from its book (memory, or read when memory has none), else alone (online
 * since the book was read); null when it is not online.
 */
async function adOfAgency(
	look: LeadLookup,
	agencyCode: string,
	likely: boolean,
): Promise<Looked<KnownAd | null>> {
	const { ctx, memory, reference, arrivedAt, deadline } = look;
	const book = await agencyBook(ctx, memory, agencyCode, deadline);
	if (book.ok) {
		const ad = adIn(book.value.value, reference);
		if (ad !== undefined) return { ok: true, value: ad };
		// A whole book read since the lead came answers for the portal: the ad is not online.
		if (book.value.value.whole && book.value.readAt >= arrivedAt) return { ok: true, value: null };
	}
	const operations = () => knownOperations(ctx, memory, deadline);
	const alone = await onlineAd(
		ctx,
		memory.identity,
		operations,
		agencyCode,
		reference,
		deadline,
		likely,
	);
	// Online but not in the book: the book is behind the portal.
	if (alone.ok && alone.value !== null) rereadBook(ctx, memory, agencyCode);
	return alone;
}

/** The first agency whose lookup found the ad, else why none did (a failure before "not online"). */
async function firstFound(
	look: LeadLookup,
	agencyCodes: string[],
	likely: boolean,
): Promise<Found> {
	const outcomes = await Promise.all(
		agencyCodes.map(async (agencyCode) => await adOfAgency(look, agencyCode, likely)),
	);
	const index = outcomes.findIndex((outcome) => outcome.ok && outcome.value !== null);
	if (index >= 0) {
		return { agencyCode: agencyCodes[index], ad: (outcomes[index] as { value: KnownAd }).value };
	}
	const failed = outcomes.find((outcome) => !outcome.ok);
	return failed && !failed.ok ? readFailure(failed.reason) : { reason: NOT_ONLINE, later: false };
}

/**
 * A lead that names no agency: the ad in the books of the linked agencies in memory; else, when
 * they are few, looked for in each of them.
 */
async function inSomeAgency(
	look: LeadLookup,
	agenciesRead: Promise<Looked<AgencySummary[]>>,
): Promise<Found> {
	const agencies = await agenciesRead;
	if (!agencies.ok) {
		return { reason: `The agencies list could not be read: ${agencies.reason}`, later: true };
	}
	const codes = agencies.value.map((agency) => agency.agencyCode).filter((code) => code !== null);
	const held = adInMemory(look.memory, codes, look.reference);
	if (held !== undefined) return held;
	if (codes.length <= AGENCIES_ASKED_WITHOUT_CODE) return await firstFound(look, codes, false);
	return {
		reason: `The lead names no agency and this interface is linked to ${codes.length}: the ad is not among their ads in memory (read at activation and every few minutes), and it was not looked for in each of them`,
		later: false,
	};
}

async function detailsOf(
	ctx: PortalContext,
	identity: string,
	lead: IDataObject,
	arrivedAt: number,
	deadline: number,
): Promise<PropertyDetails> {
	const memory = memoryOf(identity);
	readWhatIsDue(ctx, memory);
	const agenciesRead = linkedAgencies(ctx, memory, deadline);
	const agencyNamed = async (code: string | null) => {
		const agencies = await agenciesRead;
		return agencies.ok ? agencies.value.find((one) => one.agencyCode === code) : undefined;
	};
	const named = textOf(lead.agencyCode);
	const reference = referenceOf(lead);
	if (reference === null) {
		const why = { reason: 'The lead names no ad', later: false };
		return missingDetails(lead, why, await agencyNamed(named));
	}
	const look: LeadLookup = { ctx, memory, reference, arrivedAt, deadline };
	const result =
		named !== null ? await firstFound(look, [named], true) : await inSomeAgency(look, agenciesRead);
	if ('reason' in result) return missingDetails(lead, result, await agencyNamed(named));
	return detailsFound(lead, result.ad, await agencyNamed(result.agencyCode));
}

/**
 * How long leads wait for their details (`waitMs`), and how long their lookups may go on (`lookupMs`,
 * when longer: in the background, to fill the memory for the leads that follow).
 */
export interface DetailsTime {
	waitMs: number;
	lookupMs: number;
}

/**
 * The leads with their details, in order; past `waitMs` a lead gets `detailsMissing` instead.
 * `identity`: the interface's (portalLookups.ts `interfaceIdentity`); a failure to read it fails
 * each lead's lookup, never the call.
 */
async function addPropertyDetails(
	ctx: PortalContext,
	leads: IDataObject[],
	time: DetailsTime,
	identity: Promise<string>,
): Promise<IDataObject[]> {
	const start = Date.now();
	const waitUntil = start + time.waitMs;
	const deadline = start + Math.max(time.waitMs, time.lookupMs);
	const late = {
		reason: `The portal did not give the ad's details within ${time.waitMs} ms; the lead was not held longer (the next leads of this ad get them)`,
		later: true,
	};
	// A timer only where lookups may outlive the wait; otherwise the transport's deadline ends them.
	const timeUp = deadline > waitUntil ? sleep(time.waitMs).then(() => 'late' as const) : undefined;
	return await runInPool(leads.length, LOOKUPS_IN_FLIGHT, async (index) => {
		const lead = leads[index];
		if (Date.now() >= waitUntil) return withDetails(lead, missingDetails(lead, late));
		const details = identity
			.then(async (id) => await detailsOf(ctx, id, lead, start, deadline))
			.catch((error: unknown) => missingDetails(lead, readFailure(reasonOf(error))));
		const first = timeUp ? await Promise.race([details, timeUp]) : await details;
		return withDetails(lead, first === 'late' ? missingDetails(lead, late) : first);
	});
}

/** Reads again, in the background, the books of the agencies the changes are about. */
function noteAdChanges(ctx: PortalContext, changes: AdChange[], identity: Promise<string>): void {
	void identity.then(
		(identity) => {
			const memory = memoryOf(identity);
			for (const { agencyCode, reference } of changes) {
				const agencies =
					agencyCode !== null
						? [agencyCode]
						: reference !== null
							? agenciesHolding(memory, reference)
							: [];
				for (const code of agencies) rereadBook(ctx, memory, code);
			}
		},
		() => undefined,
	);
}

/**
 * The trigger's items with details where the node asks for them (option.ts) and the item is a flat
 * lead; other items as they are. An item telling of an ad change has its agency's book read again.
 * `identity`: the interface's when the caller knows it; otherwise the credential is read, once for
 * all the items.
 */
export async function withPropertyDetails(
	ctx: IWebhookFunctions | IPollFunctions,
	items: IDataObject[],
	time: DetailsTime,
	identity?: string,
): Promise<IDataObject[]> {
	if (!wantsPropertyDetails(ctx)) return items;
	const changes = items.map(adChangeOf).filter((change): change is AdChange => change !== null);
	const leads = items.filter(isFlatLead);
	if (changes.length === 0 && leads.length === 0) return items;
	const known = identity === undefined ? interfaceIdentity(ctx) : Promise.resolve(identity);
	// A credential that cannot be read is each lead's missing details, never a failure of the call.
	void known.catch(() => undefined);
	if (changes.length > 0) noteAdChanges(ctx, changes, known);
	if (leads.length === 0) return items;
	const detailed = await addPropertyDetails(ctx, leads, time, known);
	let next = 0;
	return items.map((item) => (isFlatLead(item) ? detailed[next++] : item));
}

/**
 * Starts reading, in the background, what a lead's details need and memory does not hold fresh:
 * the agencies list, the operations and every linked agency's online ads (detailsMemory.ts), when
 * the node adds property details. Called at activation and at each poll. Never fails, never waits.
 */
export function warmPropertyDetails(ctx: IHookFunctions | IPollFunctions): void {
	if (ctx.getNodeParameter(PROPERTY_DETAILS, false) !== true) return;
	void interfaceIdentity(ctx).then(
		(identity) => readWhatIsDue(ctx, memoryOf(identity)),
		() => undefined,
	);
}
