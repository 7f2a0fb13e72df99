/**
 * What the portal saw during one burst, second by second from the first lead made: attempts
 * started, answered with success, deferred (503 with Retry-After, and the seconds asked), and hung
 * up on (no answer within its answer time). It tells where a drain's time went.
 */
import type { DeliveryAttempt } from '../../sandbox';

export interface TimelineSecond {
	second: number;
	attempts: number;
	succeeded: number;
	deferred: number;
	timedOut: number;
	/** The Retry-After values asked in this second, lowest and highest. */
	retryAfter?: [number, number];
}

function retryAfterOf(attempt: DeliveryAttempt): number | undefined {
	if (attempt.status !== 503) return undefined;
	const match = /"retryAfterSeconds":(\d+)/.exec(attempt.responseBody);
	return match ? Number(match[1]) : undefined;
}

export function burstTimeline(attempts: DeliveryAttempt[], startedAt: number): TimelineSecond[] {
	const seconds = new Map<number, TimelineSecond>();
	for (const attempt of attempts) {
		const second = Math.floor((Date.parse(attempt.startedAt) - startedAt) / 1_000);
		const entry = seconds.get(second) ?? {
			second,
			attempts: 0,
			succeeded: 0,
			deferred: 0,
			timedOut: 0,
		};
		entry.attempts++;
		if (attempt.outcome === 'success') entry.succeeded++;
		if (attempt.outcome === 'timeout') entry.timedOut++;
		const asked = retryAfterOf(attempt);
		if (asked !== undefined) {
			entry.deferred++;
			const [low, high] = entry.retryAfter ?? [asked, asked];
			entry.retryAfter = [Math.min(low, asked), Math.max(high, asked)];
		}
		seconds.set(second, entry);
	}
	return [...seconds.values()].sort((a, b) => a.second - b.second);
}

/** One line per second: `12 s: 6 attempts, 4 ok, 2 deferred (Retry-After 1-3 s), 0 timed out`. */
export function timelineLines(timeline: TimelineSecond[]): string[] {
	return timeline.map(
		({ second, attempts, succeeded, deferred, timedOut, retryAfter }) =>
			`${String(second).padStart(4)} s: ${attempts} attempts, ${succeeded} ok, ${deferred} deferred` +
			(retryAfter ? ` (Retry-After ${retryAfter[0]}-${retryAfter[1]} s)` : '') +
			`, ${timedOut} timed out`,
	);
}
