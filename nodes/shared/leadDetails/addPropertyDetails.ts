/**
 * A flat lead (either trigger's item) → the same lead with its ad's and agency's details
 * (detailFields.ts). Never fails and never holds a lead past the caller's time: a lead whose details
 * are not known by then lands with `detailsMissing` saying why, while the lookup goes on in the
 * background and fills the memory for the leads that follow (portalLookups.ts).
 */
import { sleep, type IDataObject, type IPollFunctions, type IWebhookFunctions } from 'n8n-workflow';
import { LEAD_EVENT_KINDS } from '../eventKinds';
import type { AgencySummary } from '../normalize';
import { runInPool } from '../pool';
import type { PortalContext } from '../transport';
import { wantsPropertyDetails } from './option';
import { detailsFound, detailsMissing, type PropertyDetails } from './detailFields';
import {
	interfaceIdentity,
	keptAd,
	linkedAgencies,
	onlineAd,
	reasonOf,
	type AdReference,
	type FoundAd,
	type Looked,
} from './portalLookups';

/** A lookup still going on past the lead's time may go on this long, to fill the memory. */
const LOOKUP_TIME_MS = 10_000;
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

async function detailsOf(
	ctx: PortalContext,
	lead: IDataObject,
	deadline: number,
): Promise<PropertyDetails> {
	const reference = referenceOf(lead);
	if (reference === null) return detailsMissing(lead, 'The lead names no ad');
	const identity = await interfaceIdentity(ctx);
	const named = text(lead.agencyCode);
	const agenciesRead = linkedAgencies(ctx, identity, deadline);
	let candidates: string[];
	if (named !== null) {
		candidates = [named];
	} else {
		const agencies = await agenciesRead;
		if (!agencies.ok)
			return detailsMissing(lead, `The agencies list could not be read: ${agencies.reason}`);
		const codes = agencies.value.map((agency) => agency.agencyCode).filter((code) => code !== null);
		const inMemory = codes.filter((code) => keptAd(identity, code, reference) !== undefined);
		candidates =
			inMemory.length > 0 || codes.length > AGENCIES_ASKED_WITHOUT_CODE ? inMemory : codes;
		if (candidates.length === 0) {
			return detailsMissing(
				lead,
				`The lead names no agency and this interface is linked to ${codes.length}: the ad was not looked for in each of them`,
			);
		}
	}
	const result = await firstFound(
		candidates.map((agencyCode) => ({
			agencyCode,
			found: onlineAd(ctx, identity, agencyCode, reference, deadline),
		})),
	);
	const agencies = await agenciesRead;
	const agencyCode = 'agencyCode' in result ? result.agencyCode : named;
	const agency: AgencySummary | undefined = agencies.ok
		? agencies.value.find((one) => one.agencyCode === agencyCode)
		: undefined;
	return 'found' in result
		? detailsFound(lead, result.found, agency)
		: detailsMissing(lead, result.reason, agency);
}

/**
 * The leads with their details, in order. Each waits for its details until `waitUntil` (epoch ms)
 * at most; past it, the lead gets `detailsMissing` and the lookup goes on in the background.
 */
export async function addPropertyDetails(
	ctx: PortalContext,
	leads: IDataObject[],
	waitUntil: number,
): Promise<IDataObject[]> {
	const waitMs = Math.max(0, waitUntil - Date.now());
	const deadline = Date.now() + Math.max(waitMs, LOOKUP_TIME_MS);
	const lateReason = `The portal did not give the ad's details within ${waitMs} ms; the lead was not held longer (the next leads of this ad get them)`;
	const timeUp = sleep(waitMs).then(() => 'late' as const);
	return await runInPool(leads.length, LOOKUPS_IN_FLIGHT, async (index) => {
		const lead = leads[index];
		if (Date.now() >= waitUntil) return { ...lead, ...detailsMissing(lead, lateReason) };
		const details = detailsOf(ctx, lead, deadline).catch((error: unknown) =>
			detailsMissing(lead, `The ad's details could not be read: ${reasonOf(error)}`),
		);
		const first = await Promise.race([details, timeUp]);
		return { ...lead, ...(first === 'late' ? detailsMissing(lead, lateReason) : first) };
	});
}

/**
 * The trigger's items with details where the node asks for them (option.ts) and the item is a flat
 * lead; other items as they are. A lead waits `waitMs` at most.
 */
export async function withPropertyDetails(
	ctx: IWebhookFunctions | IPollFunctions,
	items: IDataObject[],
	waitMs: number,
): Promise<IDataObject[]> {
	if (!wantsPropertyDetails(ctx) || !items.some(isFlatLead)) return items;
	const leads = items.filter(isFlatLead);
	const detailed = await addPropertyDetails(ctx, leads, Date.now() + waitMs);
	let next = 0;
	return items.map((item) => (isFlatLead(item) ? detailed[next++] : item));
}
