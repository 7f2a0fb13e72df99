/**
 * Lead cursors as earlier versions saved them, read into today's shape (leadCursor.ts). Those kept
 * listed ids (the message id, else the list id), not lead keys: their ids are kept as they are
 * (`idsUntil`), a lead listed under one of them is not new, and they go as their day passes, so
 * that an upgrade emits no lead twice and the old ids are gone after about three days.
 */
import { latestDayOf, type LeadCursor } from './leadCursor';

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

/** The cursor of versions that kept listed ids by their last day. */
interface IdCursor {
	fromDay: string;
	idsUntil: Record<string, number[]>;
	floor?: number;
}

const WINDOW_IDS = 2_000;

const isRecord = (value: unknown): value is Record<string, unknown> =>
	typeof value === 'object' && value !== null;

function hasDay(value: unknown): value is { fromDay: string } & Record<string, unknown> {
	return isRecord(value) && typeof value.fromDay === 'string';
}

const isLeadCursor = (value: unknown): value is LeadCursor =>
	hasDay(value) && isRecord(value.keysUntil);

const isIdCursor = (value: unknown): value is IdCursor => hasDay(value) && isRecord(value.idsUntil);

const isDayCursor = (value: unknown): value is DayCursor =>
	hasDay(value) && Array.isArray(value.ids);

const isWindowCursor = (value: unknown): value is WindowCursor =>
	hasDay(value) && Array.isArray(value.seen);

/** Ids by their last day, the latest kept for an id given twice. */
function idsByLastDay(entries: Array<[number, string]>): Record<string, number[]> {
	const lastDays = new Map<number, string>();
	for (const [id, day] of entries) {
		const kept = lastDays.get(id);
		if (kept === undefined || day > kept) lastDays.set(id, day);
	}
	const idsUntil: Record<string, number[]> = {};
	for (const [id, day] of lastDays) (idsUntil[day] ??= []).push(id);
	return idsUntil;
}

function withIds(fromDay: string, idsUntil: Record<string, number[]>, floor?: number): LeadCursor {
	const cursor: LeadCursor = { fromDay, keysUntil: {}, idsUntil };
	if (floor !== undefined) cursor.floor = floor;
	return cursor;
}

/**
 * A saved cursor in today's shape. One that kept listed ids keeps them with their last day. A day
 * cursor of earlier 0.1.0 builds keeps the ids of its day until the cursor moves past that day, and
 * its undated ids until their last day. One of version 0.1.0 keeps the ids that may be on its day
 * or later (their day was not kept: any time zone's day of their instant counts), and, when its
 * window was full, its oldest instant as the floor below which nothing is new, as it ruled then.
 */
export function readLeadCursor(value: unknown): LeadCursor | undefined {
	if (isLeadCursor(value)) return value;
	if (isIdCursor(value)) return withIds(value.fromDay, value.idsUntil, value.floor);
	if (isDayCursor(value)) {
		const ids = idsByLastDay([
			...value.ids.map((id): [number, string] => [id, value.fromDay]),
			...(value.undated ?? []),
		]);
		return withIds(value.fromDay, ids, value.floor);
	}
	if (!isWindowCursor(value)) return undefined;
	const kept = value.seen
		.filter(([, at]) => latestDayOf(at) >= value.fromDay)
		.map(([id, at]): [number, string] => [id, latestDayOf(at)]);
	const oldest = value.seen[0]?.[1];
	const full = value.seen.length >= WINDOW_IDS && oldest !== undefined;
	return withIds(value.fromDay, idsByLastDay(kept), full ? oldest : undefined);
}
