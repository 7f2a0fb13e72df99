/**
 * Paging of the service's lists (field notes, "Lists and paging"): `pageable.page` (0-based) and
 * `pageable.size`, and the window of the list a page request reads.
 */
import { BEHAVIOUR, errors } from './behaviour';

export interface Paging {
	page: number;
	size: number;
}

/** Where a page starts in the list and how many items it holds. */
export interface PageWindow {
	start: number;
	size: number;
}

function nonNegativeInteger(query: Record<string, unknown>, name: string): number | undefined {
	const raw = query[name];
	if (raw === undefined || raw === '') return undefined;
	if (typeof raw !== 'string' || !/^\d+$/.test(raw)) {
		throw errors.badRequest(`${name} must be a non-negative integer`);
	}
	return Number(raw);
}

/** The paging a request asks for: page 0 and the default size unless given; a larger size is clamped. */
export function pagingOf(query: Record<string, unknown>): Paging {
	const { pageParam, sizeParam, defaultSize, maxSize } = BEHAVIOUR.paging;
	const page = nonNegativeInteger(query, pageParam) ?? 0;
	const size = nonNegativeInteger(query, sizeParam) ?? defaultSize;
	if (size === 0) throw errors.badRequest(`${sizeParam} must be at least 1`);
	return { page, size: Math.min(size, maxSize) };
}

/** The window a page reads from a list that holds still. */
export const windowOf = (paging: Paging): PageWindow => ({
	start: paging.page * paging.size,
	size: paging.size,
});
