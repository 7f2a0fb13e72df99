/**
 * Where an agency's lead polling stands: the day the next question asks from (`fromDay` is a day)
 * and the leads already emitted that this question can list again.
 *
 * The day follows the poll's own clock, never the leads' instants: it is the day before the
 * poll's `now` in the earliest time zone (UTC-12), so it is never later than the portal's today
 * and every question overlaps the previous day. A lead that becomes visible late (replication lag,
 * commit order around the portal's midnight), or one stamped in another offset, in the future or
 * in no readable form at all, is still asked for, and the day moves whatever the leads' instants
 * say. The day moves only after a listing read whole (paging.ts): a lead skipped by a list that
 * shifted while it was paged is listed again by the next poll.
 *
 * A lead is known by its message id, or by its list id when it has none (a phone view), and the
 * kind of id is part of what is kept (`cursorKeyOf`): the list may write one lead as several rows
 * (a message once per contact action, one message id), and one lead's list id may be another's
 * message id. Each key is kept with the last day the portal can list it on: the latest time
 * zone's (UTC+14) day of its instant, or of the poll that first listed it when that is later or
 * its instant cannot be read. Once the day moves past it, the key goes: what a cursor keeps is the
 * keys of about three days (the day asked from, the next, today), whatever the age of the workflow
 * (Gmail Trigger's `possibleDuplicates` keeps its boundary the same way).
 */
import type { ListedKeySource } from '../shared/listedLead';

export interface LeadCursor {
	/** yyyyMMdd: the day the next poll asks from. */
	fromDay: string;
	/**
	 * Keys (`cursorKeyOf`) of the leads already emitted (or counted as the starting point), by the
	 * last day (yyyyMMdd) the portal can list them on; only days on or after `fromDay`.
	 */
	keysUntil: Record<string, CursorKey[]>;
	/**
	 * Listed ids (the message id, else the list id) that cursors saved by earlier versions kept,
	 * by their last day: a lead listed with one of them is not new. They go as their day passes.
	 */
	idsUntil?: Record<string, number[]>;
	/**
	 * Epoch ms: a lead registered before it is not new (a starting point recorded without reading
	 * the agency, or a window migrated from version 0.1.0 that was full). Kept until the cursor moves
	 * past its day.
	 */
	floor?: number;
	/**
	 * Keys (as text) of the leads held back for their details (detailsHold.ts), each with when it was
	 * first held (epoch ms): left out of `keysUntil`, they are new to the next poll.
	 */
	heldSince?: Record<string, number>;
	/**
	 * Epoch ms of the starting point, for a day after it: the leads before it were counted, never
	 * emitted, so "Emit Again Within" does not emit them (leads.ts `emittedSince`).
	 */
	startedAt?: number;
}

/** How long a lead is held back for its details at most, from the first poll that held it. */
export const DETAILS_HOLD_MS = 10 * 60_000;

/** A lead as the cursor needs it. */
export interface DatedLead {
	/** What the cursor keeps of it (`cursorKeyOf`). */
	key: CursorKey;
	/** The listed id earlier versions kept it by (listedLead.ts `listedLeadKeys`). */
	listedId: number;
	/** Epoch ms of the registration (the poll's time when unreadable). */
	at: number;
}

const HOUR_MS = 3_600_000;

/** How far back each question reaches before the poll's own day: leads visible this late count. */
export const OVERLAP_MS = 24 * HOUR_MS;

/** A message id as it is; another key as text marked by its kind: `l<list id>`, `d<digest>`. */
export type CursorKey = number | string;

const KEY_PREFIX: Record<Exclude<ListedKeySource, 'messageId'>, string> = {
	listId: 'l',
	digest: 'd',
};

/**
 * What a cursor keeps of a listed lead: its key (listedLead.ts `listedLeadKeys`), a message id as
 * the number it is, a list id or a digest as text marked by its kind, so that a list id and a
 * message id of the same number are two leads.
 */
export const cursorKeyOf = (id: number, source: ListedKeySource): CursorKey =>
	source === 'messageId' ? id : `${KEY_PREFIX[source]}${id}`;

const dayAt = (epochMs: number, offsetHours: number) =>
	new Date(epochMs + offsetHours * HOUR_MS).toISOString().slice(0, 10).replace(/-/g, '');

/** The day of an instant in the earliest time zone (UTC-12): never later than any local day. */
export const earliestDayOf = (epochMs: number) => dayAt(epochMs, -12);

/** The day of an instant in the latest time zone (UTC+14): never earlier than any local day. */
export const latestDayOf = (epochMs: number) => dayAt(epochMs, 14);

/** Where an agency starts at `now` before anything is read: every lead listed then is old. */
export function startingCursor(now: number, unread = false): LeadCursor {
	const cursor: LeadCursor = { fromDay: earliestDayOf(now), keysUntil: {}, startedAt: now };
	return unread ? { ...cursor, floor: now } : cursor;
}

/** Entries by their last day → each entry with its last day. */
function lastDays<T>(byDay: Record<string, T[]> | undefined): Map<T, string> {
	const days = new Map<T, string>();
	for (const [day, entries] of Object.entries(byDay ?? {})) {
		for (const entry of entries) days.set(entry, day);
	}
	return days;
}

/** Entries with their last day → by last day, only the days on or after `fromDay`. */
function byLastDay<T>(days: Map<T, string>, fromDay: string): Record<string, T[]> {
	const byDay: Record<string, T[]> = {};
	for (const [entry, day] of days) {
		if (day >= fromDay) (byDay[day] ??= []).push(entry);
	}
	return byDay;
}

/** The leads of a listing the cursor has not seen: the new ones, each once. */
export function unseen<L extends DatedLead>(cursor: LeadCursor, leads: L[]): L[] {
	const seen = new Set(lastDays(cursor.keysUntil).keys());
	const seenIds = new Set(lastDays(cursor.idsUntil).keys());
	return leads.filter((lead) => {
		if (seen.has(lead.key) || seenIds.has(lead.listedId)) return false;
		seen.add(lead.key);
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
	const keys = lastDays(cursor.keysUntil);
	const oldIds = lastDays(cursor.idsUntil);
	for (const lead of leads) {
		// A lead an earlier version kept is kept by its listed id until the portal no longer lists it.
		if (!keys.has(lead.key) && !oldIds.has(lead.listedId))
			keys.set(lead.key, latestDayOf(Math.max(lead.at, now)));
	}
	const byClock = earliestDayOf(now - OVERLAP_MS);
	const fromDay = whole && byClock > cursor.fromDay ? byClock : cursor.fromDay;
	const next: LeadCursor = { fromDay, keysUntil: byLastDay(keys, fromDay) };
	const ids = byLastDay(oldIds, fromDay);
	if (Object.keys(ids).length > 0) next.idsUntil = ids;
	if (cursor.floor !== undefined && latestDayOf(cursor.floor) >= fromDay) next.floor = cursor.floor;
	if (cursor.startedAt !== undefined && now - cursor.startedAt < OVERLAP_MS)
		next.startedAt = cursor.startedAt;
	// A lead held is let go once its hold is over; one the list no longer gives is forgotten then.
	const held = Object.entries(cursor.heldSince ?? {}).filter(
		([, since]) => now - since < 2 * DETAILS_HOLD_MS,
	);
	if (held.length > 0) next.heldSince = Object.fromEntries(held);
	return next;
}

/** Whether the lead of `key` may be held back (again) at `now`. */
export function mayHold(cursor: LeadCursor, key: CursorKey, now: number): boolean {
	const since = cursor.heldSince?.[String(key)];
	return since === undefined || now - since < DETAILS_HOLD_MS;
}

/** The cursor with the lead of `key` held back: new again to the next poll. */
export function heldBack(cursor: LeadCursor, key: CursorKey, now: number): LeadCursor {
	const keys = lastDays(cursor.keysUntil);
	keys.delete(key);
	const heldSince = { ...cursor.heldSince };
	heldSince[String(key)] ??= now;
	return { ...cursor, keysUntil: byLastDay(keys, cursor.fromDay), heldSince };
}

/** The cursor once the lead of `key` is emitted: no longer held. */
export function released(cursor: LeadCursor, key: CursorKey): LeadCursor {
	if (cursor.heldSince?.[String(key)] === undefined) return cursor;
	const heldSince = { ...cursor.heldSince };
	delete heldSince[String(key)];
	const next: LeadCursor = { ...cursor, heldSince };
	if (Object.keys(heldSince).length === 0) delete next.heldSince;
	return next;
}

/**
 * How far back a workflow published again looks for the leads made while it was not: the callback
 * of such a lead is given up after 72 hours, and the list keeps it for days.
 */
export const RESUME_WITHIN_MS = 72 * HOUR_MS;

/**
 * A cursor saved before the workflow was unpublished, as the first poll after it is published
 * again takes it: the leads made meanwhile are new (a callback path missed them all), as far back
 * as RESUME_WITHIN_MS; older ones are not, so a workflow published again after months does not
 * flood its destination.
 */
export function resumed(cursor: LeadCursor, now: number): LeadCursor {
	const since = now - RESUME_WITHIN_MS;
	const earliest = earliestDayOf(since);
	if (cursor.fromDay >= earliest) return cursor;
	const next: LeadCursor = {
		fromDay: earliest,
		keysUntil: byLastDay(lastDays(cursor.keysUntil), earliest),
		floor: Math.max(cursor.floor ?? since, since),
	};
	const ids = byLastDay(lastDays(cursor.idsUntil), earliest);
	if (Object.keys(ids).length > 0) next.idsUntil = ids;
	return next;
}
