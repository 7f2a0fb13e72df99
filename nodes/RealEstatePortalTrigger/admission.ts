/**
 * Admission of leads answered after the workflow (Respond "When Last Node Finishes"). What holds:
 *
 * - A repeat of a lead whose workflow is running here is answered 503 with Retry-After, never run
 *   beside it: the portal sends it again, and by then the first run's outcome decides.
 * - A lead whose workflow succeeded here is answered 200 on any later delivery without running
 *   again: the portal sends a lead again when it did not hear the answer, and whether it heard
 *   cannot be told from behind a proxy.
 * - Beyond the user's Max Leads In Flight, a lead is answered 503 with Retry-After at once.
 *
 * Nothing else: how many requests reach n8n at once is the door's business (a proxy in front of
 * n8n, docs/deployment.md), and a lead the callback misses comes from the lead list.
 */
import type { IWebhookFunctions, Logger } from 'n8n-workflow';

import {
	LeadsInFlight,
	SucceededLeads,
	whenEnded,
	type Flight,
	type ResponseObject,
} from './inFlight';

/** Seconds a lead answered 503 is asked to wait: a lead's run is usually over by then. */
export const RETRY_AFTER_S = 2;
/** The log says at most this often that leads were answered 503. */
export const LOG_EVERY_MS = 10_000;

export type Verdict =
	| { admitted: true; flight: Flight }
	| { admitted: false; reason: 'running' | 'busy' | 'succeeded' };

/** One trigger's memories in this process. */
export class Admission {
	private readonly inFlight = new LeadsInFlight();
	private readonly succeeded = new SucceededLeads();
	private answered = { running: 0, busy: 0 };
	private lastLogAt = Number.NEGATIVE_INFINITY;

	get inFlightCount(): number {
		return this.inFlight.size;
	}

	/** `maxInFlight` null: no cap. */
	decide(eventId: string, now: number, maxInFlight: number | null): Verdict {
		if (this.succeeded.has(eventId)) return { admitted: false, reason: 'succeeded' };
		if (this.inFlight.has(eventId, now)) return this.deferred('running');
		if (maxInFlight !== null && this.inFlight.size >= maxInFlight) return this.deferred('busy');
		return { admitted: true, flight: this.inFlight.start(eventId, now) };
	}

	/** The run ended, and whether its workflow succeeded. */
	finish(flight: Flight, succeeded: boolean): void {
		this.inFlight.finish(flight);
		if (succeeded) this.succeeded.add(flight.eventId);
	}

	private deferred(reason: 'running' | 'busy'): Verdict {
		this.answered[reason]++;
		return { admitted: false, reason };
	}

	/** What to log of the leads answered 503 since the last time, at most once per LOG_EVERY_MS. */
	deferralsToLog(now: number): { running: number; busy: number } | undefined {
		const { running, busy } = this.answered;
		if (running + busy === 0 || now - this.lastLogAt < LOG_EVERY_MS) return undefined;
		this.lastLogAt = now;
		this.answered = { running: 0, busy: 0 };
		return { running, busy };
	}
}

const MAX_TRIGGERS_IN_PROCESS = 100;
/** In order of last use: the least recently used trigger is the first key, forgotten first. */
const admissions = new Map<string, Admission>();

/** The admission of one trigger node of one workflow in this process. */
export function admissionOf(scope: string): Admission {
	const admission = admissions.get(scope) ?? new Admission();
	admissions.delete(scope);
	admissions.set(scope, admission);
	if (admissions.size > MAX_TRIGGERS_IN_PROCESS) admissions.delete(admissions.keys().next().value!);
	return admission;
}

function logDeferrals(admission: Admission, logger: Logger, maxInFlight: number | null) {
	const counts = admission.deferralsToLog(Date.now());
	if (!counts) return;
	const what = [
		counts.running > 0 && `${counts.running} repeat(s) of leads still running`,
		counts.busy > 0 && `${counts.busy} lead(s) beyond Max Leads In Flight (${maxInFlight})`,
	].filter(Boolean);
	logger.info(
		`Real Estate Portal Trigger: answered ${what.join(' and ')} with 503 and Retry-After; the portal sends them again.`,
	);
}

function answerLater(response: ResponseObject, message: string) {
	response
		.status(503)
		.set('Retry-After', String(RETRY_AFTER_S))
		.json({ message, retryAfterSeconds: RETRY_AFTER_S });
}

/**
 * Starts the lead (true), or answers its delivery now (false; n8n must then send nothing:
 * `noWebhookResponse`). `maxInFlight` null: no cap.
 */
export function admitLead(
	ctx: IWebhookFunctions,
	eventId: string,
	maxInFlight: number | null,
): boolean {
	// Per workflow, node and URL: the test URL's leads and the production URL's are apart.
	const node = ctx.getNode();
	const admission = admissionOf(
		[ctx.getWorkflow().id, node.id ?? node.name, ctx.getNodeWebhookUrl('default')].join(' '),
	);
	const response = ctx.getResponseObject();
	const verdict = admission.decide(eventId, Date.now(), maxInFlight);
	if (verdict.admitted) {
		whenEnded(response, (succeeded) => admission.finish(verdict.flight, succeeded));
		return true;
	}
	if (verdict.reason === 'succeeded') {
		response
			.status(200)
			.json({ received: true, ignored: `event ${eventId} was processed already` });
		return false;
	}
	answerLater(
		response,
		verdict.reason === 'running'
			? `Event ${eventId} is still being processed; send it again later`
			: 'Busy: this lead will be processed when it is sent again',
	);
	logDeferrals(admission, ctx.logger, maxInFlight);
	return false;
}
