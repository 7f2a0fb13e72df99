/**
 * The service's date-time texts (specification: `fechaRegistro` with a numeric zone offset,
 * `fechaModificado` as local `yyyy-MM-dd HH:mm:ss.S`), in the portal region's local time.
 */

/**
 * The portal region's offset from UTC, in minutes: the published instants carry `-0300` (field
 * notes, "Lead bodies in five languages"), and the sandbox's hours are given in UTC-3.
 */
export const PORTAL_UTC_OFFSET_MINUTES = -180;

const offsetMs = PORTAL_UTC_OFFSET_MINUTES * 60_000;

function offsetText(): string {
	const minutes = Math.abs(PORTAL_UTC_OFFSET_MINUTES);
	const sign = PORTAL_UTC_OFFSET_MINUTES < 0 ? '-' : '+';
	return `${sign}${String(Math.floor(minutes / 60)).padStart(2, '0')}${String(minutes % 60).padStart(2, '0')}`;
}

/** `yyyy-MM-ddTHH:mm:ss.SSS-0300` (lead fechaRegistro, event fechaEvento). */
export function zonedTimestamp(epochMs: number): string {
	return new Date(epochMs + offsetMs).toISOString().replace('Z', offsetText());
}

/** `yyyy-MM-dd HH:mm:ss.S`: local time, fraction without trailing zeros (shape B fechaModificado). */
export function localModifiedText(epochMs: number): string {
	const iso = new Date(epochMs + offsetMs).toISOString();
	const fraction = iso.slice(20, 23).replace(/0+$/, '') || '0';
	return `${iso.slice(0, 10)} ${iso.slice(11, 19)}.${fraction}`;
}

/** ISO 8601 with the zone (shape A fechaModificacion). */
export function isoTimestamp(epochMs: number): string {
	return new Date(epochMs).toISOString();
}

/** `yyyyMMdd`: the portal region's local day of an instant (the lead polling `fromDate`). */
export function localDay(epochMs: number): string {
	return new Date(epochMs + offsetMs).toISOString().slice(0, 10).replace(/-/g, '');
}

/** The first instant of a local day `yyyyMMdd` of the portal region, epoch ms. */
export function localDayStart(day: string): number {
	const midnightUtc = Date.UTC(
		Number(day.slice(0, 4)),
		Number(day.slice(4, 6)) - 1,
		Number(day.slice(6, 8)),
	);
	return midnightUtc - offsetMs;
}
