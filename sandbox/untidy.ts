/**
 * An untidy portal: what a production portal may do that the specification does not rule out,
 * each behind a switch that is off by default (and in the demo), on in the suites that test a
 * client against it. Described in sandbox/README.md, "An untidy portal".
 *
 * - `shiftingPages`: lists are served in pages of at most UNTIDY_PAGE_ITEMS items, and a page after
 *   the first is read, one time in two, from a window shifted by up to UNTIDY_SHIFT items either
 *   way, as when items are added ahead of the page being read (items repeated across pages) or
 *   removed (items skipped). The agencies list, the ad summary (paged shape) and the lead list.
 * - `lateLeads`: a lead registered in the last LATE_WINDOW_MS before the portal's midnight becomes
 *   visible in the lead list only LATE_BY_MS after it was registered: a lead of day D is listed
 *   after leads of day D + 1.
 * - `instantForms`: the listed leads' registration instant (whichever field carries it) comes in
 *   every form, by message id: the offset text, a `Z` text, epoch milliseconds, or missing.
 *
 * An agency linked after activation needs no switch: PUT /__sandbox/interfaces/{id}/agencies/{code}.
 */
import { z } from 'zod';
import { PORTAL_UTC_OFFSET_MINUTES, zonedTimestamp } from './contract/dates';
import { windowOf, type PageWindow, type Paging } from './paging';
import { createRng, type Rng } from './rng';

export const untidySettingsSchema = z
	.object({
		shiftingPages: z.boolean(),
		lateLeads: z.boolean(),
		instantForms: z.boolean(),
	})
	.strict();
export type UntidySettings = z.infer<typeof untidySettingsSchema>;

export const TIDY: UntidySettings = { shiftingPages: false, lateLeads: false, instantForms: false };

export const UNTIDY_PAGE_ITEMS = 50;
export const UNTIDY_SHIFT = 3;
const MINUTE_MS = 60_000;
export const LATE_WINDOW_MS = 30 * MINUTE_MS;
export const LATE_BY_MS = 120 * MINUTE_MS;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** The fields a listed lead may carry its registration instant in. */
const INSTANT_FIELDS = ['fechaRegistro', 'fecha', 'dataRegistro', 'registerDate'];

export class Untidy {
	private rng: Rng;

	constructor(
		public settings: UntidySettings,
		private readonly seed: number,
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

	/** A listed lead with its instant in the form its message id picks. */
	instantForm(item: Record<string, unknown>, idMensaje: number, at: number) {
		if (!this.settings.instantForms) return item;
		const field = INSTANT_FIELDS.find((name) => name in item);
		if (field === undefined) return item;
		const { [field]: _text, ...rest } = item;
		switch (idMensaje % 4) {
			case 0:
				return { ...rest, [field]: zonedTimestamp(at) };
			case 1:
				return { ...rest, [field]: new Date(at).toISOString() };
			case 2:
				return { ...rest, [field]: at };
			default:
				return rest;
		}
	}
}
