/**
 * Where an agency's lead polling stands: the day the next question asks from (`fromDay` is a day)
 * and the ids already emitted that this question can list again.
 *
 * The day follows the poll's own clock, never the leads' instants: it is the day before the
 * poll's `now` in the earliest time zone (UTC-12), so it is never later than the portal's today
 * and every question overlaps the previous day. A lead that becomes visible late (replication lag,
 * commit order around the portal's midnight), or one stamped in another offset, in the future or
 * in no readable form at all, is still asked for, and the day moves whatever the leads' instants
 * say. The day moves only after a listing read whole (paging.ts): a lead skipped by a list that
 * shifted while it was paged is listed again by the next poll.
 *
 * Each id is kept with the last day the portal can list it on: the latest time zone's (UTC+14) day
 * of its instant, or of the poll that first listed it when that is later or its instant cannot be
 * read. Once the day moves past it, the id goes: what a cursor keeps is the ids of about three
 * days, whatever the age of the workflow (Gmail Trigger's `possibleDuplicates` keeps its boundary
 * the same way).
 */

export interface LeadCursor {
	/** yyyyMMdd: the day the next poll asks from. */
	fromDay: string;
	/**
	 * Polled ids already emitted (or counted as the starting point), by the last day (yyyyMMdd) the
	 * portal can list them on; only days on or after `fromDay`.
	 */
	idsUntil: Record<string, number[]>;
	/**
	 * Epoch ms: a lead registered before it is not new (a starting point recorded without reading
	 * the agency, or a window migrated from version 0.1.0 that was full). Kept until the cursor moves
	 * past its day.
	 */
	floor?: number;
}

/** A lead as the cursor needs it. */
export interface DatedLead {
	id: number;
	/** Epoch ms of the registration (the poll's time when unreadable). */
	at: number;
	/** yyyyMMdd of the registration in the portal's local time; null when unreadable. */
	day: string | null;
}

const HOUR_MS = 3_600_000;

/** How far back each question reaches before the poll's own day: leads visible this late count. */
export const OVERLAP_MS = 24 * HOUR_MS;

const dayAt = (epochMs: number, offsetHours: number) =>
	new Date(epochMs + offsetHours * HOUR_MS).toISOString().slice(0, 10).replace(/-/g, '');

/** The day of an instant in the earliest time zone (UTC-12): never later than any local day. */
export const earliestDayOf = (epochMs: number) => dayAt(epochMs, -12);

/** The day of an instant in the latest time zone (UTC+14): never earlier than any local day. */
export const latestDayOf = (epochMs: number) => dayAt(epochMs, 14);

/** Where an agency starts at `now` before anything is read: every lead listed then is old. */
export function startingCursor(now: number, unread = false): LeadCursor {
	const cursor: LeadCursor = { fromDay: earliestDayOf(now), idsUntil: {} };
	return unread ? { ...cursor, floor: now } : cursor;
}

function keptIds(cursor: LeadCursor): Map<number, string> {
	const lastDays = new Map<number, string>();
	for (const [day, ids] of Object.entries(cursor.idsUntil)) {
		for (const id of ids) lastDays.set(id, day);
	}
	return lastDays;
}

/** The leads of a listing the cursor has not seen: the new ones, each once. */
export function unseen<L extends DatedLead>(cursor: LeadCursor, leads: L[]): L[] {
	const seen = new Set(keptIds(cursor).keys());
	return leads.filter((lead) => {
		if (seen.has(lead.id)) return false;
		seen.add(lead.id);
		return !(cursor.floor !== undefined && lead.at < cursor.floor);
	});
}

/**
 * The cursor once `leads` (listed from `cursor.fromDay` on, at `now`) have been emitted or
 * counted. `whole`: the listing was read whole; otherwise the day stays where it is.
 */
export function advance(
	cursor: LeadCursor,
	leads: DatedLead[],
	now: number,
	whole: boolean,
): LeadCursor {
	const lastDays = keptIds(cursor);
	for (const lead of leads) {
		if (!lastDays.has(lead.id)) lastDays.set(lead.id, latestDayOf(Math.max(lead.at, now)));
	}
	const byClock = earliestDayOf(now - OVERLAP_MS);
	const fromDay = whole && byClock > cursor.fromDay ? byClock : cursor.fromDay;
	const idsUntil: Record<string, number[]> = {};
	for (const [id, day] of lastDays) {
		if (day >= fromDay) (idsUntil[day] ??= []).push(id);
	}
	const next: LeadCursor = { fromDay, idsUntil };
	if (cursor.floor !== undefined && latestDayOf(cursor.floor) >= fromDay) next.floor = cursor.floor;
	return next;
}

/** The cursor of version 0.1.0: a window of the last 2,000 [id, registration epoch ms]. */
interface WindowCursor {
	fromDay: string;
	seen: Array<[number, number]>;
}

/** The cursor of earlier 0.1.0 builds: the ids of its day, and the undated ones with their last day. */
interface DayCursor {
	fromDay: string;
	ids: number[];
	undated?: Array<[number, string]>;
	floor?: number;
}

const WINDOW_IDS = 2_000;

function isWindowCursor(value: unknown): value is WindowCursor {
	const cursor = value as Partial<WindowCursor> | null;
	return typeof cursor?.fromDay === 'string' && Array.isArray(cursor.seen);
}

function isDayCursor(value: unknown): value is DayCursor {
	const cursor = value as Partial<DayCursor> | null;
	return typeof cursor?.fromDay === 'string' && Array.isArray(cursor.ids);
}

function isLeadCursor(value: unknown): value is LeadCursor {
	const cursor = value as Partial<LeadCursor> | null;
	return (
		typeof cursor?.fromDay === 'string' &&
		typeof cursor.idsUntil === 'object' &&
		cursor.idsUntil !== null
	);
}

/** Ids by their last day, the latest kept for an id given twice. */
function byLastDay(entries: Array<[number, string]>): Record<string, number[]> {
	const lastDays = new Map<number, string>();
	for (const [id, day] of entries) {
		const kept = lastDays.get(id);
		if (kept === undefined || day > kept) lastDays.set(id, day);
	}
	const idsUntil: Record<string, number[]> = {};
	for (const [id, day] of lastDays) (idsUntil[day] ??= []).push(id);
	return idsUntil;
}

/**
 * A saved cursor in today's shape. A day cursor of earlier builds keeps the ids of its day until the cursor
 * moves past that day, and its undated ids until their last day. One of version 0.1.0
 * keeps the ids that may be on its day or later (their day was not kept: any time zone's day of
 * their instant counts), and, when its window was full, its oldest instant as the floor below
 * which nothing is new, as it ruled then.
 */
export function readLeadCursor(value: unknown): LeadCursor | undefined {
	if (isLeadCursor(value)) return value;
	if (isDayCursor(value)) {
		const migrated: LeadCursor = {
			fromDay: value.fromDay,
			idsUntil: byLastDay([
				...value.ids.map((id): [number, string] => [id, value.fromDay]),
				...(value.undated ?? []),
			]),
		};
		if (value.floor !== undefined) migrated.floor = value.floor;
		return migrated;
	}
	if (!isWindowCursor(value)) return undefined;
	const kept = value.seen
		.filter(([, at]) => latestDayOf(at) >= value.fromDay)
		.map(([id, at]): [number, string] => [id, latestDayOf(at)]);
	const migrated: LeadCursor = { fromDay: value.fromDay, idsUntil: byLastDay(kept) };
	const oldest = value.seen[0]?.[1];
	if (value.seen.length >= WINDOW_IDS && oldest !== undefined) migrated.floor = oldest;
	return migrated;
}
