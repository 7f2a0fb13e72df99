/**
 * A poll's new leads with their property details, each emitted once. A lead whose details the
 * portal did not give in time (its reads late or failed, not an ad that is not online) is held
 * back: left out of the items and of its agency's cursor, so the next poll lists it again and
 * emits it, with its details once memory holds them. A lead is held DETAILS_HOLD_MS at most from
 * the first poll that held it (leadCursor.ts `heldSince`), then emitted without them. So a row the
 * callback landed without details (its 0.3 s were not enough) gets them from the list within a
 * few polls.
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { detailsMayComeLater, withPropertyDetails } from '../shared/leadDetails/addPropertyDetails';
import { POLL_DETAILS_TIME } from '../shared/leadDetails/option';
import { heldBack, mayHold, released, type LeadCursor } from './leadCursor';
import type { FreshLead } from './leads';

/**
 * The items to emit for `fresh` (oldest first); `cursors` (by agency) lose the keys of the leads
 * held back.
 */
export async function leadsWithDetails(
	ctx: IPollFunctions,
	fresh: FreshLead[],
	cursors: Record<string, LeadCursor>,
	now: number,
): Promise<IDataObject[]> {
	const items = await withPropertyDetails(
		ctx,
		fresh.map((lead) => lead.item),
		POLL_DETAILS_TIME,
	);
	return items.filter((item, index) => {
		const { agency, key } = fresh[index];
		const cursor = cursors[agency];
		const held = detailsMayComeLater(item) && mayHold(cursor, key, now);
		cursors[agency] = held ? heldBack(cursor, key, now) : released(cursor, key);
		return !held;
	});
}
