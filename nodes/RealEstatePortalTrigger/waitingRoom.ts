/**
 * Leads that found the bound reached but can still be answered before the portal hangs up: they
 * wait here, oldest first, for a lead in flight to finish instead of being deferred. A deferral
 * costs n8n a second request, and Retry-After counts whole seconds, so deferred leads come back
 * together at the start of a second: with no room to wait, those beyond the bound were deferred
 * again and n8n stood idle for the rest of the second (docs/benchmarks.md, lead-burst, sixth run).
 */
export class WaitingRoom<T> {
	private readonly waiting = new Map<string, (outcome: T) => void>();

	get size(): number {
		return this.waiting.size;
	}

	has(eventId: string): boolean {
		return this.waiting.has(eventId);
	}

	/** Resolves with the outcome the lead leaves with. */
	enter(eventId: string): Promise<T> {
		return new Promise<T>((resolve) => this.waiting.set(eventId, resolve));
	}

	/** The lead waiting longest, taken out, or undefined when none waits. */
	oldest(): { eventId: string; leave: (outcome: T) => void } | undefined {
		const next = this.waiting.entries().next();
		if (next.done) return undefined;
		const [eventId, leave] = next.value;
		this.waiting.delete(eventId);
		return { eventId, leave };
	}

	/** Takes the lead out with `outcome`, if it still waits. */
	leave(eventId: string, outcome: () => T): void {
		const resolve = this.waiting.get(eventId);
		if (!resolve) return;
		this.waiting.delete(eventId);
		resolve(outcome());
	}
}

/** When deliveries reached the node, over the last seconds. */
export class RecentArrivals {
	private readonly times: number[] = [];

	/** `keptMs`: the longest span asked about. */
	constructor(private readonly keptMs: number) {}

	/** Counts one arriving at `now`. */
	arrive(now: number): void {
		this.times.push(now);
		while (this.times.length > 0 && this.times[0] <= now - this.keptMs) this.times.shift();
	}

	/** How many arrived from `since` on (at most `keptMs` before the latest). */
	since(since: number): number {
		let count = 0;
		for (let n = this.times.length - 1; n >= 0 && this.times[n] >= since; n--) count++;
		return count;
	}
}
