/**
 * New leads by polling the lead list (`GET /v2/inmobiliarias/{agency}/mensajes?fromDate=yyyyMMdd`).
 *
 * `fromDate` is a day, so each poll asks from the day of the newest lead already seen and drops,
 * by the polled message id, what it has seen before. How polled ids relate to the `idEvento` of a
 * callback is not published: the window holds polled ids only. The day is the date part of the
 * lead's own `fechaRegistro` (which carries the portal's local offset); before any lead is seen, it
 * is the day of the starting point in UTC-12, never later than the portal's local day anywhere, so
 * nothing registered after the starting point is outside the first question.
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { toSpanishNames } from '../shared/eventFields';
import { simplifyLead, toIsoTimestamp } from '../shared/normalizeEvent';
import { leadEventBodySchema } from '../shared/schemas';
import { portalRequestAllPages } from '../shared/paging';

/** The ids kept per agency; a lead older than the oldest kept one, once the window is full, is old. */
export const LEAD_WINDOW_IDS = 2_000;
/** How far back "Fetch test event" looks for the most recent lead. */
export const SAMPLE_DAYS = 7;

/** [polled message id, epoch ms of its registration], oldest first. */
type SeenLead = [number, number];

export interface LeadCursor {
	/** yyyyMMdd: the day the next poll asks from. */
	fromDay: string;
	seen: SeenLead[];
}

interface PolledLead {
	id: number;
	at: number;
	/** yyyyMMdd of the registration in the portal's local time, when the lead says it. */
	day: string | null;
	item: IDataObject;
}

const HOUR_MS = 3_600_000;

/** The day of an instant in the earliest time zone (UTC-12): never later than any local day. */
export function earliestDayOf(epochMs: number): string {
	return new Date(epochMs - 12 * HOUR_MS).toISOString().slice(0, 10).replace(/-/g, '');
}

function idOf(value: unknown): number | null {
	const id = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
	return typeof id === 'number' && Number.isSafeInteger(id) ? id : null;
}

/** A polled message → the callback trigger's simplified lead, `eventId` being the polled id. */
function polledLead(raw: IDataObject, agencyCode: string, now: number): PolledLead | null {
	const fields = toSpanishNames(raw);
	const id = idOf(fields.idMensaje);
	// A message without an id cannot be told from the ones already emitted.
	if (id === null) return null;
	const registered = toIsoTimestamp(
		typeof fields.fechaRegistro === 'string' ? fields.fechaRegistro : null,
	);
	const instant = registered === null ? Number.NaN : Date.parse(registered);
	const dayText = registered === null ? null : /^(\d{4})-(\d{2})-(\d{2})T/.exec(registered);
	const parsed = leadEventBodySchema.safeParse({ ...fields, idEvento: String(id), idMensaje: id });
	const lead: IDataObject = parsed.success
		? { ...simplifyLead(parsed.data), messageId: id }
		: {
				eventId: String(id),
				messageId: id,
				unreadableFields: parsed.error.issues.map((i) => i.path.join('.')).join(', '),
				rawBody: raw,
			};
	return {
		id,
		at: Number.isNaN(instant) ? now : instant,
		day: dayText ? `${dayText[1]}${dayText[2]}${dayText[3]}` : null,
		item: { ...lead, agencyCode: lead.agencyCode ?? agencyCode, trigger: 'poll' },
	};
}

async function fetchLeads(ctx: IPollFunctions, agencyCode: string, fromDay: string, now: number) {
	const messages = await portalRequestAllPages(ctx, 'listMessages', {
		pathParams: { agencyCode },
		query: { fromDate: fromDay },
	});
	return messages
		.map((raw) => polledLead(raw, agencyCode, now))
		.filter((lead): lead is PolledLead => lead !== null)
		.sort((a, b) => a.at - b.at || a.id - b.id);
}

function unseen(cursor: LeadCursor, leads: PolledLead[]): PolledLead[] {
	const seen = new Set(cursor.seen.map(([id]) => id));
	const full = cursor.seen.length >= LEAD_WINDOW_IDS;
	const oldestKept = cursor.seen[0]?.[1] ?? 0;
	return leads.filter((lead) => !seen.has(lead.id) && !(full && lead.at < oldestKept));
}

function advance(cursor: LeadCursor, leads: PolledLead[]): LeadCursor {
	const seen = [...cursor.seen, ...leads.map((lead): SeenLead => [lead.id, lead.at])]
		.sort((a, b) => a[1] - b[1] || a[0] - b[0])
		.slice(-LEAD_WINDOW_IDS);
	const newestDay = leads.reduce<string | null>(
		(day, lead) => (lead.day && (!day || lead.day > day) ? lead.day : day),
		null,
	);
	return { fromDay: newestDay && newestDay > cursor.fromDay ? newestDay : cursor.fromDay, seen };
}

/**
 * One poll over the agencies: the new leads, oldest first, and the cursors to keep. An agency
 * without a cursor gets its starting point (everything listed now counts as seen) and emits nothing.
 */
export async function pollLeads(
	ctx: IPollFunctions,
	agencies: string[],
	cursors: Record<string, LeadCursor>,
	now: number,
): Promise<{ items: IDataObject[]; cursors: Record<string, LeadCursor> }> {
	const next: Record<string, LeadCursor> = {};
	const emitted: PolledLead[] = [];
	for (const agency of agencies) {
		const cursor = cursors[agency] ?? { fromDay: earliestDayOf(now), seen: [] };
		const listed = await fetchLeads(ctx, agency, cursor.fromDay, now);
		const fresh = cursors[agency] === undefined ? [] : unseen(cursor, listed);
		next[agency] = advance(cursor, cursors[agency] === undefined ? listed : fresh);
		emitted.push(...fresh);
	}
	emitted.sort((a, b) => a.at - b.at || a.id - b.id);
	return { items: emitted.map((lead) => lead.item), cursors: next };
}

/** The most recent lead of the last days, for "Fetch test event"; null when there is none. */
export async function latestLead(
	ctx: IPollFunctions,
	agencies: string[],
	now: number,
): Promise<IDataObject | null> {
	let latest: PolledLead | null = null;
	for (const agency of agencies) {
		const listed = await fetchLeads(
			ctx,
			agency,
			earliestDayOf(now - SAMPLE_DAYS * 24 * HOUR_MS),
			now,
		);
		const last = listed[listed.length - 1];
		if (last && (!latest || last.at > latest.at)) latest = last;
	}
	return latest?.item ?? null;
}
