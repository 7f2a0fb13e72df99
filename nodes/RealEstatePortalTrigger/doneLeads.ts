/**
 * The one place that decides whether a lead is already done in this n8n process: emitted (Respond
 * Immediately) or its workflow succeeded (Respond When Last Node Finishes). An economy against
 * running side effects (an e-mail, a CRM call) twice, not a guarantee: the destination's key on
 * `leadKey` keeps rows single, and nothing here survives a restart or reaches another process
 * (docs/reliability.md#which-layer-guarantees-what).
 *
 * Bounded by time, not count: a mark is kept as long as the portal retries a delivery. Compact: a
 * mark is 64 bits of a SHA-256 over the trigger and the event id, and the instant it was made
 * (about 85 bytes). Past `most` marks in the process the oldest are forgotten first, said in the log.
 */
import { createHash } from 'node:crypto';
import type { Logger } from 'n8n-workflow';
import { Tally } from './tally';

/**
 * Every answer that tells the portal its lead is done here carries this header: a proxy in front
 * of n8n (docs/deployment.md) keeps that verdict for the delivery's body and answers its repeats
 * itself, also while n8n restarts. Only this trigger's verdict sets it; n8n's own 200s do not.
 */
export const LEAD_DONE_HEADER = 'X-Portal-Lead-Done';

/** How long the portal sends a delivery again (docs/portal-api.md#callbacks). */
export const PORTAL_RETRIES_MS = 72 * 60 * 60 * 1_000;
/** Marks kept at most in this process: about 8.5 MB, a lead every 2.6 s for 72 hours. */
export const MOST_MARKS = 100_000;

/**
 * A lead's mark. Two leads share one in about 1 in 10^9 at MOST_MARKS: the second is then answered
 * done, and the lead list lands it.
 */
function markOf(scope: string, eventId: string): string {
	return createHash('sha256').update(`${scope}\n${eventId}`).digest('base64url').slice(0, 11);
}

export class DoneLeads {
	/** Mark → epoch ms when done, oldest first. */
	private readonly marks = new Map<string, number>();
	/** Marks forgotten for room; n8n's log says so at most hourly. */
	private readonly forgotten = new Tally<'forgotten'>(60 * 60 * 1_000);

	constructor(private readonly most = MOST_MARKS) {}

	isDone(scope: string, eventId: string, now: number): boolean {
		this.forgetExpired(now);
		return this.marks.has(markOf(scope, eventId));
	}

	markDone(scope: string, eventId: string, now: number): void {
		const mark = markOf(scope, eventId);
		// Taken out and put back: a Map keeps insertion order, so the oldest mark stays first.
		this.marks.delete(mark);
		this.marks.set(mark, now);
		this.forgetExpired(now);
		for (const [oldest] of this.marks) {
			if (this.marks.size <= this.most) break;
			this.marks.delete(oldest);
			this.forgotten.add('forgotten');
		}
	}

	/** Says in n8n's log, at most hourly, that marks were forgotten for room. */
	sayWhenFull(logger: Pick<Logger, 'warn'>, now: number): void {
		const count = this.forgotten.due(now)?.forgotten;
		if (count === undefined) return;
		const [oldest = now] = this.marks.values();
		const hours = ((now - oldest) / 3_600_000).toFixed(1);
		logger.warn(
			`Real Estate Portal Trigger: the memory of leads done is full (${this.most} in this process): ${count} of the oldest were forgotten, so a repeat of a lead done more than ${hours} hours ago runs again. The destination's key on leadKey keeps its row single.`,
		);
	}

	private forgetExpired(now: number): void {
		for (const [mark, at] of this.marks) {
			if (now - at <= PORTAL_RETRIES_MS) return;
			this.marks.delete(mark);
		}
	}
}

/** This process's memory, every trigger's. */
export const doneLeads = new DoneLeads();
