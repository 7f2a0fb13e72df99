/**
 * Lists of the portal, paged with `pageable.page` (0-based) and `pageable.size` through page
 * envelopes `{number, size, total, content}`; a bare array (ad shape A) is the whole list and 204 an
 * empty one (docs/portal-api.md).
 */
import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import type { PortalOperation } from './paths';
import { runInPool } from './pool';
import { portalRequest, type PathParams, type PortalContext } from './transport';

export interface PortalPagesOptions {
	pathParams?: PathParams;
	query?: IDataObject;
	/** At most this many items; all of them when absent. */
	limit?: number;
	itemIndex?: number;
	/** At most this many pages asked for at once (PAGES_IN_FLIGHT when absent or larger). */
	pagesInFlight?: number;
	/** Epoch ms by which every page is needed (see PortalRequestOptions). */
	deadline?: number;
}

const PAGE_PARAM = 'pageable.page';
const SIZE_PARAM = 'pageable.size';
const MAX_PAGE_SIZE = 200;
/** A list longer than this many pages is a service bug, not data. */
const MAX_PAGES = 10_000;
/**
 * How many pages are asked for at the same time after the first page has told how many there are:
 * the portal's time per page then overlaps with reading the previous ones (docs/benchmarks.md,
 * inventory export).
 */
const PAGES_IN_FLIGHT = 4;

interface PageEnvelope {
	total?: unknown;
	content: unknown[];
}

function isPageEnvelope(body: unknown): body is PageEnvelope {
	return (
		typeof body === 'object' &&
		body !== null &&
		Array.isArray((body as { content?: unknown }).content)
	);
}

const unknownListShape = (ctx: PortalContext, itemIndex?: number) =>
	new NodeOperationError(ctx.getNode(), 'The portal answered a list in an unknown shape', {
		description: 'Expected a page envelope {number, size, total, content} or an array.',
		itemIndex,
	});

const asItems = (values: unknown[]) =>
	values.filter((value): value is IDataObject => typeof value === 'object' && value !== null);

const totalOf = (envelope: PageEnvelope) =>
	typeof envelope.total === 'number' ? envelope.total : undefined;

type Fetched = { body: unknown } | { error: unknown };

/** A list as read: its items, and whether every item of it was read. */
export interface ListRead {
	items: IDataObject[];
	/**
	 * False when the list moved while it was paged (pages disagreeing on the total, or fewer items
	 * read than the total): an item may have been skipped, and comes with a later read.
	 */
	whole: boolean;
}

/** Copies of its items a list holds, as pages listed them: id → most times on one page (2 or more). */
const copiesIn = (listed: Map<string, number>) =>
	[...listed.values()].reduce((copies, times) => copies + times - 1, 0);

/**
 * Every item of a list (at most `limit`), in the portal's order. The first page is asked for alone;
 * when its envelope gives the total, the pages that total still needs are asked for
 * PAGES_IN_FLIGHT at a time, and read in order. Whatever is still missing after them (a list that
 * grew meanwhile, or no total given) is asked for one page after the other until a short or empty
 * page, the total, or the limit ends the list.
 */
export async function portalRequestAllPages(
	ctx: PortalContext,
	operation: PortalOperation,
	options: PortalPagesOptions = {},
): Promise<IDataObject[]> {
	return (await readPages(ctx, operation, options)).items;
}

/** How many times a list that shifted while paged is read again to find what it skipped. */
const REREADS = 2;

/**
 * Every item of a list once, by the id `keyOf` reads (items without one are all kept): a list
 * that shifts while it is paged (an item added or removed ahead of the page being read) repeats
 * items across pages, or skips some. A read that skipped some is followed by up to REREADS more,
 * until the items read over all of them are as many as the list's total; `whole` tells whether
 * they are. A list may also hold one item twice, its total counting both: a copy one page lists is
 * read (a page is read at once), one across two pages may be a shift's repeat. So each read again
 * asks for pages one item smaller, and a copy across pages before is within one page then.
 */
export async function portalRequestDistinct(
	ctx: PortalContext,
	operation: PortalOperation,
	options: PortalPagesOptions & { keyOf: (item: IDataObject) => unknown },
): Promise<ListRead> {
	const read = await readPages(ctx, operation, options);
	const keys = new Set(read.items.map((item) => String(options.keyOf(item))));
	const { listed } = read;
	for (let again = 0; !read.whole && again < REREADS && read.total !== undefined; again++) {
		const pageSize = Math.max(1, (read.served ?? MAX_PAGE_SIZE) - again - 1);
		const more = await readPages(ctx, operation, { ...options, pageSize });
		for (const [id, times] of more.listed) listed.set(id, Math.max(times, listed.get(id) ?? 0));
		// An item without an id cannot be told from the ones already read: the first read's stand.
		for (const item of more.items) {
			const id = options.keyOf(item);
			if (id === undefined || id === null || keys.has(String(id))) continue;
			keys.add(String(id));
			read.items.push(item);
		}
		read.total = more.total;
		const rows = read.items.length + copiesIn(listed);
		read.whole = more.whole || (more.total !== undefined && rows >= more.total);
	}
	return { items: read.items, whole: read.whole };
}

async function readPages(
	ctx: PortalContext,
	operation: PortalOperation,
	options: PortalPagesOptions & { keyOf?: (item: IDataObject) => unknown; pageSize?: number },
): Promise<ListRead & { total?: number; served?: number; listed: Map<string, number> }> {
	const { limit, itemIndex, deadline, keyOf } = options;
	const items: IDataObject[] = [];
	const keys = new Set<string>();
	const totals = new Set<number>();
	const listed = new Map<string, number>();
	let repeated = false;
	const size = options.pageSize ?? Math.min(limit ?? MAX_PAGE_SIZE, MAX_PAGE_SIZE);
	const fetchPage = async (page: number) =>
		await portalRequest(ctx, operation, {
			pathParams: options.pathParams,
			query: { ...options.query, [PAGE_PARAM]: page, [SIZE_PARAM]: size },
			itemIndex,
			deadline,
		});
	const add = (values: unknown[]) => {
		const onPage = new Map<string, number>();
		for (const item of asItems(values)) {
			const key = keyOf?.(item);
			if (key !== undefined && key !== null) {
				const id = String(key);
				const times = (onPage.get(id) ?? 0) + 1;
				onPage.set(id, times);
				// A copy within a page is the list's (a page is read at once), not a shift's repeat.
				if (times > 1) listed.set(id, Math.max(times, listed.get(id) ?? 0));
				else repeated ||= keys.has(id);
				if (keys.has(id)) continue;
				keys.add(id);
			}
			items.push(item);
		}
	};
	/** Rows of the list read: each item once, and the copies pages list. */
	const rowsRead = () => items.length + copiesIn(listed);
	/** Adds one page's items; answers whether the list ends with it. */
	const read = (body: unknown): boolean => {
		if (body === undefined) return true;
		if (Array.isArray(body)) {
			add(body);
			return true;
		}
		if (!isPageEnvelope(body)) throw unknownListShape(ctx, itemIndex);
		add(body.content);
		const total = totalOf(body);
		if (total !== undefined) totals.add(total);
		// The total decides when it is given: the service may serve smaller pages than asked for.
		const lastPage = total !== undefined ? rowsRead() >= total : body.content.length < size;
		return body.content.length === 0 || lastPage || (limit !== undefined && items.length >= limit);
	};

	const first = await fetchPage(0);
	let ended = read(first);
	let page = 1;
	const total = isPageEnvelope(first) ? totalOf(first) : undefined;
	if (!ended && total !== undefined) {
		// Pages of the size the portal served: it may serve fewer items per page than asked for.
		const served = (first as PageEnvelope).content.length;
		const wanted = Math.min(total, limit ?? total);
		const more = Math.min(Math.ceil((wanted - rowsRead()) / served), MAX_PAGES - page);
		const fetched = await runInPool(
			more,
			Math.max(1, Math.min(options.pagesInFlight ?? PAGES_IN_FLIGHT, PAGES_IN_FLIGHT)),
			async (offset): Promise<Fetched> =>
				await fetchPage(page + offset).then(
					(body) => ({ body }),
					(error: unknown) => ({ error }),
				),
			// A short page ends the list (unless the list changed meanwhile): start no more after it.
			(result) =>
				'error' in result || !isPageEnvelope(result.body) || result.body.content.length < served,
		);
		for (const result of fetched) {
			if ('error' in result) throw result.error;
			page++;
			ended = read(result.body);
			if (ended) break;
		}
	}
	for (; !ended && page < MAX_PAGES; page++) ended = read(await fetchPage(page));
	const [onlyTotal] = totals;
	const whole = totals.size === 0 ? !repeated : totals.size === 1 && rowsRead() >= onlyTotal;
	const served = isPageEnvelope(first) ? first.content.length : undefined;
	const kept = limit === undefined ? items : items.slice(0, limit);
	return { items: kept, whole, total: onlyTotal, served, listed };
}

export interface PortalPage {
	items: IDataObject[];
	/** The next page's number, when there is one. */
	nextPage?: number;
}

/**
 * One page of a list, for pickers that page as the user scrolls. A bare array (ad shape A) is the
 * whole list; 204 is an empty page.
 */
export async function portalRequestPage(
	ctx: PortalContext,
	operation: PortalOperation,
	options: PortalPagesOptions & { page: number; size: number },
): Promise<PortalPage> {
	const { page, size } = options;
	const body = await portalRequest(ctx, operation, {
		pathParams: options.pathParams,
		query: { ...options.query, [PAGE_PARAM]: page, [SIZE_PARAM]: size },
	});
	if (body === undefined) return { items: [] };
	if (Array.isArray(body)) return { items: asItems(body) };
	if (!isPageEnvelope(body)) throw unknownListShape(ctx);
	const items = asItems(body.content);
	const total = totalOf(body);
	const seen = page * size + body.content.length;
	const more = total !== undefined ? seen < total : body.content.length >= size;
	return more && body.content.length > 0 ? { items, nextPage: page + 1 } : { items };
}
