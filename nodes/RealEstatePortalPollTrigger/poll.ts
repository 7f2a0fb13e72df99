/** What a poll does (loaded at the first poll, not with the node). */
import {
	NodeOperationError,
	type IDataObject,
	type INodeExecutionData,
	type IPollFunctions,
} from 'n8n-workflow';
import { warmPropertyDetails, withPropertyDetails } from '../shared/leadDetails/addPropertyDetails';
import { POLL_DETAILS_TIME } from '../shared/leadDetails/option';
import { asRows } from '../shared/landingRow';
import { latestAdChange, pollAds } from './ads';
import { agenciesToPoll } from './agencies';
import { repairLostCallback } from './callbackRepair';
import { leadsWithDetails } from './detailsHold';
import { judgeFailures, logUnreported } from './failures';
import { resumed, startingCursor } from './leadCursor';
import { latestLead, mergedLeads, pollLeads } from './leads';
import { oneAtATime } from './oneAtATime';
import { pollDeadline, readOrThrow, settle, type Settled } from './network';
import { chosenAgency, chosenEvent, type AdEvent, type PollEvent } from './properties';
import { readSaved, readingOrder, type PollStore, type SavedPoll } from './store';

/**
 * The poll contexts that already polled. n8n makes one context per activation and polls with it
 * until deactivation, so the first poll of a context with activation 'activate' is the first after
 * publication: a lead poll resumes from its saved cursors (72 hours at most), an ad poll starts over.
 * A restart ('init') keeps the saved cursors and catches up.
 */
const polledContexts = new WeakSet<object>();

function noneYet(ctx: IPollFunctions, event: PollEvent): NodeOperationError {
	const what =
		event === 'newLead'
			? 'lead in the last 7 days'
			: event === 'adWentOffline'
				? 'ad gone offline since the last poll of the active workflow'
				: 'online ad';
	return new NodeOperationError(ctx.getNode(), `No ${what} to show yet`, {
		description:
			event === 'newLead'
				? 'Once a prospect contacts one of the agencies, "Fetch test event" shows the most recent lead.'
				: 'Activate the workflow: each poll then compares the online ad summary with the previous one.',
	});
}

export async function poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const event = chosenEvent(this);
	if (this.getMode() !== 'manual') {
		// Each active poll: the linked agencies' ads are read ahead, or again once due, in the background.
		warmPropertyDetails(this);
		return await oneAtATime(this, async (store) => await activePoll(this, event, store));
	}
	// "Fetch test event": the most recent real item, the starting point left as it is.
	const store = this.getWorkflowStaticData('node') as PollStore;
	const now = new Date();
	const deadline = pollDeadline(this, now.getTime());
	const { codes: agencies } = await agenciesToPoll(this, deadline);
	const sample =
		event === 'newLead'
			? await latestLead(this, agencies, now.getTime(), deadline)
			: await latestAdChange(this, event, agencies, store.ads ?? {}, now, deadline);
	if (sample === null) throw noneYet(this, event);
	const detailed = await withPropertyDetails(this, [sample], POLL_DETAILS_TIME);
	return [this.helpers.returnJsonArray(rowsOf(this, detailed))];
}

/** A poll of the active workflow, on the node's static data (no other poll of it meanwhile). */
async function activePoll(
	ctx: IPollFunctions,
	event: PollEvent,
	store: PollStore,
): Promise<INodeExecutionData[][] | null> {
	const now = new Date();
	const deadline = pollDeadline(ctx, now.getTime());
	const { codes: agencies, whole: everyAgencyListed } = await agenciesToPoll(ctx, deadline);

	// n8n fails the activation with the error of its first poll (n8n-core's ActiveWorkflowTriggers
	// polls at once and re-throws), after a restart too: that poll reports nothing.
	const firstPoll = !polledContexts.has(ctx);
	const chosen = chosenAgency(ctx);
	const publishedNow = ctx.getActivationMode() === 'activate' && firstPoll;
	// Published again, a lead poll goes on from its cursors: the leads made while the workflow
	// was unpublished (their callbacks refused, then given up) are new (leadCursor.ts `resumed`).
	// Cursors kept for another event (`keptFor`) are not ours; an agency still chosen keeps its own.
	const keptForEvent = store.keptFor?.startsWith(`["${event}",`) === true;
	const startOver = (publishedNow && event !== 'newLead') || !keptForEvent;
	const saved = readSaved(store, startOver, chosen);
	if (publishedNow) {
		for (const [agency, cursor] of Object.entries(saved.leads))
			saved.leads[agency] = resumed(cursor, now.getTime());
	}
	const order = readingOrder(agencies, saved.resumeAt);
	const { settled, items } =
		event === 'newLead'
			? await newLeads(ctx, order, saved, now.getTime(), deadline)
			: await adChanges(ctx, event, order, agencies, saved, now, deadline);

	// Agencies kept but no longer listed are dropped, once a report about them can be saved and
	// made, and only after a whole agency list: one a shifting list skipped is still linked.
	const previous: Record<string, unknown> = event === 'newLead' ? saved.leads : saved.ads;
	const listed = new Set(agencies);
	const gone = [...new Set([...Object.keys(previous), ...Object.keys(saved.failing)])].filter(
		(agency) => !listed.has(agency),
	);
	const mayReport = saved.pollerIdSaved && !firstPoll;
	const dropped = mayReport && everyAgencyListed ? gone : [];
	if (dropped.length === 0) {
		for (const agency of gone) if (agency in previous) settled.kept[agency] = previous[agency];
	}
	const failures = judgeFailures(ctx.getNode(), {
		pollerId: saved.pollerId,
		mayReport,
		previous: saved.failing,
		read: settled.read,
		failed: settled.failed,
		dropped,
		total: agencies.length,
		now: now.getTime(),
	});
	if (firstPoll) logUnreported(ctx.logger, failures.failing, everyAgencyListed ? gone : []);
	// A report moves nothing: the static data stays as it was, the next poll emits.
	if (failures.report) throw failures.report;

	// Static data is written only now, once the poll's outcome is settled.
	if (event === 'newLead') {
		store.leads = settled.kept as SavedPoll['leads'];
		delete store.ads;
	} else {
		store.ads = settled.kept as SavedPoll['ads'];
		delete store.leads;
	}
	if (Object.keys(failures.failing).length > 0) store.failing = failures.failing;
	else delete store.failing;
	if (settled.resumeAt === undefined) delete store.resumeAt;
	else store.resumeAt = settled.resumeAt;
	store.pollerId = saved.pollerId;
	store.keptFor = JSON.stringify([event, chosen]);
	polledContexts.add(ctx);
	await repairLostCallback(ctx);
	if (items.length === 0) return null;
	return [ctx.helpers.returnJsonArray(rowsOf(ctx, items))];
}

/** The items as this version of the node emits them (a lead as its row from version 3 on). */
function rowsOf(ctx: IPollFunctions, items: IDataObject[]): IDataObject[] {
	return asRows(items, ctx.getNode().typeVersion, 'list', ctx.getTimezone());
}

/** A poll's outcome: the cursors settled and the items to emit, as they are emitted. */
interface Round {
	settled: Settled<unknown, unknown>;
	items: IDataObject[];
}

/**
 * New leads of every agency, oldest first. An agency that cannot be read when it has no cursor yet
 * starts from now: a lead registered before this poll is not new to it.
 */
async function newLeads(
	ctx: IPollFunctions,
	order: string[],
	saved: SavedPoll,
	now: number,
	deadline: number,
): Promise<Round> {
	const outcomes = await pollLeads(ctx, order, saved.leads, now, deadline);
	readOrThrow(outcomes);
	const settled = settle(outcomes, saved.leads, () => startingCursor(now, true));
	const fresh = mergedLeads(settled.values);
	return { settled, items: await leadsWithDetails(ctx, fresh, settled.kept, now) };
}

/**
 * Ad changes of every agency, agency by agency in the listed order. An agency that cannot be read
 * when it has no snapshot yet gets one at its first read.
 */
async function adChanges(
	ctx: IPollFunctions,
	event: AdEvent,
	order: string[],
	agencies: string[],
	saved: SavedPoll,
	now: Date,
	deadline: number,
): Promise<Round> {
	const outcomes = await pollAds(ctx, event, order, saved.ads, now, deadline);
	readOrThrow(outcomes);
	const settled = settle(outcomes, saved.ads, () => undefined);
	const position = new Map(agencies.map((agency, index) => [agency, index]));
	const items = settled.values
		.flatMap((agency) => agency.items)
		.sort((a, b) => position.get(a.agencyCode as string)! - position.get(b.agencyCode as string)!);
	// Ad items get no details; the agencies they are about have their books read again.
	return { settled, items: await withPropertyDetails(ctx, items, POLL_DETAILS_TIME) };
}
