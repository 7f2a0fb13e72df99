/**
 * The leads deferred and not yet due back, each once, with when it was asked to come back. A lead
 * deferred again gives up its earlier place. Before, every deferral added a place: a delivery
 * deferred after the portal had hung up (the answer unheard, the portal retrying on its own
 * schedule) or a lead deferred on every try held one place per try, and during retry waves the
 * line ran minutes ahead of n8n (Retry-After of 91 to 116 s while n8n stood idle,
 * docs/benchmarks.md, fifth run).
 */

/** At most this many places are kept; beyond it the earliest is dropped. */
const PLACES_KEPT = 10_000;

export class DeferredLine {
	private readonly places = new Map<string, number>();

	/**
	 * When the lead is asked back: no sooner than `earliest`, behind the leads still waiting,
	 * `spacingMs` apart.
	 */
	place(eventId: string, now: number, earliest: number, spacingMs: number): number {
		this.places.delete(eventId);
		for (const [waiting, at] of this.places) if (at <= now) this.places.delete(waiting);
		const at = earliest + this.places.size * spacingMs;
		this.places.set(eventId, at);
		if (this.places.size > PLACES_KEPT) this.places.delete(this.places.keys().next().value!);
		return at;
	}

	/**
	 * A lead back and started gives up its place. Retry-After counts whole seconds and is rounded
	 * down, so leads come back up to a second before their place's time: the place kept until then
	 * put the leads deferred meanwhile behind one that was no longer waiting.
	 */
	leave(eventId: string): void {
		this.places.delete(eventId);
	}
}
