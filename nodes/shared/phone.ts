/**
 * One phone number from what a lead body carries (docs/portal-api.md, "Phone numbers"): the number
 * (`telefono`, `phone`, `txtTelefone`), an area code (`ddd`, `txtDdd`) and area code and number in
 * one (`phoneNumber`). A number that is international (`+55…`) or already longer than a local
 * number is never prefixed again.
 */

/** The longest number without an area code (Brazilian mobiles have nine digits). */
const LONGEST_LOCAL_DIGITS = 9;

function textOf(value: unknown): string | null {
	if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	if (typeof value !== 'string') return null;
	const trimmed = value.trim();
	return trimmed === '' ? null : trimmed;
}

const digitsOf = (text: string) => text.replace(/\D/g, '');

/** Whether a number already carries its area code (or a country code). */
function isComplete(number: string): boolean {
	if (number.startsWith('+') || number.startsWith('00')) return true;
	return digitsOf(number).length > LONGEST_LOCAL_DIGITS;
}

export function composePhone(parts: {
	number?: unknown;
	areaCode?: unknown;
	combined?: unknown;
}): string | null {
	const number = textOf(parts.number);
	const areaCode = textOf(parts.areaCode);
	const combined = textOf(parts.combined);
	if (number !== null && /^(\+|00)/.test(number)) return number;
	if (combined !== null) return combined;
	if (number === null) return null;
	if (areaCode === null || isComplete(number)) return number;
	return `${areaCode} ${number}`;
}
