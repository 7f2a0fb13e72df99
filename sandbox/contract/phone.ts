/**
 * A phone number split the way the English 2 and English SF bodies give it (field notes, meaning
 * [S]): `ddd` the area code, `phoneNumber` area code + number, `phone` possibly already
 * international. Read from the text a prospect typed: `+54 11 5555-0142` (country, area, number),
 * `11 5555-0142` (area, number) or `5555-0142` (number only).
 */
export interface PhoneParts {
	/** As typed. */
	text: string;
	country: string | null;
	area: string | null;
	/** Digits of the number without country and area code. */
	number: string;
}

const digits = (text: string) => text.replace(/\D/g, '');

export function phoneParts(text: string | null): PhoneParts | null {
	if (text === null || digits(text) === '') return null;
	const groups = text.trim().split(/\s+/);
	const country = groups[0].startsWith('+') && groups.length > 1 ? digits(groups.shift()!) : null;
	const area = groups.length > 1 ? digits(groups.shift()!) : null;
	return { text, country, area, number: digits(groups.join('')) };
}

/** Area code + number, digits only (English 2 `phoneNumber`). */
export const localNumber = (parts: PhoneParts): string => `${parts.area ?? ''}${parts.number}`;

/** `+<country><area><number>` when the country is known, the local number otherwise (English 2 `phone`). */
export const internationalOrLocal = (parts: PhoneParts): string =>
	parts.country ? `+${parts.country}${localNumber(parts)}` : localNumber(parts);
