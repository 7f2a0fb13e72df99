/**
 * A cache in process memory with a bound on both entries and age: the oldest-used entry leaves
 * first once `maxEntries` is reached, and an entry older than the age it was stored with is gone.
 * Values are promises, so that lookups made while the first one is still waiting share it.
 */
interface Entry<V> {
	value: Promise<V>;
	expiresAt: number;
}

export class BoundedCache<V> {
	private readonly entries = new Map<string, Entry<V>>();

	constructor(readonly maxEntries: number) {}

	get size(): number {
		return this.entries.size;
	}

	/** The value kept under `key`, marked as just used; undefined when absent or too old. */
	get(key: string, now = Date.now()): Promise<V> | undefined {
		const entry = this.entries.get(key);
		if (entry === undefined) return undefined;
		this.entries.delete(key);
		if (entry.expiresAt <= now) return undefined;
		this.entries.set(key, entry);
		return entry.value;
	}

	/** Whether a value younger than its age is kept under `key`, without marking it used. */
	has(key: string, now = Date.now()): boolean {
		const entry = this.entries.get(key);
		return entry !== undefined && entry.expiresAt > now;
	}

	set(key: string, value: Promise<V>, ageMs: number, now = Date.now()): void {
		this.entries.delete(key);
		this.entries.set(key, { value, expiresAt: now + ageMs });
		while (this.entries.size > this.maxEntries) {
			const oldest = this.entries.keys().next().value as string;
			this.entries.delete(oldest);
		}
	}

	clear(): void {
		this.entries.clear();
	}
}
