/**
 * A registration instant as the portal (or its lead list) writes it → ISO 8601 with an offset, or
 * null when it cannot be read. What comes out is always a value a date column takes (n8n's
 * `validateFieldType(..., 'dateTime')`, the Data table's `date`), never the text as written: the
 * text stays in the body the item carries.
 *
 * Read: `yyyy-MM-dd'T'HH:mm[:ss[.S…]]` (a space for the `T` too) with or without an offset (`Z`,
 * `±hh`, `±hhmm`, `±hh:mm`); `dd/MM/yyyy HH:mm[:ss[.S…]]`; epoch milliseconds, as a number or as
 * digits, between 2000 and 2100. Anything else (a date without a time, epoch seconds, a day that
 * does not exist) is not an instant.
 */
import { DateTime } from 'luxon';

/**
 * The offset of an instant the portal writes without one. Assumption: the portal's editions
 * (Argentina, the rest of Latin America, Brazil) write local time in UTC-3, which has no daylight
 * saving time in Argentina (since 2009) nor in Brazil (since 2019); docs/portal-api.md, "Instants".
 * This is the one place that says so.
 */
export const PORTAL_UTC_OFFSET = '-03:00';

/** Epoch milliseconds taken as an instant: 2000-01-01 to 2100-01-01 (UTC). */
const EARLIEST_EPOCH_MS = 946_684_800_000;
const LATEST_EPOCH_MS = 4_102_444_800_000;

const TIME = String.raw`(\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)`;
const ZONE = String.raw`\s*(Z|[+-]\d{2}(?::?\d{2})?)?`;
const ISO_FORM = new RegExp(String.raw`^(\d{4})-(\d{2})-(\d{2})[T ]${TIME}${ZONE}$`, 'i');
const DAY_FIRST_FORM = new RegExp(String.raw`^(\d{2})/(\d{2})/(\d{4})[T ]${TIME}${ZONE}$`, 'i');
const EPOCH_MS_DIGITS = /^\d{12,13}$/;

function offsetOf(zone: string | undefined): string {
	if (zone === undefined) return PORTAL_UTC_OFFSET;
	if (zone.toUpperCase() === 'Z') return 'Z';
	const digits = zone.slice(1).replace(':', '');
	return `${zone[0]}${digits.slice(0, 2)}:${digits.slice(2) || '00'}`;
}

function fromEpochMs(ms: number): string | null {
	return Number.isFinite(ms) && ms >= EARLIEST_EPOCH_MS && ms < LATEST_EPOCH_MS
		? new Date(ms).toISOString()
		: null;
}

function fromText(text: string): string | null {
	if (EPOCH_MS_DIGITS.test(text)) return fromEpochMs(Number(text));
	const iso = ISO_FORM.exec(text);
	const dayFirst = iso ? null : DAY_FIRST_FORM.exec(text);
	if (!iso && !dayFirst) return null;
	const [year, month, day, time, zone] = iso
		? iso.slice(1)
		: [dayFirst![3], dayFirst![2], dayFirst![1], dayFirst![4], dayFirst![5]];
	const written = `${year}-${month}-${day}T${time}${offsetOf(zone)}`;
	// Luxon refuses what does not exist (month 13, 31 February, 25:00) as n8n's validation does.
	return DateTime.fromISO(written, { setZone: true }).isValid ? written : null;
}

/** The instant as ISO 8601 with its offset (the portal's when it names none); null when unreadable or absent. */
export function isoInstantOf(value: unknown): string | null {
	if (typeof value === 'number') return fromEpochMs(value);
	if (typeof value !== 'string') return null;
	const text = value.trim();
	return text === '' ? null : fromText(text);
}

/** Whether a text instant names its offset (or Z); epoch milliseconds always say which instant. */
function namesItsInstant(value: unknown): boolean {
	if (typeof value === 'number') return true;
	const text = String(value).trim();
	const form = ISO_FORM.exec(text) ?? DAY_FIRST_FORM.exec(text);
	return EPOCH_MS_DIGITS.test(text) || form?.[5] !== undefined;
}

/**
 * Epoch milliseconds of an instant that says which one it is: epoch milliseconds, or a text that
 * names its offset (or Z). Null for a local time without an offset, whose zone is a guess.
 */
export function absoluteInstantMsOf(value: unknown): number | null {
	const iso = isoInstantOf(value);
	return iso !== null && namesItsInstant(value) ? Date.parse(iso) : null;
}

/**
 * Whether an instant is exact to the millisecond: it says which instant it is (above) and carries
 * its milliseconds, as text with a fraction of a second or as epoch milliseconds that are not a
 * whole second. A time to the second may have been rounded either way, and a local time without an
 * offset is a guess of its zone: neither is the instant another reading of the same lead gives.
 */
export function isExactInstant(value: unknown): boolean {
	if (absoluteInstantMsOf(value) === null) return false;
	const text = String(value).trim();
	if (typeof value === 'number' || EPOCH_MS_DIGITS.test(text)) return Number(text) % 1000 !== 0;
	return /:\d{2}\.\d+/.test(text);
}
