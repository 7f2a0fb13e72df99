/**
 * An agency's "book": its whole online ad summary as memory keeps it, each ad with its operation.
 * The summary items do not carry the operation: the agency's summary filtered by each operation of
 * the operations lookup is read beside the whole one, and an ad listed by exactly one of them has
 * that operation (a portal that ignored the filter lists every ad in each, which leaves it unknown).
 */
import type { IDataObject } from 'n8n-workflow';
import { normalizeAd, type AdSummary } from '../normalize';
import { portalRequestAllPages, portalRequestDistinct } from '../paging';
import type { PortalContext } from '../transport';
import { knownAdOf, type AdReference, type KnownAd } from './knownAd';

/**
 * The most ads of one agency kept in its book: beyond, the book keeps these many and the rest are
 * looked up one by one (bookShelf.ts bounds all books together).
 */
export const MAX_ADS_PER_BOOK = 10_000;

export interface AgencyBook {
	byCode: Map<string, KnownAd>;
	byId: Map<number, KnownAd>;
	/** How many ads it holds. */
	size: number;
	/**
	 * Whether it holds every online ad of the agency as the summary listed them (false: the list
	 * moved while paged, or was longer than MAX_ADS_PER_BOOK): an ad it lacks may still be online.
	 */
	whole: boolean;
}

const adKeyOf = (item: IDataObject) => item.idAvisoPlat ?? item.codigoAviso;

/** Which operation lists each ad: its id (or code) → the operation, null where not exactly one. */
function operationsByAd(lists: Array<{ operation: string; ads: AdSummary[] | null }>) {
	const listing = new Map<string, string | null>();
	for (const { operation, ads } of lists) {
		for (const ad of ads ?? []) {
			const key = String(ad.platformAdId ?? ad.adCode);
			listing.set(key, listing.has(key) ? null : operation);
		}
	}
	return (ad: AdSummary) => listing.get(String(ad.platformAdId ?? ad.adCode)) ?? null;
}

/** Reads the agency's whole online ad summary and one filtered by each operation, together. */
export async function readAgencyBook(
	ctx: PortalContext,
	agencyCode: string,
	operations: string[],
	deadline: number,
): Promise<AgencyBook> {
	const pages = { pathParams: { agencyCode }, limit: MAX_ADS_PER_BOOK, deadline };
	const [all, ...filtered] = await Promise.all([
		portalRequestDistinct(ctx, 'adSummary', { ...pages, keyOf: adKeyOf }),
		...operations.map(async (operacion) => ({
			operation: operacion,
			// An operation's list that cannot be read leaves its ads' operation unknown, not the book.
			ads: await portalRequestAllPages(ctx, 'adSummary', { ...pages, query: { operacion } }).then(
				(items) => items.map(normalizeAd),
				() => null,
			),
		})),
	]);
	const operationOf = operationsByAd(filtered);
	const book: AgencyBook = {
		byCode: new Map(),
		byId: new Map(),
		size: 0,
		whole: all.whole && all.items.length < MAX_ADS_PER_BOOK,
	};
	for (const ad of all.items.map(normalizeAd)) {
		const known = knownAdOf(ad, operationOf(ad));
		if (ad.adCode !== null && ad.adCode !== '') book.byCode.set(ad.adCode, known);
		if (ad.platformAdId !== null) book.byId.set(ad.platformAdId, known);
		book.size++;
	}
	return book;
}

/** The ad the reference names, when the book holds it. */
export function adIn(book: AgencyBook, reference: AdReference): KnownAd | undefined {
	return 'adCode' in reference
		? book.byCode.get(reference.adCode)
		: book.byId.get(reference.platformAdId);
}
