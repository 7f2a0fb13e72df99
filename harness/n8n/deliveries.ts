import type { DeliveryAttempt } from '../../sandbox';

/**
 * The event ids whose delivery is over at the emulator: answered with success, or given up. An
 * injected duplicate's record does not count (the original's does).
 */
export function deliveriesOver(attempts: readonly DeliveryAttempt[]): Set<string> {
	return new Set(
		attempts
			.filter((a) => !a.duplicate && (a.outcome === 'success' || a.final))
			.map((a) => a.idEvento),
	);
}

/** For `waitForDeliveries`: whether the delivery of every one of `eventIds` is over. */
export function everyDeliveryOver(eventIds: readonly string[]) {
	return (attempts: readonly DeliveryAttempt[]) => {
		const over = deliveriesOver(attempts);
		return eventIds.every((id) => over.has(id));
	};
}
