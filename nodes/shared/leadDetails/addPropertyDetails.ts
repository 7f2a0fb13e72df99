/**
 * A flat lead (either trigger's item) → the same lead with its ad's and agency's details
 * (detailFields.ts). Never fails and never holds a lead past the caller's time: a lead whose details
 * are not known by then lands with `detailsMissing` saying why, while the lookup goes on in the
 * background and fills the memory for the leads that follow (portalLookups.ts).
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
import { PROPERTY_DETAILS, wantsPropertyDetails } from './option';
import { detailsFound, detailsMissing, type PropertyDetails } from './detailFields';
import {
	interfaceIdentity,
	keptAd,
	knownOperations,
	linkedAgencies,
	onlineAd,
	reasonOf,
	type AdReference,
	type FoundAd,
	type Looked,
} from './portalLookups';

/** How long the lookups started at activation may take. */
const WARM_UP_TIME_MS = 10_000;
/** Ads looked up at once by one call (a poll's many leads). */
const LOOKUPS_IN_FLIGHT = 8;
/**
 * A lead that names no agency is looked for in every linked agency only when there are this few:
 * beyond, only agencies whose ad is already in memory are searched (no request).
 */
export const AGENCIES_ASKED_WITHOUT_CODE = 3;

const text = (value: unknown): string | null =>
	typeof value === 'string' && value.trim() !== ''
		? value.trim()
		: typeof value === 'number'
			? String(value)
			: null;

/** Whether the item is a flat lead (Simplify on), the only item that gets details. */
export function isFlatLead(item: IDataObject): boolean {
	return 'adCode' in item && (LEAD_EVENT_KINDS as readonly unknown[]).includes(item.eventType);
}

function referenceOf(lead: IDataObject): AdReference | null {
	const adCode = text(lead.adCode);
	if (adCode !== null) return { adCode };
	const id = lead.platformAdId;
	return typeof id === 'number' && Number.isSafeInteger(id) ? { platformAdId: id } : null;
}

const NOT_ONLINE =
	'The ad is not online at the portal (offline, removed, or not yet in its online summary, which can lag a few minutes)';

/** The first agency whose lookup found the ad, else why none did (a failure before "not online"). */
async function firstFound(
	lookups: Array<{ agencyCode: string; found: Promise<Looked<FoundAd | null>> }>,
): Promise<{ agencyCode: string; found: FoundAd } | { reason: string }> {
	const outcomes = await Promise.all(lookups.map(async (lookup) => await lookup.found));
	const index = outcomes.findIndex((outcome) => outcome.ok && outcome.value !== null);
	if (index >= 0) {
		return {
			agencyCode: lookups[index].agencyCode,
			found: (outcomes[index] as { value: FoundAd }).value,
		};
	}
	const failed = outcomes.find((outcome) => !outcome.ok);
	return failed && !failed.ok
		? { reason: `The ad's details could not be read: ${failed.reason}` }
		: { reason: NOT_ONLINE };
}

/**
 * The agencies to look for the ad in: the one the lead names; else every linked agency when there
 * are few, or those that already have the ad in memory; or why there are none.
 */
async function agenciesToAsk(
	identity: string,
	lead: IDataObject,
	reference: AdReference,
	agenciesRead: Promise<Looked<AgencySummary[]>>,
): Promise<string[] | { reason: string }> {
	const named = text(lead.agencyCode);
	if (named !== null) return [named];
	const agencies = await agenciesRead;
	if (!agencies.ok) return { reason: `The agencies list could not be read: ${agencies.reason}` };
	const codes = agencies.value.map((agency) => agency.agencyCode).filter((code) => code !== null);
	if (codes.length <= AGENCIES_ASKED_WITHOUT_CODE) return codes;
	const inMemory = codes.filter((code) => keptAd(identity, code, reference) !== undefined);
	return inMemory.length > 0
		? inMemory
		: {
				reason: `The lead names no agency and this interface is linked to ${codes.length}: the ad was not looked for in each of them`,
			};
}

async function detailsOf(
	ctx: PortalContext,
	lead: IDataObject,
	deadline: number,
): Promise<PropertyDetails> {
	const identity = await interfaceIdentity(ctx);
	const agenciesRead = linkedAgencies(ctx, identity, deadline);
	const agencyNamed = async (code: string | null) => {
		const agencies = await agenciesRead;
		return agencies.ok ? agencies.value.find((one) => one.agencyCode === code) : undefined;
	};
	const reference = referenceOf(lead);
	if (reference === null) {
		return detailsMissing(lead, 'The lead names no ad', await agencyNamed(text(lead.agencyCode)));
	}
	// Asked now, the operations are known by the time the ad's lookup needs them.
	void knownOperations(ctx, identity, deadline);
	const candidates = await agenciesToAsk(identity, lead, reference, agenciesRead);
	if ('reason' in candidates) return detailsMissing(lead, candidates.reason);
	const result = await firstFound(
		candidates.map((agencyCode) => ({
			agencyCode,
			found: onlineAd(ctx, identity, agencyCode, reference, deadline, candidates.length === 1),
		})),
	);
	if ('reason' in result) {
		return detailsMissing(lead, result.reason, await agencyNamed(text(lead.agencyCode)));
	}
	return detailsFound(lead, result.found, await agencyNamed(result.agencyCode));
}

/**
 * How long leads wait for their details (`waitMs`), and how long their lookups may go on (`lookupMs`,
 * when longer: in the background, to fill the memory for the leads that follow).
 */
export interface DetailsTime {
	waitMs: number;
	lookupMs: number;
}

/** The leads with their details, in order; past `waitMs` a lead gets `detailsMissing` instead. */
export async function addPropertyDetails(
	ctx: PortalContext,
	leads: IDataObject[],
	time: DetailsTime,
): Promise<IDataObject[]> {
	const start = Date.now();
	const waitUntil = start + time.waitMs;
	const deadline = start + Math.max(time.waitMs, time.lookupMs);
	const lateReason = `The portal did not give the ad's details within ${time.waitMs} ms; the lead was not held longer (the next leads of this ad get them)`;
	// A timer only where lookups may outlive the wait; otherwise the transport's deadline ends them.
	const timeUp = deadline > waitUntil ? sleep(time.waitMs).then(() => 'late' as const) : undefined;
	return await runInPool(leads.length, LOOKUPS_IN_FLIGHT, async (index) => {
		const lead = leads[index];
		if (Date.now() >= waitUntil) return { ...lead, ...detailsMissing(lead, lateReason) };
		const details = detailsOf(ctx, lead, deadline).catch((error: unknown) =>
			detailsMissing(lead, `The ad's details could not be read: ${reasonOf(error)}`),
		);
		const first = timeUp ? await Promise.race([details, timeUp]) : await details;
		return { ...lead, ...(first === 'late' ? detailsMissing(lead, lateReason) : first) };
	});
}

/**
 * The trigger's items with details where the node asks for them (option.ts) and the item is a flat
 * lead; other items as they are.
 */
export async function withPropertyDetails(
	ctx: IWebhookFunctions | IPollFunctions,
	items: IDataObject[],
	time: DetailsTime,
): Promise<IDataObject[]> {
	if (!wantsPropertyDetails(ctx) || !items.some(isFlatLead)) return items;
	const leads = items.filter(isFlatLead);
	const detailed = await addPropertyDetails(ctx, leads, time);
	let next = 0;
	return items.map((item) => (isFlatLead(item) ? detailed[next++] : item));
}

/**
 * Reads the agencies list and the operations lookup into memory ahead of the first lead, when the
 * node adds property details: that lead then waits for its ad only. Never fails, never waits.
 */
export function warmPropertyDetails(ctx: IHookFunctions): void {
	if (ctx.getNodeParameter(PROPERTY_DETAILS, false) !== true) return;
	const deadline = Date.now() + WARM_UP_TIME_MS;
	void interfaceIdentity(ctx).then(
		(identity) => {
			void linkedAgencies(ctx, identity, deadline);
			void knownOperations(ctx, identity, deadline);
		},
		() => undefined,
	);
}
