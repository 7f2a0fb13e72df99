/**
 * How old what the details memory holds may be, and when it is read again. What holds:
 * - The agencies list, the operations lookup and each linked agency's online ads (its "book") are
 *   read ahead: at activation, then again in the background. A lead takes them from memory at any
 *   age under `servedMs` and never waits for a read of something memory holds.
 * - Something held longer than its fresh age is read again at its next use (a lead, a poll, an
 *   activation), in the background, one read at a time; the new read replaces the held one only
 *   when it succeeded, so a portal that fails leaves what was read before answering.
 * - An ad change (an AVISO_ACTIVIDAD or AVISO_ESTADO_PUBLICACION event, a Poll Trigger ad item,
 *   an ad found online that its agency's book lacks) makes that agency's book due: read again at
 *   once, or, when its read began less than `dueAfterMs` ago, at its first use after that.
 * - A read that failed is not started again before `failedMs`; meanwhile its failure is the answer
 *   for what memory does not hold.
 * - Held longer than `servedMs`, a thing is no longer answered: the next lead waits for its read
 *   (within that lead's own time).
 */
const MINUTE_MS = 60_000;

export const MEMORY_AGE = {
	/** An agency's online ads: re-read after this long (the summary itself lags a few minutes). */
	bookFreshMs: 5 * MINUTE_MS,
	agenciesFreshMs: 5 * MINUTE_MS,
	/** The operations lookup (VENTA, ALQUILER, ...) changes with the portal's catalogue only. */
	operationsFreshMs: 60 * MINUTE_MS,
	/**
	 * Answered up to this long after its read began: an online ad's title, place and picture seldom
	 * change, and a stale answer lives for one lead only (the re-read starts with it).
	 */
	servedMs: 24 * 60 * MINUTE_MS,
	/**
	 * A book marked due by an ad change is read again once its read is this old: a burst of changes,
	 * or of leads on an ad the lagging summary does not list yet, costs one read per agency this often.
	 */
	dueAfterMs: 30_000,
	/** A read that failed: started again after this long, not at every lead meanwhile. */
	failedMs: 30_000,
	/** One ad looked up alone (not in its agency's book) and found online. */
	foundAdMs: 10 * MINUTE_MS,
	/** One ad looked up alone and not in the online summary (which can lag behind the portal). */
	missingAdMs: MINUTE_MS,
} as const;
