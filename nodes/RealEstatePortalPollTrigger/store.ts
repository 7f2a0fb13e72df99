/**
 * What the node keeps in the workflow's static data, which n8n saves with each poll that emits and
 * at activation (and, under its durable poll scheduler, after an empty poll too): per agency a
 * compact cursor, the agencies failing, and where a poll cut short by its time goes on.
 */
import { randomUUID } from 'node:crypto';
import type { AdSnapshot } from './ads';
import type { AgencyFailure } from './failures';
import type { LeadCursor } from './leadCursor';
import { readLeadCursor } from './savedLeadCursor';

export interface PollStore {
	[key: string]: unknown;
	leads?: Record<string, LeadCursor>;
	ads?: Record<string, AdSnapshot>;
	/** The event and agency choice the cursors were kept for: `[event, agency or null]` as JSON. */
	keptFor?: string;
	/** Agencies whose last polls failed (failures.ts). */
	failing?: Record<string, AgencyFailure>;
	/** Names this activation's cursors in the process's memory of reported failures. */
	pollerId?: string;
	/** The first agency a poll cut short by its time did not reach: the next poll starts there. */
	resumeAt?: string;
}

/** The store as this poll reads it: today's shapes, nothing of the saved object changed. */
export interface SavedPoll {
	leads: Record<string, LeadCursor>;
	ads: Record<string, AdSnapshot>;
	failing: Record<string, AgencyFailure>;
	pollerId: string;
	/** False when the poller id is new to this poll: it is saved before anything is reported. */
	pollerIdSaved: boolean;
	resumeAt?: string;
}

/**
 * The saved store (empty when starting over); lead cursors of version 0.1.0 are migrated. With
 * `only` an agency, that agency's alone: the others' are no longer chosen, not gone from the
 * credential (an edited workflow keeps the cursors of the agency it still watches).
 */
export function readSaved(store: PollStore, startOver: boolean, only: string | null): SavedPoll {
	if (startOver) {
		return { leads: {}, ads: {}, failing: {}, pollerId: randomUUID(), pollerIdSaved: false };
	}
	const chosen = <T>(byAgency: Record<string, T> = {}): Record<string, T> =>
		only === null ? byAgency : only in byAgency ? { [only]: byAgency[only] } : {};
	const leads: Record<string, LeadCursor> = {};
	for (const [agency, saved] of Object.entries(chosen(store.leads))) {
		const cursor = readLeadCursor(saved);
		if (cursor) leads[agency] = cursor;
	}
	return {
		leads,
		ads: chosen(store.ads),
		failing: chosen(store.failing),
		pollerId: store.pollerId ?? randomUUID(),
		pollerIdSaved: store.pollerId !== undefined,
		resumeAt: store.resumeAt,
	};
}

/** The agencies in the order this poll reads them: from `resumeAt` on, then the others. */
export function readingOrder(agencies: string[], resumeAt: string | undefined): string[] {
	const start = resumeAt === undefined ? -1 : agencies.indexOf(resumeAt);
	return start <= 0 ? agencies : [...agencies.slice(start), ...agencies.slice(0, start)];
}
