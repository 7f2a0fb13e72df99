/**
 * The leads this n8n process is working on for one trigger (Respond "When Last Node Finishes"): a
 * lead is in flight from the moment webhook() starts its execution until n8n ends the portal's
 * answer, which it does once the workflow finished, even when the portal hung up before.
 */
import { sleep, type IWebhookFunctions } from 'n8n-workflow';

export type ResponseObject = ReturnType<IWebhookFunctions['getResponseObject']>;

/**
 * An entry n8n never ended is forgotten after this: n8n answers every execution it started
 * (a failed one with 500), so only a lost process leaves one behind, and a repeat must then run.
 */
export const FORGOTTEN_AFTER_MS = 5 * 60_000;

/** A lead answered 503 is told to come back in at least this many seconds (Retry-After counts whole seconds). */
export const MIN_RETRY_AFTER_S = 1;

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

	/** The most leads in flight since this one started (itself included); the count now if it is not. */
	concurrencyOf(eventId: string): number {
		return this.started.get(eventId)?.concurrency ?? this.started.size;
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

/** How many leads finished unheard are remembered, the newest. */
const UNHEARD_KEPT = 1_000;

/**
 * Leads whose workflow succeeded after the portal had hung up: the portal never heard the success
 * and sends the lead again. That delivery is answered 200 at once instead of running the workflow
 * a second time (issue 27: the retry of a timed-out delivery ran the workflow again).
 */
export class FinishedUnheard {
	private readonly ids = new Set<string>();

	add(eventId: string): void {
		this.ids.add(eventId);
		if (this.ids.size > UNHEARD_KEPT) this.ids.delete(this.ids.values().next().value!);
	}

	/** Whether the lead finished unheard; the portal hears it now, so it is forgotten. */
	take(eventId: string): boolean {
		return this.ids.delete(eventId);
	}
}

/**
 * What n8n 2.41.1 answers, with 200, a webhook that responds when the last node finishes when the
 * execution ended without any run data (its `webhook-helpers.js`): the workflow did not run
 * through, and the lead may have no row. Such an answer is not a delivery.
 */
const NO_RUN_DATA = 'Workflow executed successfully but no data was returned';
/** Sent instead, with 503: the portal sends the lead again. ASCII: its length is its byte length. */
const NOT_RUN_BODY = JSON.stringify({
	message: 'The workflow ended without running through; send this lead again',
});

const ranWithoutData = (args: unknown[]) => String(args[0] ?? '').includes(NO_RUN_DATA);

/** Turns n8n's 200 for an execution without run data into a 503, before anything is sent. */
function notRunThrough(response: ResponseObject, args: unknown[]): unknown[] | undefined {
	if (response.statusCode >= 300 || response.headersSent || !ranWithoutData(args)) return undefined;
	response.statusCode = 503;
	response.setHeader('Content-Type', 'application/json; charset=utf-8');
	response.setHeader('Content-Length', String(NOT_RUN_BODY.length));
	response.setHeader('Retry-After', String(MIN_RETRY_AFTER_S));
	return [NOT_RUN_BODY];
}

/**
 * Once the node has answered the portal itself, n8n's own answer at the workflow's end goes
 * nowhere. n8n does not look whether an answer went out already, and Node throws when headers are
 * set after they were sent.
 */
function silence(response: ResponseObject): void {
	const itself = () => response;
	response.setHeader = itself as unknown as ResponseObject['setHeader'];
	response.setHeaders = itself as unknown as ResponseObject['setHeaders'];
	response.removeHeader = () => undefined;
	response.writeHead = itself as unknown as ResponseObject['writeHead'];
	response.write = () => true;
}

export interface Answering {
	/** n8n ended the answer: the workflow finished (succeeded or not). */
	ended: (succeeded: boolean) => void;
	/** The portal closed the connection before anything was answered (its answer time passed). */
	hungUp: () => void;
	notRunThrough?: () => void;
	/**
	 * When the workflow has not finished `afterMs` from now, `answer` may answer the portal itself
	 * (before it hangs up; true when it did): the workflow goes on, and `ended` still tells how it
	 * finished.
	 */
	stillRunning?: { afterMs: number; answer: () => boolean };
}

/**
 * Calls `ended` once, when n8n ends the answer, and `hungUp` when the portal closed the connection
 * before that (its answer time passed). Not the response's 'finish' event alone: after the portal
 * hung up, n8n still runs the workflow to the end and then ends a response that emits no 'finish',
 * and the lead is in flight until then.
 */
export function whenAnswered(response: ResponseObject, on: Answering): void {
	let ended = false;
	/** The node answered the portal before the workflow finished. */
	let answeredEarly = false;
	let answering = false;
	let sentStatus = 0;
	// Aborted once there is nothing left to answer: n8n ended the answer, or the portal hung up.
	const answerTime = new AbortController();
	const end = response.end.bind(response) as (...args: unknown[]) => ResponseObject;
	response.end = ((...args: unknown[]) => {
		if (answering) return end(...args);
		if (ended) return answeredEarly ? response : end(...args);
		ended = true;
		answerTime.abort();
		if (answeredEarly) {
			on.ended(response.statusCode < 400 && !ranWithoutData(args));
			// What went out, for whatever reads the response afterwards.
			response.statusCode = sentStatus;
			return response;
		}
		const instead = notRunThrough(response, args);
		if (instead !== undefined) on.notRunThrough?.();
		// n8n answers a failed workflow with 500.
		on.ended(instead === undefined && response.statusCode < 400);
		return end(...(instead ?? args));
	}) as ResponseObject['end'];
	response.once('close', () => {
		answerTime.abort();
		if (!ended && !answeredEarly) on.hungUp();
	});
	if (!on.stillRunning) return;
	const { afterMs, answer } = on.stillRunning;
	const answerStillRunning = () => {
		// Ended or hung up on meanwhile (between the wait's end and this call).
		if (answerTime.signal.aborted || response.headersSent) return;
		answering = true;
		try {
			answeredEarly = answer();
		} finally {
			answering = false;
		}
		if (!answeredEarly) return;
		sentStatus = response.statusCode;
		silence(response);
	};
	void sleep(afterMs, answerTime.signal).then(answerStillRunning, () => undefined);
}
