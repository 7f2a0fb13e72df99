/** Counts of what happened, for a line in n8n's log at most once per interval. */
export class Tally<K extends string> {
	private counts: Partial<Record<K, number>> = {};
	private lastAt = Number.NEGATIVE_INFINITY;

	constructor(private readonly everyMs: number) {}

	add(key: K, by = 1): void {
		this.counts[key] = (this.counts[key] ?? 0) + by;
	}

	/** The counts since the last line when one is due (something counted, the interval passed). */
	due(now: number): Partial<Record<K, number>> | undefined {
		if (Object.keys(this.counts).length === 0 || now - this.lastAt < this.everyMs) return undefined;
		const counts = this.counts;
		this.counts = {};
		this.lastAt = now;
		return counts;
	}
}
