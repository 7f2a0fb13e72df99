/**
 * What the details are read from, through the transport and the path table: the agencies list, the
 * operations lookup, and one ad alone (an agency's online ad summary filtered to it) for an ad its
 * agency's book lacks (agencyBook.ts). A lookup of one ad is kept in process memory, bounded in
 * entries and age (boundedCache.ts, ages.ts); a failed or empty answer is kept briefly too, so that
 * a storm of leads on one ad never becomes a storm of requests.
 */
import { createHash } from 'node:crypto';
import type { ICredentialDataDecryptedObject, IDataObject } from 'n8n-workflow';
import { CREDENTIAL_TYPE } from '../credentials';
import {
	normalizeAd,
	normalizeAgency,
	normalizeOperation,
	type AdSummary,
	type AgencySummary,
} from '../normalize';
import { portalRequestAllPages } from '../paging';
import type { PortalContext } from '../transport';
import { MEMORY_AGE } from './ages';
import { BoundedCache } from './boundedCache';
import { filterOf, isTheAd, knownAdOf, type AdReference, type KnownAd } from './knownAd';
import { looked, type Looked } from './looked';

/** The most ads looked up alone kept over every interface (ads new since their agency's book). */
export const MAX_KEPT_LOOKUPS = 10_000;
/** Ad summaries filtered to one ad answer one item; a portal that ignored the filter, at most this many are read. */
const FILTERED_ITEMS_READ = 50;

const adsLookedUp = new BoundedCache<Looked<KnownAd | null>>(MAX_KEPT_LOOKUPS);

/** Forgets every ad looked up alone. */
export function forgetAdLookups(): void {
	adsLookedUp.clear();
}

/**
 * Whose answers these are: a digest of the credential's base URL, path language and token or client
 * id (two interfaces see different ad codes), never the token itself.
 */
export async function interfaceIdentity(ctx: PortalContext): Promise<string> {
	return identityOf(await ctx.getCredentials(CREDENTIAL_TYPE));
}

/** The identity (`interfaceIdentity`) of a credential's data. */
export function identityOf(data: ICredentialDataDecryptedObject): string {
	const parts = [
		data.baseUrl,
		data.pathLanguage,
		data.authentication,
		data.accessToken,
		data.clientId,
	];
	return createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
}

export async function readAgencies(ctx: PortalContext, deadline: number): Promise<AgencySummary[]> {
	return (await portalRequestAllPages(ctx, 'listAgencies', { deadline })).map(normalizeAgency);
}

export async function readOperations(ctx: PortalContext, deadline: number): Promise<string[]> {
	return (await portalRequestAllPages(ctx, 'listOperations', { deadline }))
		.map((item) => normalizeOperation(item).operationType)
		.filter((operation): operation is string => operation !== null && operation !== '');
}

async function adsMatching(
	ctx: PortalContext,
	agencyCode: string,
	query: IDataObject,
	reference: AdReference,
	deadline: number,
): Promise<AdSummary[]> {
	const items = await portalRequestAllPages(ctx, 'adSummary', {
		pathParams: { agencyCode },
		query,
		limit: FILTERED_ITEMS_READ,
		deadline,
	});
	// A portal may answer a filter it cannot use with every ad (rule 4): the item is checked again.
	return items.map(normalizeAd).filter(isTheAd(reference));
}

/** The operations lookup's values, from memory or read (detailsMemory.ts). */
export type Operations = () => Promise<Looked<string[]>>;

/**
 * The ad's operation: the one operation whose filtered summary lists the ad, asked together with
 * the ad itself. Unknown (null) when the lookup fails, or when no operation or several list it.
 */
async function operationOf(
	ctx: PortalContext,
	operations: Operations,
	agencyCode: string,
	reference: AdReference,
	deadline: number,
): Promise<string | null> {
	const known = await operations();
	if (!known.ok) return null;
	const listing = await Promise.all(
		known.value.map(async (operacion) =>
			adsMatching(ctx, agencyCode, { ...filterOf(reference), operacion }, reference, deadline).then(
				(ads) => ads.length > 0,
				() => false,
			),
		),
	);
	const selecting = known.value.filter((_operation, index) => listing[index]);
	return selecting.length === 1 ? selecting[0] : null;
}

const adKey = (identity: string, agencyCode: string, reference: AdReference) =>
	`${identity}|${agencyCode}|${'adCode' in reference ? `code:${reference.adCode}` : `id:${reference.platformAdId}`}`;

/**
 * The ad alone in the agency's online summary, or null when it is not online (or unknown there),
 * kept for MEMORY_AGE.foundAdMs (found), missingAdMs (not found) or failedMs. Its operation is
 * asked at the same time when the ad is most likely there (`likely`: the lead named this agency),
 * else only once the ad is found: three requests fewer per agency that has not got it.
 */
export function onlineAd(
	ctx: PortalContext,
	identity: string,
	operations: Operations,
	agencyCode: string,
	reference: AdReference,
	deadline: number,
	likely: boolean,
): Promise<Looked<KnownAd | null>> {
	const key = adKey(identity, agencyCode, reference);
	const known = adsLookedUp.get(key);
	if (known) return known;
	const operation = () => operationOf(ctx, operations, agencyCode, reference, deadline);
	const pending = looked(
		(async () => {
			const early = likely ? operation() : undefined;
			const ads = await adsMatching(ctx, agencyCode, filterOf(reference), reference, deadline);
			if (ads.length === 0) return null;
			return knownAdOf(ads[0], await (early ?? operation()));
		})(),
	);
	adsLookedUp.set(key, pending, MEMORY_AGE.failedMs);
	void pending.then((outcome) => {
		if (!adsLookedUp.has(key)) return;
		const age = !outcome.ok
			? MEMORY_AGE.failedMs
			: outcome.value === null
				? MEMORY_AGE.missingAdMs
				: MEMORY_AGE.foundAdMs;
		adsLookedUp.set(key, pending, age);
	});
	return pending;
}
