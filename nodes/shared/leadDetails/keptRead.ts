/**
 * One thing read from the portal and kept in memory under the age rules of ages.ts: answered at once
 * while held, read again in the background once older than its fresh age or marked due.
 * Invariants: at most one read at a time; a read replaces what is held only when it succeeded; a
 * failed read is not started again before MEMORY_AGE.failedMs after it began; a value marked due is
 * not read again before MEMORY_AGE.dueAfterMs after its read began; what is held is answered until
 * MEMORY_AGE.servedMs after its read began.
 */
import { MEMORY_AGE } from './ages';
import { looked, type Looked } from './looked';

export interface Held<T> {
	value: T;
	/** When the read that gave it began: it shows the portal as it was then or later. */
	readAt: number;
}

export class KeptRead<T> {
	private held?: Held<T>;
	private reading?: Promise<Looked<Held<T>>>;
	private failure?: { at: number; reason: string };
	private due = false;

	/** `stored` hears of each value a read stores, and of the one it replaces. */
	constructor(
		private readonly freshMs: number,
		private readonly stored: (value: T, replaced: T | undefined) => void = () => undefined,
	) {}

	/** What is held and still answered. */
	current(now = Date.now()): Held<T> | undefined {
		return this.held !== undefined && now - this.held.readAt < MEMORY_AGE.servedMs
			? this.held
			: undefined;
	}

	/** What is held, at any age (what it costs in memory). */
	heldValue(): T | undefined {
		return this.held?.value;
	}

	/** Whether a read would start now. */
	isDue(now = Date.now()): boolean {
		if (this.reading !== undefined) return false;
		if (this.failure !== undefined && now - this.failure.at < MEMORY_AGE.failedMs) return false;
		if (this.held === undefined) return true;
		const age = now - this.held.readAt;
		return age >= this.freshMs || (this.due && age >= MEMORY_AGE.dueAfterMs);
	}

	/** Read again at the next use once the held value is MEMORY_AGE.dueAfterMs old. */
	markDue(): void {
		this.due = true;
	}

	/** Starts a read when one is due, without waiting for it; answers the read in flight, if any. */
	refresh(read: () => Promise<T>, now = Date.now()): Promise<Looked<Held<T>>> | undefined {
		if (this.isDue(now)) {
			this.due = false;
			this.reading = looked(read()).then((outcome): Looked<Held<T>> => {
				this.reading = undefined;
				if (!outcome.ok) {
					this.failure = { at: now, reason: outcome.reason };
					return outcome;
				}
				this.failure = undefined;
				const replaced = this.held?.value;
				this.held = { value: outcome.value, readAt: now };
				this.stored(outcome.value, replaced);
				return { ok: true, value: this.held };
			});
		}
		return this.reading;
	}

	/**
	 * What is held, at once (a read starts in the background when due); else the read in flight or a
	 * new one; else, within `failedMs` of a failed read, that failure.
	 */
	async get(read: () => Promise<T>, now = Date.now()): Promise<Looked<Held<T>>> {
		const reading = this.refresh(read, now);
		const held = this.current(now);
		if (held !== undefined) return { ok: true, value: held };
		if (reading !== undefined) return await reading;
		return { ok: false, reason: this.failure?.reason ?? 'the portal could not be read' };
	}
}
