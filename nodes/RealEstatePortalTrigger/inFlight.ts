/**
 * The leads whose workflow is running, per trigger in this n8n process, when the portal is answered
 * after the workflow (Respond "When Last Node Finishes"), and how the trigger hears a run's end.
 * Load is not held here: a proxy in front of n8n holds it (docs/deployment.md).
 */
import type { IWebhookFunctions } from 'n8n-workflow';

export type ResponseObject = ReturnType<IWebhookFunctions['getResponseObject']>;

/**
 * How long a run without an answer holds its place, when the workflow has no timeout of its own.
 * n8n answers every run it ends (a failed one 500, one stopped at the workflow's timeout too), so
 * only a run that hangs or a process lost with it stays longer; then a repeat runs again.
 */
export const CEILING_MS = 5 * 60_000;

/** The workflow's timeout (n8n stops the run then, so it cannot be alive later), else CEILING_MS. */
export function inFlightBoundOf(ctx: Pick<IWebhookFunctions, 'getWorkflowSettings'>): number {
	const seconds = Number(ctx.getWorkflowSettings().executionTimeout);
	return Number.isFinite(seconds) && seconds > 0 ? seconds * 1_000 : CEILING_MS;
}

/** One lead's run: what `finish` names, so that a stale run never ends a later run's entry. */
export interface Flight {
	readonly eventId: string;
	readonly at: number;
}

export class LeadsInFlight {
	/** Oldest first: a lead is started only when it is not in flight, so each is appended. */
	private readonly running = new Map<string, Flight>();

	/** The leads in flight at `now`; those started more than `boundMs` before are forgotten. */
	size(now: number, boundMs: number): number {
		for (const [eventId, flight] of this.running) {
			if (now - flight.at <= boundMs) break;
			this.running.delete(eventId);
		}
		return this.running.size;
	}

	/** Call `size` first, at the same instant, to forget the stale. */
	has(eventId: string): boolean {
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

/** Whether `end` was given a body: a chunk that is neither absent nor empty. */
function carriesBody(chunk: unknown): boolean {
	if (chunk === undefined || chunk === null || typeof chunk === 'function') return false;
	return (chunk as { length?: number }).length !== 0;
}

/**
 * Calls `ended` once, when n8n ends the answer after the workflow. Succeeded: a status below 400
 * and no body. The trigger asks n8n for no body ("noData"), which n8n 2.41 sends for a run whose
 * last node finished; it answers 500 for a failed run, and 200 with a message for a run that did
 * not finish its workflow ("Workflow executed successfully but no data was returned" when the run
 * had no result: a workflow with issues; "... the last node did not return any data").
 * Not the response's 'finish' event: after the portal hung up, n8n still runs the workflow to the
 * end and then ends a response that emits no 'finish'.
 */
export function whenEnded(response: ResponseObject, ended: (succeeded: boolean) => void): void {
	let done = false;
	const end = response.end.bind(response) as (...args: unknown[]) => ResponseObject;
	response.end = ((...args: unknown[]) => {
		if (!done) {
			done = true;
			ended(response.statusCode < 400 && !carriesBody(args[0]));
		}
		return end(...args);
	}) as ResponseObject['end'];
}
