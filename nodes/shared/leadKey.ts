/**
 * One key per lead, whichever path brings it: a callback body in any language, the lead list, or
 * Lead → Get Many (docs/portal-api.md, "Lead key"). A table keyed on it holds each lead once.
 *
 * The key is built only from what every path carries of the same lead: the ad it is about, the
 * instant the portal registered it, who made it and whether it holds a message. Ids are not used
 * while those are there: a callback's `idEvento` appears in no list, a phone view has no message
 * id, and the English message body carries none either. Where a lead lacks one of them, the key
 * falls back to an id, and the prefix says which, so a lead two paths key apart is found:
 *
 * - `lead:<digest>`: ad code, registration second, prospect and kind; the same from every path.
 * - `message:<id>`: the message id, which the callback body and the list share.
 * - `event:<idEvento>` from a callback, `listed:<id>` from the list: this path's own id; the other
 *   path may key the same lead apart (at worst two rows, never a lead lost).
 */
import { createHash } from 'node:crypto';

/** What the key is read from: fields of the flat lead (normalizeEvent.ts). */
export interface LeadKeyFields {
	adCode: string | null;
	/** ISO 8601; read only when it names its offset (or Z): a bare local time is no instant. */
	registeredAt: string | null;
	email: string | null;
	phone: string | null;
	message: string | null;
	messageId: number | null;
	isAnonymous: boolean;
	eventId: string;
}

/** Which path read the lead: its own id is the last fallback. */
export type LeadPath = 'callback' | 'list';

/** Digits of a phone number that are the same however it is written (country and area codes vary). */
const PHONE_DIGITS_COMPARED = 8;

const ABSOLUTE_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;

/** Epoch second of the registration, or null when the text is no absolute instant. */
function registrationSecond(registeredAt: string | null): number | null {
	if (registeredAt === null || !ABSOLUTE_INSTANT.test(registeredAt.trim())) return null;
	const ms = Date.parse(registeredAt.trim());
	return Number.isNaN(ms) ? null : Math.floor(ms / 1_000);
}

/** The prospect as both paths write them: the e-mail, else the phone's last digits; null when anonymous. */
function prospectOf({ email, phone, isAnonymous }: LeadKeyFields): string | null {
	if (isAnonymous) return null;
	const mail = email?.trim().toLowerCase();
	if (mail && mail.includes('@')) return `mail:${mail}`;
	const digits = phone?.replace(/\D/g, '') ?? '';
	return digits.length >= PHONE_DIGITS_COMPARED
		? `tel:${digits.slice(-PHONE_DIGITS_COMPARED)}`
		: null;
}

/**
 * The content key, or null when the lead lacks an ad code, an absolute instant or a known prospect.
 * Anonymous leads never get one: two anonymous phone views of an ad in one second would share it.
 * The kind is part of it: one click may register a phone view and a message in the same second.
 */
function contentKey(lead: LeadKeyFields): string | null {
	const ad = lead.adCode?.trim().toLowerCase();
	const second = registrationSecond(lead.registeredAt);
	const prospect = prospectOf(lead);
	if (!ad || second === null || prospect === null) return null;
	const kind = lead.message?.trim() || lead.messageId !== null ? 'message' : 'view';
	const digest = createHash('sha256').update(['v1', ad, second, prospect, kind].join('\n'));
	return `lead:${digest.digest('hex').slice(0, 24)}`;
}

/** The key from ids alone: the message id, else this path's own id. */
export function idKeyOf(messageId: number | null, eventId: string, path: LeadPath): string {
	if (messageId !== null) return `message:${messageId}`;
	return `${path === 'list' ? 'listed' : 'event'}:${eventId}`;
}

export function leadKeyOf(lead: LeadKeyFields, path: LeadPath): string {
	return contentKey(lead) ?? idKeyOf(lead.messageId, lead.eventId, path);
}
