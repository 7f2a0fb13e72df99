/**
 * The leads this n8n process is working on for one trigger (Respond "When Last Node Finishes"): a
 * lead is in flight from the moment webhook() starts its execution until n8n ends the portal's
 * answer, which it does once the workflow finished, even when the portal hung up before.
 */
import type { IWebhookFunctions } from 'n8n-workflow';

type ResponseObject = ReturnType<IWebhookFunctions['getResponseObject']>;

/**
 * An entry n8n never ended is forgotten after this: n8n answers every execution it started
 * (a failed one with 500), so only a lost process leaves one behind, and a repeat must then run.
 */
export const FORGOTTEN_AFTER_MS = 5 * 60_000;

/** One lead's execution as it finished: how long it took, and the most leads in flight meanwhile (itself included). */
export interface FinishedLead {
	durationMs: number;
	concurrency: number;
}

export class LeadsInFlight {
	private readonly started = new Map<string, { at: number; concurrency: number }>();

	get size(): number {
		return this.started.size;
	}

	has(eventId: string, now: number): boolean {
		this.forgetStale(now);
		return this.started.has(eventId);
	}

	start(eventId: string, now: number): void {
		this.started.set(eventId, { at: now, concurrency: 0 });
		const size = this.started.size;
		for (const entry of this.started.values())
			entry.concurrency = Math.max(entry.concurrency, size);
	}

	/** Ends the lead's flight; what it cost, or undefined when it was no longer in flight. */
	finish(eventId: string, now: number): FinishedLead | undefined {
		const entry = this.started.get(eventId);
		if (!entry) return undefined;
		this.started.delete(eventId);
		return { durationMs: now - entry.at, concurrency: entry.concurrency };
	}

	private forgetStale(now: number) {
		for (const [eventId, { at }] of this.started) {
			if (now - at > FORGOTTEN_AFTER_MS) this.started.delete(eventId);
		}
	}
}

/**
 * Calls `done` once, when n8n ends the answer. Not the response's 'finish' event alone: after the
 * portal hung up (its 1.5 s passed) n8n still runs the workflow to the end and then ends a response
 * that emits no 'finish', and the lead is in flight until then.
 */
export function whenAnswered(response: ResponseObject, done: () => void): void {
	let called = false;
	const once = () => {
		if (called) return;
		called = true;
		done();
	};
	const end = response.end.bind(response) as (...args: unknown[]) => ResponseObject;
	response.end = ((...args: unknown[]) => {
		once();
		return end(...args);
	}) as ResponseObject['end'];
	response.once('finish', once);
}
