/**
 * What the portal saw during one scenario, second by second from the first lead made: attempts
 * started, answered with success, answered 503 by the door and by n8n (the trigger's own 503s say
 * the Retry-After they ask in their body), and hung up on (no answer within its answer time). It
 * tells where a drain's time went.
 */
import type { DeliveryAttempt } from '../../sandbox';
import { doorRefusal } from '../../harness/n8n';

export interface TimelineSecond {
	second: number;
	attempts: number;
	succeeded: number;
	refusedByDoor: number;
	refusedByN8n: number;
	timedOut: number;
	/** The Retry-After values n8n's 503s asked in this second, lowest and highest. */
	retryAfter?: [number, number];
}

function retryAfterOf(attempt: DeliveryAttempt): number | undefined {
	const match = /"retryAfterSeconds":(\d+)/.exec(attempt.responseBody);
	return match ? Number(match[1]) : undefined;
}

export function burstTimeline(
	attempts: readonly DeliveryAttempt[],
	startedAt: number,
): TimelineSecond[] {
	const seconds = new Map<number, TimelineSecond>();
	for (const attempt of attempts) {
		const second = Math.floor((Date.parse(attempt.startedAt) - startedAt) / 1_000);
		const entry = seconds.get(second) ?? {
			second,
			attempts: 0,
			succeeded: 0,
			refusedByDoor: 0,
			refusedByN8n: 0,
			timedOut: 0,
		};
		entry.attempts++;
		if (attempt.outcome === 'success') entry.succeeded++;
		if (attempt.outcome === 'timeout') entry.timedOut++;
		if (attempt.status === 503) {
			if (doorRefusal(attempt.responseBody)) entry.refusedByDoor++;
			else entry.refusedByN8n++;
			const asked = retryAfterOf(attempt);
			if (asked !== undefined) {
				const [low, high] = entry.retryAfter ?? [asked, asked];
				entry.retryAfter = [Math.min(low, asked), Math.max(high, asked)];
			}
		}
		seconds.set(second, entry);
	}
	return [...seconds.values()].sort((a, b) => a.second - b.second);
}

/** One line per second: `12 s: 6 attempts, 4 ok, 503 door 1, 503 n8n 1 (Retry-After 2-2 s), 0 timed out`. */
export function timelineLines(timeline: readonly TimelineSecond[]): string[] {
	return timeline.map(
		({ second, attempts, succeeded, refusedByDoor, refusedByN8n, timedOut, retryAfter }) =>
			`${String(second).padStart(4)} s: ${attempts} attempts, ${succeeded} ok, 503 door ${refusedByDoor}, ` +
			`503 n8n ${refusedByN8n}` +
			(retryAfter ? ` (Retry-After ${retryAfter[0]}-${retryAfter[1]} s)` : '') +
			`, ${timedOut} timed out`,
	);
}
