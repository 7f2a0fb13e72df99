/**
 * Callback delivery (docs/portal-api.md, "Callbacks"): POST of the JSON
 * body to the configured url with the configured header, 2xx/3xx = success, a time-out, retries on a
 * schedule keeping the same idEvento, and a record of every attempt.
 */
import { Agent, request } from 'undici';
import { z } from 'zod';
import { eventKindSchema, type EventKind } from '../nodes/shared/schemas';
import { BEHAVIOUR } from './behaviour';
import { BODY_LANGUAGES } from './contract/languages';

const deliveryTargetSchema = z.object({
	url: z.string(),
	headerKey: z.string(),
	headerValue: z.string().nullable(),
	/** The language the job's body is written in. */
	language: z.enum(BODY_LANGUAGES),
});
export type DeliveryTarget = z.infer<typeof deliveryTargetSchema>;

export const deliveryJobSchema = z.object({
	idEvento: z.string(),
	kind: eventKindSchema,
	interfaceId: z.string(),
	/** 'event': an occurrence routed by subscriptions; 'simulation': a simulation endpoint call. */
	source: z.enum(['event', 'simulation']),
	target: deliveryTargetSchema,
	/** Sent as is, in the target's language. */
	body: z.record(z.unknown()),
});
export type DeliveryJob = z.infer<typeof deliveryJobSchema>;

export type DeliveryOutcome = 'success' | 'failure' | 'timeout' | 'error';

/** A delivery attempt still to be made: scheduled, or in flight (due when it started). */
export const pendingDeliverySchema = z.object({
	job: deliveryJobSchema,
	/** The number of the attempt to make, 1 for the first. */
	attempt: z.number().int().positive(),
	/** Epoch milliseconds at which it is (or was) due. */
	dueAt: z.number(),
	/** An injected duplicate of a successful delivery. */
	duplicate: z.boolean(),
});
export type PendingDelivery = z.infer<typeof pendingDeliverySchema>;

export interface DeliveryAttempt {
	idEvento: string;
	kind: EventKind;
	interfaceId: string;
	source: DeliveryJob['source'];
	url: string;
	/** 1 for the first attempt; a duplicate continues the count. */
	attempt: number;
	status: number | null;
	outcome: DeliveryOutcome;
	error?: string;
	/** True when no further attempt will follow. */
	final: boolean;
	/** True for an injected duplicate of a successful delivery. */
	duplicate: boolean;
	headers: Record<string, string>;
	body: Record<string, unknown>;
	responseBody: string;
	startedAt: string;
	durationMs: number;
}

export interface DeliveryOptions {
	retryScheduleMs: readonly number[];
	/**
	 * Whether a failed attempt answered with `Retry-After` (seconds) is tried again after that
	 * long instead of the schedule's delay (the attempt still counts). The portal's behaviour here
	 * is not published (docs/portal-api.md#callbacks); default false.
	 */
	honourRetryAfter?: boolean;
	timeoutMs: number;
	/**
	 * Fault injection: whether a delivery is sent once more, asked at its first attempt (a copy at
	 * the same moment) and after its success (a copy right after).
	 */
	shouldDuplicate: (moment: 'firstAttempt' | 'success') => boolean;
	/** How many attempt records are kept, the newest (default DEFAULT_RECORDS_KEPT). */
	recordsKept?: number;
	log: (line: string) => void;
}

const RESPONSE_BODY_KEPT = 500;
/** A Retry-After beyond this is not waited for: the schedule's delay applies. */
const RETRY_AFTER_MAX_MS = 3_600_000;

/** `Retry-After` in whole seconds (the only form receivers of this service send), as ms. */
function retryAfterOf(header: string | string[] | undefined): { retryAfterMs?: number } {
	const value = Array.isArray(header) ? header[0] : header;
	if (value === undefined || !/^\d+$/.test(value.trim())) return {};
	const ms = Number(value.trim()) * 1_000;
	return ms <= RETRY_AFTER_MAX_MS ? { retryAfterMs: ms } : {};
}
/** The oldest records are forgotten beyond this, so a long-running sandbox stays small. */
export const DEFAULT_RECORDS_KEPT = 10_000;

export class DeliveryService {
	private readonly agent = new Agent({ keepAliveTimeout: 1_000 });
	/** Attempts waiting for their time, by timer. */
	private readonly timers = new Map<NodeJS.Timeout, PendingDelivery>();
	/** Attempts being made. */
	private readonly sending = new Set<PendingDelivery>();
	private readonly inFlight = new Set<AbortController>();
	private readonly attempts: DeliveryAttempt[] = [];
	private readonly listeners = new Set<() => void>();
	private closed = false;
	/** Bumped by cancelPending: an attempt of an earlier generation leaves no trace. */
	private generation = 0;

	constructor(private readonly options: DeliveryOptions) {}

	enqueue(job: DeliveryJob): void {
		this.schedule({ job, attempt: 1, dueAt: Date.now(), duplicate: false });
	}

	/** Every attempt scheduled or in flight, with its retry state. */
	pending(): PendingDelivery[] {
		return [...this.timers.values(), ...this.sending];
	}

	/** Schedules saved attempts at their time; one due already goes out at once. */
	resume(saved: readonly PendingDelivery[]): void {
		for (const delivery of saved) this.schedule(delivery);
	}

	/** Calls `listener` after every change of the attempts made or pending; answers its removal. */
	onChange(listener: () => void): () => void {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	}

	list(): readonly DeliveryAttempt[] {
		return this.attempts;
	}

	clear(): void {
		this.attempts.length = 0;
	}

	/** Cancels every pending retry and aborts every request in flight. */
	cancelPending(): void {
		this.generation++;
		for (const timer of this.timers.keys()) clearTimeout(timer);
		this.timers.clear();
		this.sending.clear();
		for (const controller of this.inFlight) controller.abort();
		this.inFlight.clear();
		this.notify();
	}

	/** Resolves with the attempts once `predicate` holds for them, or rejects after `timeoutMs`. */
	async waitFor(
		predicate: (attempts: readonly DeliveryAttempt[]) => boolean,
		timeoutMs = 5_000,
	): Promise<readonly DeliveryAttempt[]> {
		await this.until(
			() => predicate(this.attempts),
			timeoutMs,
			'Deliveries did not reach the expected state',
		);
		return this.attempts;
	}

	/** Resolves once no attempt is scheduled or in flight. */
	waitForIdle(timeoutMs = 5_000): Promise<void> {
		return this.until(
			() => this.timers.size === 0 && this.inFlight.size === 0,
			timeoutMs,
			'Deliveries still pending',
		);
	}

	private until(condition: () => boolean, timeoutMs: number, failure: string): Promise<void> {
		return new Promise((resolve, reject) => {
			const check = () => {
				if (!condition()) return;
				finish();
				resolve();
			};
			const timer = setTimeout(() => {
				finish();
				reject(new Error(`${failure} within ${timeoutMs} ms`));
			}, timeoutMs);
			const finish = () => {
				clearTimeout(timer);
				this.listeners.delete(check);
			};
			this.listeners.add(check);
			check();
		});
	}

	async close(): Promise<void> {
		this.closed = true;
		this.cancelPending();
		await this.agent.destroy();
	}

	private schedule(delivery: PendingDelivery) {
		if (this.closed) return;
		const timer = setTimeout(
			() => {
				this.timers.delete(timer);
				void this.send(delivery);
			},
			Math.max(0, delivery.dueAt - Date.now()),
		);
		this.timers.set(timer, delivery);
		this.notify();
	}

	private async send(delivery: PendingDelivery) {
		const { job, attempt, duplicate } = delivery;
		const { target } = job;
		const copiedTogether =
			!duplicate && attempt === 1 && this.options.shouldDuplicate('firstAttempt');
		if (copiedTogether) void this.send({ ...delivery, duplicate: true });
		const headers: Record<string, string> = {
			'content-type': 'application/json',
			'user-agent': BEHAVIOUR.delivery.userAgent,
		};
		if (target.headerValue) headers[target.headerKey] = target.headerValue;
		const started = Date.now();
		const generation = this.generation;
		this.sending.add(delivery);
		const result = await this.post(target.url, headers, JSON.stringify(job.body));
		this.sending.delete(delivery);
		if (this.closed || generation !== this.generation) return;

		const retriesLeft = attempt <= this.options.retryScheduleMs.length;
		const failed = result.outcome !== 'success';
		const duplicateNext =
			!failed && !duplicate && !copiedTogether && this.options.shouldDuplicate('success');
		const record: DeliveryAttempt = {
			idEvento: job.idEvento,
			kind: job.kind,
			interfaceId: job.interfaceId,
			source: job.source,
			url: target.url,
			attempt,
			...result,
			final: failed ? duplicate || !retriesLeft : !duplicateNext,
			duplicate,
			headers,
			body: job.body,
			startedAt: new Date(started).toISOString(),
			durationMs: Date.now() - started,
		};
		this.attempts.push(record);
		const kept = this.options.recordsKept ?? DEFAULT_RECORDS_KEPT;
		if (this.attempts.length > kept) this.attempts.splice(0, this.attempts.length - kept);
		this.options.log(
			`delivery ${job.kind} ${job.idEvento} → ${target.url} attempt ${attempt}: ${result.status ?? result.outcome}`,
		);
		const next = { job, attempt: attempt + 1 };
		if (failed && !duplicate && retriesLeft) {
			const asked = this.options.honourRetryAfter ? result.retryAfterMs : undefined;
			const delayMs = asked ?? this.options.retryScheduleMs[attempt - 1];
			this.schedule({ ...next, dueAt: Date.now() + delayMs, duplicate: false });
		} else if (duplicateNext) {
			this.schedule({ ...next, dueAt: Date.now(), duplicate: true });
		}
		this.notify();
	}

	private notify() {
		for (const listener of [...this.listeners]) listener();
	}

	private async post(
		url: string,
		headers: Record<string, string>,
		body: string,
	): Promise<
		Pick<DeliveryAttempt, 'status' | 'outcome' | 'error' | 'responseBody'> & {
			retryAfterMs?: number;
		}
	> {
		const controller = new AbortController();
		let timedOut = false;
		const timer = setTimeout(() => {
			timedOut = true;
			controller.abort();
		}, this.options.timeoutMs);
		this.inFlight.add(controller);
		try {
			const response = await request(url, {
				method: 'POST',
				headers,
				body,
				signal: controller.signal,
				dispatcher: this.agent,
			});
			const text = await response.body.text();
			return {
				...retryAfterOf(response.headers['retry-after']),
				status: response.statusCode,
				outcome: BEHAVIOUR.delivery.isSuccess(response.statusCode) ? 'success' : 'failure',
				responseBody: text.slice(0, RESPONSE_BODY_KEPT),
			};
		} catch (error) {
			return {
				status: null,
				outcome: timedOut ? 'timeout' : 'error',
				error: timedOut
					? `No answer within ${this.options.timeoutMs} ms`
					: String(error?.message ?? error),
				responseBody: '',
			};
		} finally {
			clearTimeout(timer);
			this.inFlight.delete(controller);
		}
	}
}
