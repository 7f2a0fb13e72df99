/**
 * An untidy portal: what a production portal may do that the specification does not rule out,
 * each behind a switch (settings.ts) that is off by default and in the demo, on in the suites that
 * test a client against it; each is described in sandbox/README.md, "An untidy portal". Paging and
 * late leads are here; how the list writes a lead in untidyListItem.ts; which leads there are and
 * who is told of them in untidyLeads.ts and events.ts.
 */
import { z } from 'zod';
import { PORTAL_UTC_OFFSET_MINUTES } from './contract/dates';
import { windowOf, type PageWindow, type Paging } from './paging';
import { createRng, type Rng } from './rng';
import { UNTIDY_SWITCHES, type UntidySettings } from './settings';

const everySwitch = (on: boolean) =>
	Object.fromEntries(UNTIDY_SWITCHES.map((name) => [name, on])) as UntidySettings;
export const TIDY: UntidySettings = everySwitch(false);

/** Switches to set: `all` sets every one, the ones named then as given. */
export const untidyChangeSchema = z
	.object({
		all: z.boolean(),
		...Object.fromEntries(UNTIDY_SWITCHES.map((name) => [name, z.boolean()])),
	})
	.partial()
	.strict() as z.ZodType<UntidyChange>;
export type UntidyChange = Partial<UntidySettings> & { all?: boolean };

export function changedSettings(settings: UntidySettings, change: UntidyChange): UntidySettings {
	const { all, ...named } = change;
	return { ...(all === undefined ? settings : everySwitch(all)), ...named };
}

/** `SANDBOX_UNTIDY`: `all`, or switch names separated by commas; throws naming an unknown one. */
export function parseUntidy(text: string): UntidyChange {
	const names = text
		.split(',')
		.map((part) => part.trim())
		.filter(Boolean);
	for (const name of names) {
		if (name !== 'all' && !(UNTIDY_SWITCHES as readonly string[]).includes(name))
			throw new Error(`"${name}" is not all or a switch: ${UNTIDY_SWITCHES.join(', ')}`);
	}
	return Object.fromEntries(names.map((name) => [name, true]));
}

export const UNTIDY_PAGE_ITEMS = 50;
export const UNTIDY_SHIFT = 3;
const MINUTE_MS = 60_000;
export const LATE_WINDOW_MS = 30 * MINUTE_MS;
export const LATE_BY_MS = 120 * MINUTE_MS;
const DAY_MS = 24 * 60 * MINUTE_MS;

export class Untidy {
	private rng: Rng;

	constructor(
		public settings: UntidySettings,
		readonly seed: number,
	) {
		this.rng = createRng(seed ^ 0x0417d7);
	}

	configure(settings: UntidySettings): void {
		this.settings = settings;
		this.rng = createRng(this.seed ^ 0x0417d7);
	}

	/** The window a page request reads. */
	window(paging: Paging): PageWindow {
		if (!this.settings.shiftingPages) return windowOf(paging);
		const size = Math.min(paging.size, UNTIDY_PAGE_ITEMS);
		const shift =
			paging.page > 0 && this.rng.chance(0.5) ? this.rng.int(-UNTIDY_SHIFT, UNTIDY_SHIFT) : 0;
		return { start: Math.max(0, paging.page * size + shift), size };
	}

	/** The leads of a list that are visible at `now`. */
	visibleLeads<L extends { at: number }>(leads: readonly L[], now: number): readonly L[] {
		return this.settings.lateLeads ? leads.filter((lead) => this.visible(lead.at, now)) : leads;
	}

	private visible(at: number, now: number): boolean {
		const offsetMs = PORTAL_UTC_OFFSET_MINUTES * MINUTE_MS;
		const sinceMidnight = (((at + offsetMs) % DAY_MS) + DAY_MS) % DAY_MS;
		return sinceMidnight < DAY_MS - LATE_WINDOW_MS || now >= at + LATE_BY_MS;
	}
}
