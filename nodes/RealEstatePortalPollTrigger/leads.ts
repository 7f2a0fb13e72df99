/**
 * New leads by polling the lead list (`GET /v2/inmobiliarias/{agency}/mensajes?fromDate=yyyyMMdd`).
 *
 * `fromDate` is a day, so each agency's poll asks from the day before its own and drops what it
 * has already emitted since that day, by message id, else list id (leadCursor.ts). Before any lead
 * is seen, the day is the starting point's in UTC-12, never later than the portal's local day
 * anywhere, so nothing registered after the starting point is outside the first question.
 *
 * The list is read row by row (paging.ts), a row told from another by all its fields: one lead
 * listed as several rows (a message once per contact action) is as many rows of the list's total,
 * so the read is whole, and emitted once; a row repeated by a list that shifted while paged is the
 * same row, read once.
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { portalRequestDistinct } from '../shared/paging';
import {
	advance,
	cursorKeyOf,
	earliestDayOf,
	startingCursor,
	unseen,
	type DatedLead,
	type LeadCursor,
} from './leadCursor';
import { listedLeadKeys, readListedLead, type ListedLeadOptions } from '../shared/listedLead';
import { fieldsDigest } from '../shared/readEvent';
import { readAgencies, readOrThrow, type AgencyLimits, type AgencyOutcome } from './network';
import { emitAgainWithinMs, includesNationalId } from './properties';
import { ROWS_FROM_VERSION } from '../shared/landingRow';

/** How far back "Fetch test event" looks for the most recent lead. */
export const SAMPLE_DAYS = 7;

/** A listed lead as the cursor takes it, its row kept to read the lead from once it is new. */
interface PolledLead extends DatedLead {
	raw: IDataObject;
}

const HOUR_MS = 3_600_000;

/** A listed row's keys (listedLead.ts); one without a readable instant counts as `now`. */
function polledLead(raw: IDataObject, now: number): PolledLead {
	const { id, idSource, instant } = listedLeadKeys(raw);
	return { key: cursorKeyOf(id, idSource), listedId: id, at: instant ?? now, raw };
}

/**
 * How a poll reads its leads, from the node's settings: read once per poll, not per lead
 * (`getNode()` copies the node with all its parameters).
 */
function readingOptions(ctx: IPollFunctions): ListedLeadOptions {
	return {
		includeNationalId: includesNationalId(ctx),
		logger: ctx.logger,
		forRow: ctx.getNode().typeVersion >= ROWS_FROM_VERSION,
	};
}

/**
 * The flat lead of a row, read only for the leads emitted: most rows of a listing are leads
 * already emitted, and reading one whole costs about as much as its keys.
 */
function itemOf(options: ListedLeadOptions, agencyCode: string, lead: PolledLead): IDataObject {
	return readListedLead(lead.raw, agencyCode, options).item;
}

/** A row of the list: all its fields, whatever their names. */
const rowKey = (raw: IDataObject) => fieldsDigest(raw);

/** The agency's rows listed from `fromDay`, each once, oldest first; `whole`: none skipped. */
async function fetchLeads(
	ctx: IPollFunctions,
	agencyCode: string,
	fromDay: string,
	now: number,
	limits: AgencyLimits,
): Promise<{ leads: PolledLead[]; whole: boolean }> {
	const { items, whole } = await portalRequestDistinct(ctx, 'listMessages', {
		pathParams: { agencyCode },
		query: { fromDate: fromDay },
		keyOf: rowKey,
		...limits,
	});
	const leads = items
		.map((raw) => polledLead(raw, now))
		.sort((a, b) => a.at - b.at || a.listedId - b.listedId);
	return { leads, whole };
}

/**
 * The listed leads already emitted (not in `fresh`) whose registration, as read, is within
 * `againMs` of `now`: "Emit Again Within" emits them again, each once. A lead whose instant cannot
 * be read, or that is older than the cursor's floor or starting point (never emitted), is not.
 */
function emittedSince(
	leads: PolledLead[],
	fresh: PolledLead[],
	cursor: LeadCursor,
	now: number,
	againMs: number,
): PolledLead[] {
	if (againMs === 0) return [];
	const since = Math.max(now - againMs, cursor.floor ?? -Infinity, cursor.startedAt ?? -Infinity);
	const taken = new Set<PolledLead['key']>(fresh.map((lead) => lead.key));
	return leads.filter((lead) => {
		if (taken.has(lead.key)) return false;
		taken.add(lead.key);
		return listedLeadKeys(lead.raw).instant !== null && lead.at >= since;
	});
}

/** A new lead of `agency`, read. */
export interface FreshLead extends PolledLead {
	agency: string;
	item: IDataObject;
}

/** One agency's new leads and its cursor after them, from its saved cursor or its starting point. */
export interface AgencyLeads {
	cursor: LeadCursor;
	fresh: FreshLead[];
}

/**
 * One poll of the agencies: each one's new leads and cursor, or its failure. An agency without a
 * cursor gets its starting point (everything listed now counts as seen) and emits nothing.
 */
export async function pollLeads(
	ctx: IPollFunctions,
	agencies: string[],
	cursors: Record<string, LeadCursor>,
	now: number,
	deadline: number,
): Promise<Array<AgencyOutcome<AgencyLeads>>> {
	const againMs = emitAgainWithinMs(ctx);
	const options = readingOptions(ctx);
	return await readAgencies(agencies, deadline, async (agency, limits) => {
		const saved = cursors[agency];
		const from = saved ?? startingCursor(now);
		const { leads, whole } = await fetchLeads(ctx, agency, from.fromDay, now, limits);
		// Every listed lead is kept until the day moves past it, the ones counted as seen too.
		const cursor = advance(from, leads, now, whole);
		// A starting point read from a list that skipped some: what it skipped is old all the same.
		if (saved === undefined && !whole) cursor.floor = now;
		const fresh = saved === undefined ? [] : unseen(from, leads);
		const again = saved === undefined ? [] : emittedSince(leads, fresh, from, now, againMs);
		const read = [...fresh, ...again].map((lead) => ({
			...lead,
			agency,
			item: itemOf(options, agency, lead),
		}));
		return { cursor, fresh: read };
	});
}

/** The new leads of every agency read, oldest first (ties by listed id): one stable order. */
export function mergedLeads(agencyLeads: AgencyLeads[]): FreshLead[] {
	return agencyLeads
		.flatMap((agency) => agency.fresh)
		.sort((a, b) => a.at - b.at || a.listedId - b.listedId);
}

/**
 * The most recent lead of the last days over the agencies, for "Fetch test event"; null when
 * there is none. Throws the first failure only when no agency could be read.
 */
export async function latestLead(
	ctx: IPollFunctions,
	agencies: string[],
	now: number,
	deadline: number,
): Promise<IDataObject | null> {
	const fromDay = earliestDayOf(now - SAMPLE_DAYS * 24 * HOUR_MS);
	const outcomes = await readAgencies(agencies, deadline, async (agency, limits) => {
		const { leads } = await fetchLeads(ctx, agency, fromDay, now, limits);
		const last = leads[leads.length - 1];
		return last && { agency, lead: last };
	});
	let latest: { agency: string; lead: PolledLead } | undefined;
	for (const outcome of readOrThrow(outcomes, { cutShortFails: true })) {
		if (outcome && (!latest || outcome.lead.at > latest.lead.at)) latest = outcome;
	}
	return latest ? itemOf(readingOptions(ctx), latest.agency, latest.lead) : null;
}
