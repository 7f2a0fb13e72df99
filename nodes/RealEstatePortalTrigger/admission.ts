/**
 * Admission of leads answered after the workflow (Respond "When Last Node Finishes"): the portal
 * waits about 1.5 s for an answer (docs/portal-api.md#callbacks) and sends a failed delivery again.
 * A lead is started only when this process can finish it within that time; otherwise it is answered
 * at once with 503 and a Retry-After, and taken when the portal sends it again. A repeat of a lead
 * still running here is answered the same way instead of being run a second time.
 *
 * How many leads fit is estimated from the recent executions of this trigger in this process: each
 * finished lead tells how long it took with how many beside it, i.e. what one lead costs when
 * leads share n8n; the answer time divided by that cost is how many may be in flight.
 */
import type { IWebhookFunctions, Logger } from 'n8n-workflow';

import { FinishedUnheard, LeadsInFlight, whenAnswered, type FinishedLead } from './inFlight';

/**
 * The part of the portal's 1.5 s a lead's execution may take: n8n reads the request and loads the
 * workflow before webhook(), and a busy machine slows both.
 */
export const EXECUTION_BUDGET_MS = 750;
/** Before any lead finished here (a fresh start, a restart's backlog): the first ones tell the cost. */
export const FIRST_LIMIT = 4;
/** How many finished leads the estimate is made of. */
const SAMPLES_KEPT = 20;
/** A deferred lead is told to come back in at least this many seconds (Retry-After counts whole seconds). */
const MIN_RETRY_AFTER_S = 1;
/** The log says at most this often that leads are being deferred. */
export const LOG_EVERY_MS = 10_000;

export type Verdict =
	| { admitted: true; finish: (now: number, succeeded: boolean) => void; hungUp: () => void }
	| { admitted: false; reason: 'running' | 'busy'; retryAfterSeconds: number }
	| { admitted: false; reason: 'finishedUnheard' };

/** One trigger's admission in this process. */
export class Admission {
	private readonly inFlight = new LeadsInFlight();
	private readonly unheard = new FinishedUnheard();
	/** Milliseconds of execution per lead, when leads share n8n (duration / concurrency). */
	private readonly costs: number[] = [];
	/** When the next deferred lead is asked to come back: deferred leads are spread at n8n's pace. */
	private nextSlotAt = 0;
	/**
	 * Lowered when a lead this process started took longer than the budget or the portal hung up on
	 * it (the estimate missed what n8n does around the execution, or the machine got slower):
	 * halved, then grown back by one per lead finished in time.
	 */
	private slowCap = Number.POSITIVE_INFINITY;
	/** Bumped by each cut: leads started before a cut do not cut again (one halving per wave). */
	private cuts = 0;
	private startedSinceCut = 0;
	private deferredSinceLog = { busy: 0, running: 0 };
	private lastLogAt = Number.NEGATIVE_INFINITY;

	/** Ms of execution one lead costs here, or undefined before any lead finished. */
	costPerLeadMs(): number | undefined {
		if (this.costs.length === 0) return undefined;
		const sorted = [...this.costs].sort((a, b) => a - b);
		return sorted[Math.floor(sorted.length / 2)];
	}

	/** How many leads may be in flight: the user's bound, else what fits in the execution budget. */
	limit(maxInFlight: number | null): number {
		if (maxInFlight !== null) return maxInFlight;
		return Math.max(1, Math.min(this.estimate(), Math.floor(this.slowCap)));
	}

	/** How many leads' execution fits in the budget, by the recent cost per lead. */
	private estimate(): number {
		const cost = this.costPerLeadMs();
		return cost === undefined ? FIRST_LIMIT : Math.floor(EXECUTION_BUDGET_MS / Math.max(cost, 1));
	}

	get inFlightCount(): number {
		return this.inFlight.size;
	}

	decide(eventId: string, now: number, maxInFlight: number | null): Verdict {
		if (this.unheard.take(eventId)) return { admitted: false, reason: 'finishedUnheard' };
		if (this.inFlight.has(eventId, now)) {
			this.deferredSinceLog.running++;
			return { admitted: false, reason: 'running', retryAfterSeconds: this.secondsUntilDrained() };
		}
		const limit = this.limit(maxInFlight);
		if (this.inFlight.size >= limit) {
			this.deferredSinceLog.busy++;
			return { admitted: false, reason: 'busy', retryAfterSeconds: this.nextSlot(now) };
		}
		this.inFlight.start(eventId, now);
		this.startedSinceCut++;
		let hungUp = false;
		const cutsAtStart = this.cuts;
		const slow = () => this.cutOnce(cutsAtStart);
		return {
			admitted: true,
			finish: (at, succeeded) => {
				const finished = this.inFlight.finish(eventId, at);
				if (hungUp && succeeded) this.unheard.add(eventId);
				if (!finished) return;
				this.learn(finished);
				if (finished.durationMs > EXECUTION_BUDGET_MS) slow();
				else if (!hungUp && Number.isFinite(this.slowCap)) this.slowCap += 1;
			},
			hungUp: () => {
				hungUp = true;
				slow();
			},
		};
	}

	/**
	 * A delivery the portal had already hung up on when the node got it: n8n is so busy reading
	 * requests that answers come too late, whatever runs. Fewer leads in flight leave it more time.
	 */
	arrivedTooLate(): void {
		// Once until more leads are started: a wave of late deliveries is one signal.
		if (this.startedSinceCut > 0) this.cutOnce(this.cuts);
	}

	private cutOnce(cutsAtStart: number) {
		if (cutsAtStart !== this.cuts) return;
		this.cuts++;
		this.startedSinceCut = 0;
		this.slowCap = Math.max(1, Math.min(this.slowCap, this.inFlight.size) / 2);
	}

	/** The deferral counts to log, once per LOG_EVERY_MS, or undefined when there is nothing to say yet. */
	deferralsToLog(now: number): { busy: number; running: number; sinceMs: number } | undefined {
		const { busy, running } = this.deferredSinceLog;
		if (busy + running === 0 || now - this.lastLogAt < LOG_EVERY_MS) return undefined;
		const sinceMs = Number.isFinite(this.lastLogAt) ? now - this.lastLogAt : 0;
		this.lastLogAt = now;
		this.deferredSinceLog = { busy: 0, running: 0 };
		return { busy, running, sinceMs };
	}

	private learn({ durationMs, concurrency }: FinishedLead) {
		this.costs.push(durationMs / Math.max(concurrency, 1));
		if (this.costs.length > SAMPLES_KEPT) this.costs.shift();
	}

	private costOrBudget(): number {
		return this.costPerLeadMs() ?? EXECUTION_BUDGET_MS / FIRST_LIMIT;
	}

	/** Seconds until the leads in flight now are done. */
	private secondsUntilDrained(): number {
		const ms = this.inFlight.size * this.costOrBudget();
		return Math.max(MIN_RETRY_AFTER_S, Math.ceil(ms / 1_000));
	}

	/**
	 * Each deferred lead is given its own place after the leads in flight and those deferred before
	 * it: a portal that honours Retry-After sends them back at n8n's pace
	 * instead of all at once. One that does not retries on its own schedule; they are deferred again.
	 */
	private nextSlot(now: number): number {
		const cost = this.costOrBudget();
		const drained = Math.max(this.inFlight.size * cost, MIN_RETRY_AFTER_S * 1_000);
		const slotAt = Math.max(this.nextSlotAt, now + drained);
		// What fits in flight, a second: each second's leads come back together. Not lowered by a
		// cut after hang-ups, which lasts less than the deferred leads are away.
		this.nextSlotAt = slotAt + Math.max(cost, 1_000 / Math.max(1, this.estimate()));
		// Rounded down: the leads of one second come back together, as many as fit in flight.
		return Math.max(MIN_RETRY_AFTER_S, Math.floor((slotAt - now) / 1_000 + 1e-9));
	}
}

const MAX_TRIGGERS_IN_PROCESS = 100;
const admissions = new Map<string, Admission>();

/** The admission of one trigger node of one workflow in this process. */
export function admissionOf(scope: string): Admission {
	let admission = admissions.get(scope);
	if (!admission) {
		admission = new Admission();
		admissions.set(scope, admission);
		if (admissions.size > MAX_TRIGGERS_IN_PROCESS)
			admissions.delete(admissions.keys().next().value!);
	}
	return admission;
}

function logDeferrals(admission: Admission, logger: Logger, now: number, limit: number) {
	const counts = admission.deferralsToLog(now);
	if (!counts) return;
	const since = counts.sinceMs > 0 ? ` in the last ${Math.round(counts.sinceMs / 1_000)} s` : '';
	const running =
		counts.running > 0 ? `, ${counts.running} repeat(s) of leads still running answered 503` : '';
	logger.warn(
		`Real Estate Portal Trigger: n8n is busy, ${counts.busy} lead(s) deferred${since}${running}: ` +
			`answered 503 with Retry-After, the portal sends them again. ` +
			`${admission.inFlightCount} in flight, room for ${limit} at a time (option Max Leads In Flight).`,
	);
}

/**
 * Starts the lead (true), or answers its delivery 503 with Retry-After at once (false; n8n must
 * then send nothing: `noWebhookResponse`). `maxInFlight` null: the automatic bound.
 */
export function admitLead(
	ctx: IWebhookFunctions,
	eventId: string,
	maxInFlight: number | null,
): boolean {
	// Per workflow, node and URL: the test URL's leads and the production URL's are counted apart.
	const node = ctx.getNode();
	const admission = admissionOf(
		[ctx.getWorkflow().id, node.id ?? node.name, ctx.getNodeWebhookUrl('default')].join(' '),
	);
	const now = Date.now();
	const response = ctx.getResponseObject();
	if (ctx.getRequestObject().socket?.destroyed) admission.arrivedTooLate();
	const verdict = admission.decide(eventId, now, maxInFlight);
	if (verdict.admitted) {
		whenAnswered(response, {
			ended: (succeeded) => verdict.finish(Date.now(), succeeded),
			hungUp: verdict.hungUp,
		});
		return true;
	}
	if (verdict.reason === 'finishedUnheard') {
		response.status(200).json({
			received: true,
			ignored: `event ${eventId} was processed after the portal stopped waiting`,
		});
		return false;
	}
	const message =
		verdict.reason === 'running'
			? `Event ${eventId} is still being processed; send it again later`
			: 'Busy: this lead will be processed when it is sent again';
	response
		.status(503)
		.set('Retry-After', String(verdict.retryAfterSeconds))
		.json({ message, retryAfterSeconds: verdict.retryAfterSeconds });
	logDeferrals(admission, ctx.logger, now, admission.limit(maxInFlight));
	return false;
}
