/**
 * The service's date-time texts (specification: `fechaRegistro` with a numeric zone offset,
 * `fechaModificado` as local `yyyy-MM-dd HH:mm:ss.S`), in the portal region's local time.
 */

/**
 * The portal region's offset from UTC, in minutes: the published instants carry `-0300` (field
 * notes, "Lead bodies in five languages"), and the sandbox's hours are given in UTC-3.
 */
export const PORTAL_UTC_OFFSET_MINUTES = -180;

/** `-0300`: an offset from UTC in minutes, as the published instants write it. */
export function offsetText(minutes = PORTAL_UTC_OFFSET_MINUTES): string {
	const sign = minutes < 0 ? '-' : '+';
	const abs = Math.abs(minutes);
	return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

/** `yyyy-MM-ddTHH:mm:ss.SSS` (or to the second): the wall clock at `offsetMinutes`, no offset written. */
export function wallClockText(epochMs: number, offsetMinutes: number, withMs = true): string {
	return new Date(epochMs + offsetMinutes * 60_000).toISOString().slice(0, withMs ? 23 : 19);
}

/** `yyyy-MM-ddTHH:mm:ss.SSS-0300` (lead fechaRegistro, event fechaEvento). */
export function zonedTimestamp(epochMs: number): string {
	return wallClockText(epochMs, PORTAL_UTC_OFFSET_MINUTES) + offsetText();
}

/** `yyyy-MM-dd HH:mm:ss.S`: local time, fraction without trailing zeros (shape B fechaModificado). */
export function localModifiedText(epochMs: number): string {
	const text = wallClockText(epochMs, PORTAL_UTC_OFFSET_MINUTES);
	const fraction = text.slice(20, 23).replace(/0+$/, '') || '0';
	return `${text.slice(0, 10)} ${text.slice(11, 19)}.${fraction}`;
}

/** ISO 8601 with the zone (shape A fechaModificacion). */
export function isoTimestamp(epochMs: number): string {
	return new Date(epochMs).toISOString();
}

/** The first instant of a local day `yyyyMMdd` of the portal region, epoch ms. */
export function localDayStart(day: string): number {
	const midnightUtc = Date.UTC(
		Number(day.slice(0, 4)),
		Number(day.slice(4, 6)) - 1,
		Number(day.slice(6, 8)),
	);
	return midnightUtc - PORTAL_UTC_OFFSET_MINUTES * 60_000;
}
