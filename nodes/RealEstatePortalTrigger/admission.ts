/**
 * Admission of leads answered after the workflow (Respond "When Last Node Finishes"): the portal
 * waits about 1.5 s for an answer (docs/portal-api.md#callbacks) and sends a failed delivery again.
 * A lead is started only while fewer than the bound are in flight; otherwise it waits for room while
 * it can still be answered in time, or is answered at once with 503 and a Retry-After, and taken
 * when the portal sends it again. A repeat of a lead still running or waiting here is answered the
 * same way instead of being run a second time.
 *
 * The bound is learnt from how this trigger's leads were answered in this process, as a network
 * learns its window: it grows while leads are answered before the portal hangs up and the bound was
 * reached, and halves when the portal hangs up. What a lead costs alone says nothing about how many
 * fit: a lead that waits on a database, a queue-mode worker or another service costs little of n8n.
 */
import { sleep, type IWebhookFunctions, type Logger } from 'n8n-workflow';

import { DeferredLine } from './deferredLine';
import {
	FinishedUnheard,
	LeadsInFlight,
	MIN_RETRY_AFTER_S,
	whenAnswered,
	type FinishedLead,
	type ResponseObject,
} from './inFlight';
import { RecentArrivals, WaitingRoom } from './waitingRoom';

/** Before any lead finished here (a fresh start, a restart's backlog): the first ones tell whether more fit. */
export const FIRST_LIMIT = 4;
/** What a lead is taken to cost, to pace deferred leads, before one finished here. */
const FIRST_COST_MS = 200;
/** How many finished leads the pace of deferred leads is taken from. */
const SAMPLES_KEPT = 20;
/**
 * A lead waits for room only while the leads ahead of it and itself fit in this much of n8n's
 * time: the portal waits about 1.5 s, and n8n's own reading and answering of the request come on top.
 */
const WAIT_BUDGET_MS = 1_000;
/**
 * A lead still running this long after its delivery reached the node while n8n read a burst, of a
 * workflow that usually finishes in under half this time, is answered 503 with Retry-After before
 * the portal hangs up (about 1.5 s): it goes on, and its success is answered 200 on the portal's
 * next try. n8n reads a burst's requests up to 400 ms before the node gets them. The leads started
 * as a burst came finished late and timed out (docs/benchmarks.md, lead-burst, seventh run).
 */
export const ANSWER_WITHIN_MS = 1_100;
/** The log says at most this often that leads are being deferred. */
export const LOG_EVERY_MS = 10_000;

/** What the log says of leads since it last spoke: deferred, repeats answered, unheard. */
interface Deferrals {
	busy: number;
	running: number;
	hungUp: number;
	stillRunning: number;
}
const noDeferrals = (): Deferrals => ({ busy: 0, running: 0, hungUp: 0, stillRunning: 0 });

/** What becomes of a delivery: started, or answered at once. */
export type Decided =
	| {
			admitted: true;
			finish: (now: number, succeeded: boolean) => void;
			hungUp: () => void;
			/**
			 * The lead still runs as the portal's answer time nears: the Retry-After to answer it
			 * now with, or undefined when it is left to finish (a slow workflow, or no burst).
			 */
			answeredEarly: (now: number) => number | undefined;
	  }
	| { admitted: false; reason: 'running' | 'busy'; retryAfterSeconds: number }
	| { admitted: false; reason: 'finishedUnheard' };
/** Or it waits for room: `turn` tells what became of it. */
export type Verdict =
	| Decided
	| { admitted: false; reason: 'waiting'; turn: Promise<Decided>; giveUpAfterMs: number };

/** One trigger's admission in this process. */
export class Admission {
	private readonly inFlight = new LeadsInFlight();
	private readonly unheard = new FinishedUnheard();
	/** The latest leads answered in time: how long each took, beside how many. */
	private readonly answered: FinishedLead[] = [];
	/** The deferred leads still to come back: deferred leads are spread at n8n's pace. */
	private readonly line = new DeferredLine();
	private readonly room = new WaitingRoom<Decided>();
	// Asked about over a lead's flight until it is answered early (a late timer included), and
	// over the last second.
	private readonly arrivals = new RecentArrivals(2 * ANSWER_WITHIN_MS);
	/**
	 * How many leads may be in flight. Until the portal first hangs up it doubles each round (one
	 * more per lead answered with the bound reached); after that it grows by one a round.
	 */
	private bound = FIRST_LIMIT;
	/** Bumped by each cut: leads started before a cut do not cut again (one halving per wave). */
	private cuts = 0;
	private startedSinceCut = 0;
	private sinceLog = noDeferrals();
	private lastLogAt = Number.NEGATIVE_INFINITY;

	/** Ms of execution one lead costs here, or undefined before any lead finished. */
	costPerLeadMs(): number | undefined {
		return median(this.answered.map((lead) => lead.durationMs / Math.max(lead.concurrency, 1)));
	}

	/** How many leads may be in flight: the user's bound, else the learnt one. */
	limit(maxInFlight: number | null): number {
		return maxInFlight ?? Math.max(1, Math.floor(this.bound));
	}

	get inFlightCount(): number {
		return this.inFlight.size;
	}

	/**
	 * `listened`: false when the portal had hung up before the node got the delivery (n8n read it
	 * too late); such a lead, started, is answered on the portal's next try. `mayWait`: whether the
	 * caller can hold the delivery for room (a `waiting` verdict) rather than have it deferred.
	 */
	decide(
		eventId: string,
		now: number,
		maxInFlight: number | null,
		{ listened = true, mayWait = false } = {},
	): Verdict {
		this.arrivals.arrive(now);
		if (this.unheard.take(eventId)) return { admitted: false, reason: 'finishedUnheard' };
		if (this.inFlight.has(eventId, now) || this.room.has(eventId)) {
			this.sinceLog.running++;
			return { admitted: false, reason: 'running', retryAfterSeconds: this.secondsUntilDrained() };
		}
		const limit = this.limit(maxInFlight);
		if (this.inFlight.size < limit) return this.start(eventId, now, maxInFlight, listened);
		const giveUpAfterMs = mayWait ? this.timeToWait(limit, now) : 0;
		if (giveUpAfterMs > 0) {
			return { admitted: false, reason: 'waiting', turn: this.room.enter(eventId), giveUpAfterMs };
		}
		return this.busy(eventId, now);
	}

	/** Ends a lead's wait for room (its time to wait is up, or the portal hung up): it is deferred. */
	stopWaiting(eventId: string, now: number): void {
		this.room.leave(eventId, () => this.busy(eventId, now));
	}

	private busy(eventId: string, now: number): Decided {
		this.sinceLog.busy++;
		return { admitted: false, reason: 'busy', retryAfterSeconds: this.nextSlot(eventId, now) };
	}

	/**
	 * How long a lead may wait for room now, or 0 when the leads in flight and waiting ahead of it
	 * leave it no time: it must start early enough to finish beside a full bound of leads. None
	 * waits while n8n reads a burst: its deliveries reach the node up to a second late, and a lead
	 * waiting then was answered after the portal hung up (13 of a burst of 50, docs/benchmarks.md,
	 * lead-burst, sixth run).
	 */
	private timeToWait(limit: number, now: number): number {
		const cost = this.cost();
		if (this.readingBurst(now - 1_000, now)) return 0;
		if ((this.inFlight.size + this.room.size + 1) * cost > WAIT_BUDGET_MS) return 0;
		// At least one lead's cost: the bound is reached, so `limit` is at most the leads in flight.
		return WAIT_BUDGET_MS - limit * cost;
	}

	/**
	 * Whether n8n was reading a burst from `since` to `now`: more deliveries reached the node than
	 * twice the leads n8n finishes in that time. Reading them takes n8n's time from the leads in
	 * flight, and n8n hands the node a burst's deliveries late.
	 */
	private readingBurst(since: number, now: number): boolean {
		return this.arrivals.since(since) > (2 * (now - since)) / this.cost();
	}

	/** Whether this trigger's leads usually finish within half the time a lead is left running. */
	private quickByNature(): boolean {
		const typical = median(this.answered.map((lead) => lead.durationMs));
		return typical !== undefined && typical < ANSWER_WITHIN_MS / 2;
	}

	/** Room for the leads waiting longest, as leads in flight finish. */
	private handOn(now: number, maxInFlight: number | null) {
		while (this.inFlight.size < this.limit(maxInFlight)) {
			const next = this.room.oldest();
			if (!next) return;
			next.leave(this.start(next.eventId, now, maxInFlight, true));
		}
	}

	private start(
		eventId: string,
		now: number,
		maxInFlight: number | null,
		listened: boolean,
	): Decided {
		const limit = this.limit(maxInFlight);
		this.line.leave(eventId);
		this.inFlight.start(eventId, now);
		this.startedSinceCut++;
		// Not listened to: its response's 'close' has passed already (Node emits it once), so its
		// success is answered on the portal's next try.
		let hungUp = !listened;
		const cutsAtStart = this.cuts;
		// The portal will not hear this lead's outcome: too many were in flight beside it.
		const unheard = (count: 'hungUp' | 'stillRunning') => {
			if (hungUp) return;
			hungUp = true;
			this.sinceLog[count]++;
			this.cutOnce(cutsAtStart, this.inFlight.concurrencyOf(eventId));
		};
		return {
			admitted: true,
			finish: (at, succeeded) => {
				const finished = this.inFlight.finish(eventId, at);
				if (hungUp && succeeded) this.unheard.add(eventId);
				// One the portal hung up on timed n8n under a flood, not a lead: learnt, it slowed the
				// pace of deferred leads long after the flood (docs/benchmarks.md, fifth run, run B).
				if (finished && !hungUp) {
					this.learn(finished);
					this.grow(finished.concurrency, limit);
				}
				this.handOn(at, maxInFlight);
			},
			hungUp: () => unheard('hungUp'),
			answeredEarly: (at) => {
				// A lead of a workflow quick by nature, slowed by n8n's reading of a burst, will not
				// be answered in time. One of a slow workflow (queue mode: Redis and a worker; a slow
				// destination) may still be: answered early, such leads of a queue-mode run each took
				// a second delivery and halved the bound (docs/reliability.md, section 10).
				if (!this.quickByNature() || !this.readingBurst(now, at)) return undefined;
				unheard('stillRunning');
				return this.secondsUntilDrained();
			},
		};
	}

	/**
	 * A delivery the portal had already hung up on when the node got it: n8n is so busy reading
	 * requests that answers come too late, whatever runs. Fewer leads in flight leave it more time.
	 */
	arrivedTooLate(): void {
		this.sinceLog.hungUp++;
		// Once until more leads are started: a wave of late deliveries is one signal.
		if (this.startedSinceCut > 0) this.cutOnce(this.cuts, this.inFlight.size);
	}

	/** A lead answered in time: more may fit, if the bound it started under was reached meanwhile. */
	private grow(concurrency: number, limitAtStart: number) {
		if (concurrency < limitAtStart) return;
		this.bound += this.cuts === 0 ? 1 : 1 / limitAtStart;
	}

	/**
	 * Halves the bound, or what was in flight when it proved too many if that was fewer: a lead
	 * the portal hangs up on was started with those beside it, however many are left by then. A
	 * lead that ran alone throughout proves nothing about how many fit (a slow workflow, or n8n
	 * reading a burst of deliveries): fewer in flight would not have answered it sooner.
	 */
	private cutOnce(cutsAtStart: number, tooMany: number) {
		if (cutsAtStart !== this.cuts || tooMany <= 1) return;
		this.cuts++;
		this.startedSinceCut = 0;
		this.bound = Math.max(1, Math.min(this.bound, tooMany) / 2);
	}

	/** The deferral counts to log, once per LOG_EVERY_MS, or undefined when there is nothing to say yet. */
	deferralsToLog(now: number): (Deferrals & { sinceMs: number }) | undefined {
		const counts = this.sinceLog;
		if (counts.busy + counts.running + counts.stillRunning === 0) return undefined;
		if (now - this.lastLogAt < LOG_EVERY_MS) return undefined;
		const sinceMs = Number.isFinite(this.lastLogAt) ? now - this.lastLogAt : 0;
		this.lastLogAt = now;
		this.sinceLog = noDeferrals();
		return { ...counts, sinceMs };
	}

	private learn(lead: FinishedLead) {
		this.answered.push(lead);
		if (this.answered.length > SAMPLES_KEPT) this.answered.shift();
	}

	private cost(): number {
		return this.costPerLeadMs() ?? FIRST_COST_MS;
	}

	/** Seconds until the leads in flight now are done. */
	private secondsUntilDrained(): number {
		const ms = this.inFlight.size * this.cost();
		return Math.max(MIN_RETRY_AFTER_S, Math.ceil(ms / 1_000));
	}

	/**
	 * Each deferred lead is given its own place after the leads in flight and the leads still
	 * waiting to come back, one a lead's cost apart: a portal that honours Retry-After sends them
	 * back at the pace n8n finished leads, instead of all at once. One that does not retries on its
	 * own schedule; they are deferred again. Not a bound's worth a second: with the bound at its
	 * first 4 and a lead costing 150 ms, that left n8n idle a third of each second and drained a
	 * burst of 50 in 17 to 20 s instead of 13 to 14 s (docs/benchmarks.md, lead-burst, fifth run);
	 * the leads of one second that find the bound full are deferred again, to the end of the line.
	 */
	private nextSlot(eventId: string, now: number): number {
		const cost = this.cost();
		const drained = Math.max(this.inFlight.size * cost, MIN_RETRY_AFTER_S * 1_000);
		const slotAt = this.line.place(eventId, now, now + drained, cost);
		// Rounded down: the portal counts whole seconds, a place is not asked later than its time.
		return Math.max(MIN_RETRY_AFTER_S, Math.floor((slotAt - now) / 1_000 + 1e-9));
	}
}

function median(values: readonly number[]): number | undefined {
	if (values.length === 0) return undefined;
	return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
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
	const answered = [
		counts.busy > 0 && `${counts.busy} lead(s) deferred`,
		counts.running > 0 && `${counts.running} repeat(s) of leads still running`,
		counts.stillRunning > 0 &&
			`${counts.stillRunning} lead(s) still running ${ANSWER_WITHIN_MS / 1_000} s after they came`,
	].filter(Boolean);
	const hungUp =
		counts.hungUp > 0 ? ` The portal stopped waiting for ${counts.hungUp} lead(s) meanwhile.` : '';
	const goesOn =
		counts.stillRunning > 0
			? ' A lead answered while still running goes on; its next delivery is answered 200 without ' +
				'running it again.'
			: '';
	logger.warn(
		`Real Estate Portal Trigger: n8n is busy, ${answered.join(', ')}${since}: ` +
			`answered 503 with Retry-After, the portal sends them again.${hungUp}${goesOn} ` +
			`${admission.inFlightCount} in flight, room for ${limit} at a time (option Max Leads In Flight).`,
	);
}

/**
 * Starts the lead (true), or answers its delivery at once (false; n8n must then send nothing:
 * `noWebhookResponse`): 503 with Retry-After, or 200 for a lead that succeeded unheard.
 * `maxInFlight` null: the automatic bound.
 */
export async function admitLead(
	ctx: IWebhookFunctions,
	eventId: string,
	maxInFlight: number | null,
): Promise<boolean> {
	// Per workflow, node and URL: the test URL's leads and the production URL's are counted apart.
	const node = ctx.getNode();
	const admission = admissionOf(
		[ctx.getWorkflow().id, node.id ?? node.name, ctx.getNodeWebhookUrl('default')].join(' '),
	);
	const arrivedAt = Date.now();
	const response = ctx.getResponseObject();
	const listened = ctx.getRequestObject().socket?.destroyed !== true;
	if (!listened) admission.arrivedTooLate();
	const first = admission.decide(eventId, arrivedAt, maxInFlight, { listened, mayWait: listened });
	const verdict =
		!first.admitted && first.reason === 'waiting'
			? await waitForRoom(admission, eventId, first, response)
			: first;
	const log = () => logDeferrals(admission, ctx.logger, Date.now(), admission.limit(maxInFlight));
	if (verdict.admitted) {
		whenAnswered(response, {
			ended: (succeeded) => verdict.finish(Date.now(), succeeded),
			hungUp: verdict.hungUp,
			stillRunning: {
				afterMs: ANSWER_WITHIN_MS - (Date.now() - arrivedAt),
				answer: () => {
					const retryAfterSeconds = verdict.answeredEarly(Date.now());
					if (retryAfterSeconds === undefined) return false;
					answerLater(response, stillRunning(eventId), retryAfterSeconds);
					log();
					return true;
				},
			},
			notRunThrough: () =>
				ctx.logger.warn(
					`Real Estate Portal Trigger: n8n ended the execution of event ${eventId} without run ` +
						'data and would have answered the portal 200; answered 503 instead, so the portal ' +
						'sends the lead again.',
				),
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
			? stillRunning(eventId)
			: 'Busy: this lead will be processed when it is sent again';
	answerLater(response, message, verdict.retryAfterSeconds);
	log();
	return false;
}

const stillRunning = (eventId: string) =>
	`Event ${eventId} is still being processed; send it again later`;

/** 503 with Retry-After: the portal counts it a failure and sends the lead again. */
function answerLater(response: ResponseObject, message: string, retryAfterSeconds: number) {
	response
		.status(503)
		.set('Retry-After', String(retryAfterSeconds))
		.json({ message, retryAfterSeconds });
}

/** Waits for a lead in flight to finish: started then, or deferred when its time is up or the portal hangs up. */
async function waitForRoom(
	admission: Admission,
	eventId: string,
	waiting: { turn: Promise<Decided>; giveUpAfterMs: number },
	response: ResponseObject,
): Promise<Decided> {
	const stop = () => admission.stopWaiting(eventId, Date.now());
	const timeUp = new AbortController();
	response.once('close', stop);
	void sleep(waiting.giveUpAfterMs, timeUp.signal).then(stop, () => undefined);
	const verdict = await waiting.turn;
	timeUp.abort();
	response.off('close', stop);
	return verdict;
}
