/**
 * Whether a delivery runs the workflow. What holds, per trigger in this n8n process:
 *
 * - A delivery without the right secret is answered 401; n8n's log says so, at most one line a
 *   minute with the counts (a callback whose secret the trigger no longer accepts shows there),
 *   never a header's value.
 * - A lead already done here (doneLeads.ts: emitted, or its workflow succeeded, within 72 hours)
 *   is answered 200 without running again, whatever Respond says: the portal sends a lead again
 *   when it did not hear the answer, whether it heard cannot be told from behind a proxy, and it
 *   sends duplicates. Every answer saying a lead is done (that one, an immediate answer, a
 *   succeeded run's) carries LEAD_DONE_HEADER, for the door to answer the lead's repeats itself.
 * - Answered after the workflow (Respond "When Last Node Finishes"): a repeat of a lead whose
 *   workflow is running here is answered 503 with Retry-After, never run beside it (by the portal's
 *   next delivery the first run's outcome decides); beyond the user's Max Leads In Flight, a lead
 *   is answered 503 with Retry-After at once; a run that never ends holds its place only for a
 *   bound (inFlight.ts).
 *
 * Nothing else: how many requests reach n8n at once is the door's business (a proxy in front of
 * n8n, docs/deployment.md), and a lead the callback misses comes from the lead list.
 */
import type { IWebhookFunctions, Logger } from 'n8n-workflow';

import { LEAD_DONE_HEADER, doneLeads, type DoneLeads } from './doneLeads';
import {
	LeadsInFlight,
	inFlightBoundOf,
	whenEnded,
	type Flight,
	type ResponseObject,
} from './inFlight';
import { maxLeadsInFlightOf } from './properties';
import { Tally } from './tally';
import { SECRET_HEADER } from './verify';

/** Seconds a lead answered 503 is asked to wait: a lead's run is usually over by then. */
export const RETRY_AFTER_S = 2;
/** The log says at most this often that leads were answered 503. */
export const LOG_EVERY_MS = 10_000;
/** The log says at most this often that deliveries were answered 401. */
export const REFUSALS_LOG_EVERY_MS = 60_000;

/** Answered after the workflow: the user's cap (null: none) and how long a silent run holds its place. */
export interface AfterWorkflow {
	maxInFlight: number | null;
	boundMs: number;
}

export type Verdict =
	| { admitted: true; flight?: Flight }
	| { admitted: false; reason: 'running' | 'busy' | 'done' };

/** One trigger's leads in this process. */
export class Admission {
	private readonly inFlight = new LeadsInFlight();
	readonly deferrals = new Tally<'running' | 'busy'>(LOG_EVERY_MS);
	readonly refusals = new Tally<'wrong' | 'missing'>(REFUSALS_LOG_EVERY_MS);

	constructor(
		private readonly scope: string,
		private readonly done: DoneLeads = doneLeads,
	) {}

	/** `after` undefined: the portal is answered at once, and the lead is done once emitted. */
	decide(eventId: string, now: number, after?: AfterWorkflow): Verdict {
		if (this.done.isDone(this.scope, eventId, now)) return { admitted: false, reason: 'done' };
		if (!after) {
			this.done.markDone(this.scope, eventId, now);
			return { admitted: true };
		}
		const running = this.inFlight.size(now, after.boundMs);
		if (this.inFlight.has(eventId)) return this.deferred('running');
		if (after.maxInFlight !== null && running >= after.maxInFlight) return this.deferred('busy');
		return { admitted: true, flight: this.inFlight.start(eventId, now) };
	}

	/** The run ended, and whether its workflow succeeded. */
	finish(flight: Flight, succeeded: boolean, now: number): void {
		this.inFlight.finish(flight);
		if (succeeded) this.done.markDone(this.scope, flight.eventId, now);
	}

	private deferred(reason: 'running' | 'busy'): Verdict {
		this.deferrals.add(reason);
		return { admitted: false, reason };
	}
}

const MAX_TRIGGERS_IN_PROCESS = 100;
/** In order of last use: the least recently used trigger is the first key, forgotten first. */
const admissions = new Map<string, Admission>();

/** The admission of one trigger node of one workflow in this process. */
export function admissionOf(scope: string): Admission {
	const admission = admissions.get(scope) ?? new Admission(scope);
	admissions.delete(scope);
	admissions.set(scope, admission);
	if (admissions.size > MAX_TRIGGERS_IN_PROCESS) admissions.delete(admissions.keys().next().value!);
	return admission;
}

function logDeferrals(admission: Admission, logger: Logger, maxInFlight: number | null) {
	const counts = admission.deferrals.due(Date.now());
	if (!counts) return;
	const what = [
		counts.running && `${counts.running} repeat(s) of leads still running`,
		counts.busy && `${counts.busy} lead(s) beyond Max Leads In Flight (${maxInFlight})`,
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

/** Marks the answer about to be sent as "this lead is done" (doneLeads.ts, LEAD_DONE_HEADER). */
function sayDone(response: ResponseObject) {
	if (!response.headersSent) response.setHeader(LEAD_DONE_HEADER, '1');
}

/** Per workflow, node and URL: the test URL's leads and the production URL's are apart. */
function admissionIn(ctx: IWebhookFunctions): Admission {
	const node = ctx.getNode();
	const url = ctx.getNodeWebhookUrl('default');
	return admissionOf([ctx.getWorkflow().id, node.id ?? node.name, url].join(' '));
}

/**
 * Answers a delivery without the right secret (`given`: the header's value, if any) 401. The door's
 * readiness check (`probe`, without a secret) is answered so too, and the log says nothing of it.
 */
export function refuseDelivery(
	ctx: IWebhookFunctions,
	given: string | undefined,
	probe = false,
): void {
	if (probe && given === undefined) {
		ctx
			.getResponseObject()
			.status(401)
			.json({ message: 'Readiness check: this trigger is active' });
		return;
	}
	const { refusals } = admissionIn(ctx);
	refusals.add(given ? 'wrong' : 'missing');
	ctx
		.getResponseObject()
		.status(401)
		.json({ message: `Missing or wrong ${SECRET_HEADER} header` });
	const counts = refusals.due(Date.now());
	if (!counts) return;
	const what = [
		counts.wrong && `${counts.wrong} with a wrong ${SECRET_HEADER} header`,
		counts.missing && `${counts.missing} without it`,
	].filter(Boolean);
	ctx.logger.warn(
		`Real Estate Portal Trigger: answered 401 to deliveries at ${ctx.getNodeWebhookUrl('default')}: ${what.join(', ')} (at most one such line a minute). If they are the portal's, its callback carries a secret this workflow does not accept: publish the workflow again.`,
	);
}

/** Starts the lead (true), or answers its delivery now (false; n8n must then send nothing: `noWebhookResponse`). */
export function admitLead(ctx: IWebhookFunctions, eventId: string): boolean {
	const admission = admissionIn(ctx);
	const maxInFlight = maxLeadsInFlightOf(ctx);
	const after =
		maxInFlight === undefined ? undefined : { maxInFlight, boundMs: inFlightBoundOf(ctx) };
	const response = ctx.getResponseObject();
	const verdict = admission.decide(eventId, Date.now(), after);
	doneLeads.sayWhenFull(ctx.logger, Date.now());
	if (verdict.admitted) {
		const { flight } = verdict;
		if (!flight) sayDone(response);
		else
			whenEnded(response, (succeeded) => {
				admission.finish(flight, succeeded, Date.now());
				if (succeeded) sayDone(response);
			});
		return true;
	}
	if (verdict.reason === 'done') {
		sayDone(response);
		response.status(200).json({ received: true, ignored: `duplicate of event ${eventId}` });
		return false;
	}
	answerLater(
		response,
		verdict.reason === 'running'
			? `Event ${eventId} is still being processed; send it again later`
			: 'Busy: this lead will be processed when it is sent again',
	);
	logDeferrals(admission, ctx.logger, maxInFlight ?? null);
	return false;
}
