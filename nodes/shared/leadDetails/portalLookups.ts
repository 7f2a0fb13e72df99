/**
 * What the details of a lead are read from, through the transport and the path table: the agencies
 * list (kept whole per interface), an agency's online ad summary filtered to one ad, and the
 * operations lookup that tells the ad's operation (the summary items do not carry it). Every answer
 * is kept in process memory, bounded in entries and age (boundedCache.ts); a failed or empty answer
 * is kept briefly too, so that a storm of leads on one ad never becomes a storm of requests.
 */
import { createHash } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';
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
import { BoundedCache } from './boundedCache';

const MINUTE_MS = 60_000;

/** How long what was read stays true enough for a lead's details. */
export const DETAILS_AGE = {
	/** An ad found online: its title or picture rarely changes within minutes. */
	foundAdMs: 10 * MINUTE_MS,
	/** An ad not in the online summary (the summary lags a few minutes behind the portal). */
	missingAdMs: MINUTE_MS,
	agenciesMs: 10 * MINUTE_MS,
	operationsMs: 60 * MINUTE_MS,
	/** A lookup that failed: asked again after this long, not at every lead meanwhile. */
	failedMs: 30_000,
} as const;

/** The most ads kept over every interface: about 10 MB at most, a network's busy ads fit. */
export const MAX_KEPT_ADS = 10_000;
/** The most interfaces whose agencies list and operations are kept. */
const MAX_KEPT_INTERFACES = 200;
/** Ad summaries filtered to one ad answer one item; a portal that ignored the filter, at most this many are read. */
const FILTERED_ITEMS_READ = 50;

export type Looked<T> = { ok: true; value: T } | { ok: false; reason: string };

const agencyLists = new BoundedCache<Looked<AgencySummary[]>>(MAX_KEPT_INTERFACES);
const operationLists = new BoundedCache<Looked<string[]>>(MAX_KEPT_INTERFACES);
const adsKept = new BoundedCache<Looked<FoundAd | null>>(MAX_KEPT_ADS);

/** Forgets every answer kept (tests and benchmarks start from an empty memory). */
export function forgetLookups(): void {
	agencyLists.clear();
	operationLists.clear();
	adsKept.clear();
}

/** How full the ad memory is, for benchmarks. */
export const keptAdCount = () => adsKept.size;

/**
 * Whose answers these are: a digest of the credential's base URL, path language and token or client
 * id (two interfaces see different ad codes), never the token itself.
 */
export async function interfaceIdentity(ctx: PortalContext): Promise<string> {
	const data = await ctx.getCredentials(CREDENTIAL_TYPE);
	const parts = [
		data.baseUrl,
		data.pathLanguage,
		data.authentication,
		data.accessToken,
		data.clientId,
	];
	return createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
}

export function reasonOf(error: unknown): string {
	const message = (error as { message?: unknown })?.message;
	return typeof message === 'string' && message !== '' ? message : 'the portal could not be read';
}

/** Keeps the lookup's promise at once (lookups meanwhile share it), then for the age its outcome earns. */
function kept<T>(
	cache: BoundedCache<Looked<T>>,
	key: string,
	look: () => Promise<T>,
	ageOf: (value: T) => number,
): Promise<Looked<T>> {
	const known = cache.get(key);
	if (known) return known;
	const pending: Promise<Looked<T>> = look().then(
		(value) => ({ ok: true as const, value }),
		(error: unknown) => ({ ok: false as const, reason: reasonOf(error) }),
	);
	cache.set(key, pending, DETAILS_AGE.failedMs);
	void pending.then((outcome) => {
		if (cache.has(key)) {
			cache.set(key, pending, outcome.ok ? ageOf(outcome.value) : DETAILS_AGE.failedMs);
		}
	});
	return pending;
}

export function linkedAgencies(
	ctx: PortalContext,
	identity: string,
	deadline: number,
): Promise<Looked<AgencySummary[]>> {
	return kept(
		agencyLists,
		identity,
		async () =>
			(await portalRequestAllPages(ctx, 'listAgencies', { deadline })).map(normalizeAgency),
		() => DETAILS_AGE.agenciesMs,
	);
}

export function knownOperations(
	ctx: PortalContext,
	identity: string,
	deadline: number,
): Promise<Looked<string[]>> {
	return kept(
		operationLists,
		identity,
		async () =>
			(await portalRequestAllPages(ctx, 'listOperations', { deadline }))
				.map((item) => normalizeOperation(item).operationType)
				.filter((operation): operation is string => operation !== null && operation !== ''),
		() => DETAILS_AGE.operationsMs,
	);
}

/** How a lead names its ad: the shared code, else the platform's id. */
export type AdReference = { adCode: string } | { platformAdId: number };

export interface FoundAd {
	ad: AdSummary;
	/** The operation (VENTA, ALQUILER, ...), when exactly one of the operations lookup selects the ad. */
	operation: string | null;
}

function filterOf(reference: AdReference): IDataObject {
	// The specification's rule 3: with idAvisoPlat given, codigoAviso is not used.
	return 'adCode' in reference
		? { codigoAviso: reference.adCode }
		: { idAvisoPlat: reference.platformAdId };
}

function isTheAd(reference: AdReference) {
	return (ad: AdSummary) =>
		'adCode' in reference
			? ad.adCode === reference.adCode
			: ad.platformAdId === reference.platformAdId;
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

/**
 * The ad's operation: the one operation whose filtered summary lists the ad, asked together with
 * the ad itself. Unknown (null) when the lookup fails, or when no operation or several list it.
 */
async function operationOf(
	ctx: PortalContext,
	identity: string,
	agencyCode: string,
	reference: AdReference,
	deadline: number,
): Promise<string | null> {
	const known = await knownOperations(ctx, identity, deadline);
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
 * The ad in the agency's online summary, or null when it is not online (or unknown there). Its
 * operation is asked at the same time when the ad is most likely there (`likely`: the lead named
 * this agency), else only once the ad is found: three requests fewer per agency that has not got it.
 */
export function onlineAd(
	ctx: PortalContext,
	identity: string,
	agencyCode: string,
	reference: AdReference,
	deadline: number,
	likely: boolean,
): Promise<Looked<FoundAd | null>> {
	const operation = () => operationOf(ctx, identity, agencyCode, reference, deadline);
	return kept(
		adsKept,
		adKey(identity, agencyCode, reference),
		async () => {
			const early = likely ? operation() : undefined;
			const ads = await adsMatching(ctx, agencyCode, filterOf(reference), reference, deadline);
			if (ads.length === 0) return null;
			return { ad: ads[0], operation: await (early ?? operation()) };
		},
		(found) => (found === null ? DETAILS_AGE.missingAdMs : DETAILS_AGE.foundAdMs),
	);
}

/** The ad of that agency as kept in memory, without asking the portal; undefined when not kept. */
export function keptAd(
	identity: string,
	agencyCode: string,
	reference: AdReference,
): Promise<Looked<FoundAd | null>> | undefined {
	return adsKept.get(adKey(identity, agencyCode, reference));
}
