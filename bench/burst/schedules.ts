/**
 * How the emulator delivers to the lead-burst sides: the benchmark's portal (8 attempts over about
 * two minutes, Retry-After honoured; the tiny size gives up after 7 s) and the demo's
 * (`BEHAVIOUR.delivery.cliRetryScheduleMs`, as `npm run sandbox` and `npm run demo` deliver:
 * Retry-After not honoured). Both hang up after 1.5 s, as the portal does.
 */
import { BEHAVIOUR } from '../../sandbox/behaviour';
import type { BenchSize } from '../lib/options';

export interface PortalSchedule {
	name: 'benchmark' | 'demo';
	/** Delays between attempts: attempts = delays + 1. */
	retryScheduleMs: readonly number[];
	honourRetryAfter: boolean;
}

export const ANSWER_TIME_MS = BEHAVIOUR.delivery.timeoutMs;

export function benchmarkSchedule(size: BenchSize): PortalSchedule {
	const retryScheduleMs =
		size === 'tiny' ? [1_000, 2_000, 4_000] : [1_000, 2_000, 4_000, 8_000, 15_000, 30_000, 60_000];
	return { name: 'benchmark', retryScheduleMs, honourRetryAfter: true };
}

export const DEMO_SCHEDULE: PortalSchedule = {
	name: 'demo',
	retryScheduleMs: BEHAVIOUR.delivery.cliRetryScheduleMs,
	honourRetryAfter: false,
};

/** The emulator's environment for `schedule` (sandbox/main.ts reads it). */
export function sandboxEnvironment(schedule: PortalSchedule): Record<string, string> {
	return {
		SANDBOX_RETRY_SCHEDULE: schedule.retryScheduleMs.join(','),
		SANDBOX_HONOUR_RETRY_AFTER: schedule.honourRetryAfter ? '1' : '0',
		SANDBOX_DELIVERY_TIMEOUT_MS: String(ANSWER_TIME_MS),
	};
}

/** The longest the portal can go on with one lead: every delay, every attempt's answer time. */
export function longestDeliveryMs(schedule: PortalSchedule): number {
	const delays = schedule.retryScheduleMs.reduce((sum, ms) => sum + ms, 0);
	return delays + (schedule.retryScheduleMs.length + 1) * ANSWER_TIME_MS;
}

/** "1 s, 5 s, 30 s, 2 min, 10 min" */
export function describeSchedule(schedule: PortalSchedule): string {
	const delays = schedule.retryScheduleMs
		.map((ms) => (ms >= 60_000 ? `${ms / 60_000} min` : `${ms / 1_000} s`))
		.join(', ');
	const retryAfter = schedule.honourRetryAfter
		? 'Retry-After honoured'
		: 'Retry-After not honoured';
	return `${schedule.retryScheduleMs.length + 1} attempts, retries after ${delays}, ${retryAfter}`;
}
