/**
 * Duplicate deliveries (retries for up to 72 hours, duplicates happen: docs/portal-api.md#callbacks)
 * are dropped by `idEvento`: the last `maxIds` ids, none older than `maxAgeMs`, remembered in the
 * node's workflow static data and in this n8n process. The bound keeps the static data small, since
 * n8n saves it after a webhook call.
 */
export const DEDUPE_WINDOW = {
	maxIds: 1_000,
	maxAgeMs: 72 * 60 * 60 * 1_000,
} as const;

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

/**
 * n8n 2.41.1 does not keep what `webhook()` writes to static data when the call starts an execution
 * (the real-n8n suite shows a repeated delivery passing), so each webhook also remembers its
 * emitted ids in this process. Keyed by the webhook's URL when the node gives it: the same across
 * restarts, published edits and registrations made again (each has a new salted digest), so a
 * retry of an event emitted before an edit is still dropped; otherwise by the registration.
 */
const MAX_REGISTRATIONS_IN_PROCESS = 100;
/** In order of last use: the least recently used registration is the first key, forgotten first. */
const inProcess = new Map<string, DedupeStore>();

function processMemoryOf(scope: string): DedupeStore {
	const store = inProcess.get(scope) ?? {};
	// Taken out and put back: a Map keeps insertion order, so this registration becomes the newest.
	inProcess.delete(scope);
	inProcess.set(scope, store);
	if (inProcess.size > MAX_REGISTRATIONS_IN_PROCESS)
		inProcess.delete(inProcess.keys().next().value!);
	return store;
}

/** Both memories of one node: the workflow's static data and this process's, per registration. */
export interface DuplicateCheck {
	/** Records the event and answers true, or false when either memory had it already. */
	isFirst(registration: string, eventId: string, now: number): boolean;
}

export function duplicateCheckOf(store: DedupeStore, webhookUrl?: string): DuplicateCheck {
	return {
		isFirst(registration, eventId, now) {
			// Both memories record the id, so neither short-circuits the other.
			const newInStaticData = rememberEvent(store, eventId, now);
			const memory = processMemoryOf(webhookUrl ?? registration);
			const newInProcess = rememberEvent(memory, eventId, now);
			return newInStaticData && newInProcess;
		},
	};
}
