/**
 * Duplicate deliveries (field notes: retries for up to 72 hours, duplicates happen) are dropped by
 * `idEvento`, remembered in the node's workflow static data: the last `maxIds` ids, none older than
 * `maxAgeMs`. The bound keeps the static data small, since n8n saves it after every webhook call.
 */
export const DEDUPE_WINDOW = { maxIds: 1_000, maxAgeMs: 72 * 60 * 60 * 1_000 } as const;

/** [idEvento, epoch ms when first received], oldest first. */
type SeenEvent = [string, number];

export interface DedupeStore {
	[key: string]: unknown;
	recentEventIds?: SeenEvent[];
}

/** Records `eventId` and answers true, or answers false when it was already seen within the window. */
export function rememberEvent(
	store: DedupeStore,
	eventId: string,
	now: number,
	window: { maxIds: number; maxAgeMs: number } = DEDUPE_WINDOW,
): boolean {
	const recent = (store.recentEventIds ?? []).filter(([, at]) => now - at <= window.maxAgeMs);
	if (recent.some(([id]) => id === eventId)) return false;
	recent.push([eventId, now]);
	// A new array, assigned: n8n notices the change and saves the static data.
	store.recentEventIds = recent.slice(-window.maxIds);
	return true;
}
