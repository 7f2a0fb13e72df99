/**
 * Ad changes by polling the online ad summary: the difference, by platform ad id, between the
 * summary now and the one of the last poll. What is kept per agency is compact: the ids in
 * ascending order and their modification instants, two arrays of numbers (about 460 kB of static
 * data for 20,000 ads), never whole ads. The summary can lag a few minutes behind the portal.
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { normalizeAd, toIsoDate } from '../shared/normalize';
import { portalRequestDistinct } from '../shared/paging';
import { readAgencies, readOrThrow, type AgencyLimits, type AgencyOutcome } from './network';
import type { AdEvent } from './properties';

export interface AdSnapshot {
	/** Platform ad ids, ascending. */
	ids: number[];
	/** Epoch ms of each ad's last modification, same order. */
	modified: number[];
	/**
	 * Epoch ms of a starting point read from a summary that shifted while paged: an ad it missed,
	 * modified no later, was online already and did not go online since.
	 */
	partialAt?: number;
}

interface OnlineAd {
	id: number;
	modified: number;
	raw: IDataObject;
}

interface Change {
	event: AdEvent;
	agencyCode: string;
	/** Present for an ad online now (online, changed). */
	ad?: OnlineAd;
	id: number;
	previousModified?: number;
}

/** Shape B gives epoch ms, shape A an ISO text; 0 when the summary says nothing readable. */
function modifiedOf(raw: IDataObject): number {
	for (const value of [raw.fechaModificacion, raw.dataModificacao]) {
		if (typeof value === 'number' && Number.isFinite(value)) return value;
	}
	const iso = toIsoDate(raw.fechaModificacion);
	const instant = iso === null ? Number.NaN : Date.parse(iso);
	return Number.isNaN(instant) ? 0 : instant;
}

/** The online ads, each once, by id; `whole`: none skipped by a summary that shifted meanwhile. */
async function onlineAds(
	ctx: IPollFunctions,
	agencyCode: string,
	limits: AgencyLimits,
): Promise<{ ads: OnlineAd[]; whole: boolean }> {
	const { items, whole } = await portalRequestDistinct(ctx, 'adSummary', {
		pathParams: { agencyCode },
		keyOf: (raw) => raw.idAvisoPlat,
		...limits,
	});
	const ads: OnlineAd[] = [];
	for (const raw of items) {
		if (typeof raw.idAvisoPlat === 'number')
			ads.push({ id: raw.idAvisoPlat, modified: modifiedOf(raw), raw });
	}
	return { ads: ads.sort((a, b) => a.id - b.id), whole };
}

/**
 * The snapshot after a read at `now`. One not read whole keeps the ads it missed as they were: an
 * ad is offline only when a whole read no longer lists it.
 */
function snapshotOf(ads: OnlineAd[], whole: boolean, now: number, before?: AdSnapshot): AdSnapshot {
	if (whole || !before) {
		const snapshot: AdSnapshot = {
			ids: ads.map((ad) => ad.id),
			modified: ads.map((ad) => ad.modified),
		};
		if (!whole) snapshot.partialAt = now;
		return snapshot;
	}
	const entries = new Map<number, number>();
	before.ids.forEach((id, i) => entries.set(id, before.modified[i]));
	for (const ad of ads) entries.set(ad.id, ad.modified);
	const ids = [...entries.keys()].sort((a, b) => a - b);
	const snapshot: AdSnapshot = { ids, modified: ids.map((id) => entries.get(id)!) };
	if (before.partialAt !== undefined) snapshot.partialAt = before.partialAt;
	return snapshot;
}

/**
 * The changes since `before`: none offline from a read that may have skipped ads, none online that
 * a partial starting point missed.
 */
function changesOf(agencyCode: string, before: AdSnapshot, ads: OnlineAd[], whole: boolean) {
	const { partialAt } = before;
	return differences(agencyCode, before, ads).filter((change) =>
		change.event === 'adWentOffline'
			? whole
			: !(
					change.event === 'adWentOnline' &&
					partialAt !== undefined &&
					change.ad!.modified <= partialAt
				),
	);
}

/** One walk over both id-ordered lists. */
function differences(agencyCode: string, before: AdSnapshot, now: OnlineAd[]): Change[] {
	const changes: Change[] = [];
	let i = 0;
	let j = 0;
	while (i < before.ids.length || j < now.length) {
		const oldId = i < before.ids.length ? before.ids[i] : Number.POSITIVE_INFINITY;
		const ad = now[j];
		const newId = ad ? ad.id : Number.POSITIVE_INFINITY;
		if (oldId < newId) {
			changes.push({
				event: 'adWentOffline',
				agencyCode,
				id: oldId,
				previousModified: before.modified[i],
			});
			i++;
		} else if (newId < oldId) {
			changes.push({ event: 'adWentOnline', agencyCode, id: newId, ad });
			j++;
		} else {
			if (ad.modified > before.modified[i]) {
				changes.push({
					event: 'adChanged',
					agencyCode,
					id: newId,
					ad,
					previousModified: before.modified[i],
				});
			}
			i++;
			j++;
		}
	}
	return changes;
}

const iso = (epochMs: number | undefined) => (epochMs ? new Date(epochMs).toISOString() : null);

function itemOf(change: Change, detectedAt: string): IDataObject {
	const common = {
		event: change.event,
		trigger: 'poll',
		agencyCode: change.agencyCode,
		detectedAt,
	};
	if (!change.ad) {
		return { ...common, platformAdId: change.id, lastModifiedAt: iso(change.previousModified) };
	}
	const summary = normalizeAd(change.ad.raw) as unknown as IDataObject;
	return change.event === 'adChanged'
		? { ...common, ...summary, previousModifiedAt: iso(change.previousModified) }
		: { ...common, ...summary };
}

/** One agency's items of the chosen kind, and its snapshot now. */
export interface AgencyAds {
	cursor: AdSnapshot;
	items: IDataObject[];
}

/**
 * One poll of the agencies: each one's changes of the chosen kind and snapshot, or its failure. An
 * agency without a snapshot gets its starting point and emits nothing.
 */
export async function pollAds(
	ctx: IPollFunctions,
	event: AdEvent,
	agencies: string[],
	snapshots: Record<string, AdSnapshot>,
	now: Date,
	deadline: number,
): Promise<Array<AgencyOutcome<AgencyAds>>> {
	return await readAgencies(agencies, deadline, async (agency, limits) => {
		const { ads, whole } = await onlineAds(ctx, agency, limits);
		const before = snapshots[agency];
		const items = before
			? changesOf(agency, before, ads, whole)
					.filter((change) => change.event === event)
					.map((change) => itemOf(change, now.toISOString()))
			: [];
		return { cursor: snapshotOf(ads, whole, now.getTime(), before), items };
	});
}

/**
 * "Fetch test event": the most recently modified online ad (online, changed), or the last ad gone
 * offline since the kept snapshot (offline: the summary lists online ads only). Null when none.
 * Throws the first failure only when no agency could be read.
 */
export async function latestAdChange(
	ctx: IPollFunctions,
	event: AdEvent,
	agencies: string[],
	snapshots: Record<string, AdSnapshot>,
	now: Date,
	deadline: number,
): Promise<IDataObject | null> {
	const outcomes = await readAgencies(agencies, deadline, async (agency, limits) => {
		const { ads, whole } = await onlineAds(ctx, agency, limits);
		if (event === 'adWentOffline') {
			const gone = snapshots[agency]
				? changesOf(agency, snapshots[agency], ads, whole).filter((c) => c.event === event)
				: [];
			return gone[gone.length - 1] ?? null;
		}
		let latest: Change | null = null;
		for (const ad of ads) {
			if (!latest?.ad || ad.modified > latest.ad.modified)
				latest = { event, agencyCode: agency, id: ad.id, ad };
		}
		return latest;
	});
	let latest: Change | null = null;
	for (const change of readOrThrow(outcomes, { cutShortFails: true })) {
		if (!change) continue;
		// Offline: the last agency's in list order; online and changed: the latest modification.
		if (
			event === 'adWentOffline' ||
			!latest?.ad ||
			(change.ad && change.ad.modified > latest.ad.modified)
		)
			latest = change;
	}
	return latest ? itemOf(latest, now.toISOString()) : null;
}
