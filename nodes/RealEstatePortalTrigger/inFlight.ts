/**
 * What one trigger remembers, in this n8n process, of the leads it answers after the workflow
 * (Respond "When Last Node Finishes"): the leads whose workflow is running, and the leads whose
 * workflow succeeded. Load is not held here: a proxy in front of n8n holds it
 * (docs/deployment.md); these memories keep a lead from running twice.
 */
import type { IWebhookFunctions } from 'n8n-workflow';

export type ResponseObject = ReturnType<IWebhookFunctions['getResponseObject']>;

/**
 * A lead in flight longer than this is taken for lost (its process died with it) and a repeat
 * runs. n8n ends every answer of an execution it started (a failed one with 500), so only a lost
 * process leaves one behind.
 */
export const FORGOTTEN_AFTER_MS = 5 * 60_000;

/** One lead's run: what `finish` names, so that a stale run never ends a later run's entry. */
export interface Flight {
	readonly eventId: string;
	readonly at: number;
}

export class LeadsInFlight {
	private readonly running = new Map<string, Flight>();

	get size(): number {
		return this.running.size;
	}

	has(eventId: string, now: number): boolean {
		const flight = this.running.get(eventId);
		if (flight && now - flight.at > FORGOTTEN_AFTER_MS) this.running.delete(eventId);
		return this.running.has(eventId);
	}

	start(eventId: string, now: number): Flight {
		const flight = { eventId, at: now };
		this.running.set(eventId, flight);
		return flight;
	}

	/** Ends this run; a later run of the same lead (started once this one was forgotten) stays. */
	finish(flight: Flight): void {
		if (this.running.get(flight.eventId) === flight) this.running.delete(flight.eventId);
	}
}

/** How many succeeded leads are remembered, the newest. */
const SUCCEEDED_KEPT = 1_000;

/**
 * Leads whose workflow succeeded here. The portal sends a lead again when it did not hear the 200:
 * it stopped waiting (about 1.5 s) before the workflow finished, or a proxy in front of n8n held
 * the answer, so a hang-up cannot be told from this side; and it sends duplicates. Any later
 * delivery of a remembered lead is answered 200 without running the workflow again.
 */
export class SucceededLeads {
	private readonly ids = new Set<string>();

	add(eventId: string): void {
		this.ids.delete(eventId);
		this.ids.add(eventId);
		if (this.ids.size > SUCCEEDED_KEPT) this.ids.delete(this.ids.values().next().value!);
	}

	has(eventId: string): boolean {
		return this.ids.has(eventId);
	}
}

/**
 * Calls `ended` once, when n8n ends the answer after the workflow (n8n answers a failed workflow
 * with 500). Not the response's 'finish' event: after the portal hung up, n8n still runs the
 * workflow to the end and then ends a response that emits no 'finish'.
 */
export function whenEnded(response: ResponseObject, ended: (succeeded: boolean) => void): void {
	let done = false;
	const end = response.end.bind(response) as (...args: unknown[]) => ResponseObject;
	response.end = ((...args: unknown[]) => {
		if (!done) {
			done = true;
			ended(response.statusCode < 400);
		}
		return end(...args);
	}) as ResponseObject['end'];
}
