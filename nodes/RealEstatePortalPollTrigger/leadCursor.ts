/**
 * Where an agency's lead polling stands: the day the next question asks from (`fromDate` is a day)
 * and the ids already emitted that this question can list again. Those are only the leads
 * registered on that day (it is the day of the newest lead seen): what the cursor keeps is one day
 * of ids, whatever the age of the workflow (Gmail Trigger's `possibleDuplicates` keeps its
 * boundary the same way). Days are the portal's local days, read from each lead's own
 * `fechaRegistro`, which carries the portal's offset.
 */

export interface LeadCursor {
	/** yyyyMMdd: the day the next poll asks from. */
	fromDay: string;
	/** Polled ids already emitted (or counted as the starting point) registered on `fromDay`. */
	ids: number[];
	/**
	 * Ids of leads whose registration could not be read, each with the last day (yyyyMMdd) the portal
	 * could list it on; kept until the cursor moves past that day. Rare.
	 */
	undated?: Array<[number, string]>;
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

const dayAt = (epochMs: number, offsetHours: number) =>
	new Date(epochMs + offsetHours * HOUR_MS).toISOString().slice(0, 10).replace(/-/g, '');

/** The day of an instant in the earliest time zone (UTC-12): never later than any local day. */
export const earliestDayOf = (epochMs: number) => dayAt(epochMs, -12);

/** The day of an instant in the latest time zone (UTC+14): never earlier than any local day. */
export const latestDayOf = (epochMs: number) => dayAt(epochMs, 14);

/** Where an agency starts at `now` before anything is read: every lead listed then is old. */
export function startingCursor(now: number, unread = false): LeadCursor {
	const cursor: LeadCursor = { fromDay: earliestDayOf(now), ids: [] };
	return unread ? { ...cursor, floor: now } : cursor;
}

/** The leads of a listing the cursor has not seen: the new ones. */
export function unseen<L extends DatedLead>(cursor: LeadCursor, leads: L[]): L[] {
	const seen = new Set([...cursor.ids, ...(cursor.undated ?? []).map(([id]) => id)]);
	return leads.filter(
		(lead) =>
			!seen.has(lead.id) &&
			!(lead.day !== null && lead.day < cursor.fromDay) &&
			!(cursor.floor !== undefined && lead.at < cursor.floor),
	);
}

/** The cursor once `leads` (listed from `cursor.fromDay` on) have been emitted or counted. */
export function advance(cursor: LeadCursor, leads: DatedLead[]): LeadCursor {
	const dated = leads.filter((lead) => lead.day !== null && lead.day >= cursor.fromDay);
	const fromDay = dated.reduce((day, lead) => (lead.day! > day ? lead.day! : day), cursor.fromDay);
	const onDay = dated.filter((lead) => lead.day === fromDay).map((lead) => lead.id);
	const ids = fromDay === cursor.fromDay ? [...new Set([...cursor.ids, ...onDay])] : onDay;
	const undated = [
		...(cursor.undated ?? []),
		...leads
			.filter((lead) => lead.day === null)
			.map((lead): [number, string] => [lead.id, latestDayOf(lead.at)]),
	].filter(([, lastDay]) => lastDay >= fromDay);
	const next: LeadCursor = { fromDay, ids };
	if (undated.length > 0) next.undated = undated;
	if (cursor.floor !== undefined && latestDayOf(cursor.floor) >= fromDay) next.floor = cursor.floor;
	return next;
}

/** The cursor of version 0.1.0: a window of the last 2,000 [id, registration epoch ms]. */
interface WindowCursor {
	fromDay: string;
	seen: Array<[number, number]>;
}

const WINDOW_IDS = 2_000;

function isWindowCursor(value: unknown): value is WindowCursor {
	const cursor = value as Partial<WindowCursor> | null;
	return typeof cursor?.fromDay === 'string' && Array.isArray(cursor.seen);
}

/**
 * A saved cursor in today's shape. One of version 0.1.0 keeps the ids that may be on its day or
 * later (their day was not kept: any time zone's day of their instant counts), and, when its
 * window was full, its oldest instant as the floor below which nothing is new, as it ruled then.
 */
export function readLeadCursor(value: unknown): LeadCursor | undefined {
	if (!isWindowCursor(value)) {
		const cursor = value as Partial<LeadCursor> | null;
		return typeof cursor?.fromDay === 'string' && Array.isArray(cursor.ids)
			? (cursor as LeadCursor)
			: undefined;
	}
	const ids = value.seen.filter(([, at]) => latestDayOf(at) >= value.fromDay).map(([id]) => id);
	const migrated: LeadCursor = { fromDay: value.fromDay, ids };
	const oldest = value.seen[0]?.[1];
	if (value.seen.length >= WINDOW_IDS && oldest !== undefined) migrated.floor = oldest;
	return migrated;
}
