/**
 * What one trigger remembers, in this n8n process, of the leads it answers after the workflow
 * (Respond "When Last Node Finishes"): the leads whose workflow is running, and the leads whose
 * workflow succeeded after the portal had stopped waiting. Load is not held here: a proxy in front
 * of n8n holds it (docs/deployment.md); these memories keep a lead from running twice.
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

/** How many leads finished unheard are remembered, the newest. */
const UNHEARD_KEPT = 1_000;

/**
 * Leads whose workflow succeeded after the portal had stopped waiting: the portal never heard the
 * success and sends the lead again. That delivery is answered 200 instead of running the workflow a
 * second time, and forgotten only once the portal has been sent that answer.
 */
export class FinishedUnheard {
	private readonly ids = new Set<string>();

	add(eventId: string): void {
		this.ids.delete(eventId);
		this.ids.add(eventId);
		if (this.ids.size > UNHEARD_KEPT) this.ids.delete(this.ids.values().next().value!);
	}

	has(eventId: string): boolean {
		return this.ids.has(eventId);
	}

	forget(eventId: string): void {
		this.ids.delete(eventId);
	}
}

/** Whether the portal is still waiting on this connection (it hangs up after about 1.5 s). */
export const portalListens = (response: ResponseObject): boolean =>
	response.socket !== null && response.socket?.destroyed !== true && !response.writableEnded;

/**
 * Calls `ended` once, when n8n ends the answer after the workflow (n8n answers a failed workflow
 * with 500), and `hungUp` when the portal closed the connection before that. Not the response's
 * 'finish' event alone: after the portal hung up, n8n still runs the workflow to the end and then
 * ends a response that emits no 'finish'.
 */
export function whenAnswered(
	response: ResponseObject,
	on: { ended: (succeeded: boolean) => void; hungUp: () => void },
): void {
	let ended = false;
	const end = response.end.bind(response) as (...args: unknown[]) => ResponseObject;
	response.end = ((...args: unknown[]) => {
		if (!ended) {
			ended = true;
			on.ended(response.statusCode < 400);
		}
		return end(...args);
	}) as ResponseObject['end'];
	response.once('close', () => {
		if (!ended) on.hungUp();
	});
}
