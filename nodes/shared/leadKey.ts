/**
 * A lead's identity, the same in every path that brings it: a callback body in any language, the
 * lead list, Lead → Get Many (docs/portal-api.md, "Lead key"). Two invariants hold, each checked by
 * a property test over generated leads (test/unit/reader/leadIdentity.test.ts):
 *
 * - **Never merged**: two leads that differ in anything the portal tells leads apart by (message
 *   id, contact type, message text, prospect, ad, instant) never share a `leadKey`.
 * - **One lead, one row**: one lead read from the callback and from the list has one `leadKey`
 *   wherever both carry what identifies it (its message id; for a lead without one, its ad, its
 *   instant with an offset, its contact type and its prospect, all equal). Where they do not, the
 *   two rows share `matchKey`, which names the pair without merging them.
 *
 * `leadKey`, by what the lead carries:
 * - `message:<id>`: the message id, shared by the callback (Spanish, Portuguese, English 2 and SF
 *   bodies) and the list.
 * - `view:<digest>`: a lead without a message (a phone view, a WhatsApp contact) and without a
 *   message id: its ad, instant to the millisecond, contact type and prospect. No id is shared by
 *   both paths for such a lead, and none is needed: these are everything that tells two of them
 *   apart.
 * - `event:<id>` from a callback, `listed:<id>` from the list: the path's own id. A message without
 *   its id (the English body hides it: keyed by content, two messages of one second with one text
 *   would merge), an anonymous prospect (two are told apart by nothing listed), a lead that names
 *   neither its ad's code nor its platform id (a phone view on an ad not associated to the
 *   interface), or no instant that names its offset.
 */
import { createHash } from 'node:crypto';

/** What the keys are read from: fields of the flat lead (normalizeEvent.ts). */
export interface LeadKeyFields {
	eventType: string;
	/** The contact type the body names, else the one its kind stands for. */
	contactTypeId: number | null;
	adCode: string | null;
	platformAdId: number | null;
	/** Epoch ms of the registration, only when the text named its offset (or was epoch ms). */
	registeredAtMs: number | null;
	/** Epoch ms of the registration however it was written (an offset-less one in the portal's zone). */
	registeredAtReadMs: number | null;
	name: string | null;
	email: string | null;
	phone: string | null;
	message: string | null;
	messageId: number | null;
	isAnonymous: boolean;
	eventId: string;
}

/** Which path read the lead: its own id is the last fallback. */
export type LeadPath = 'callback' | 'list';

export interface LeadKeys {
	leadKey: string;
	/** Shared by the rows of one lead that two paths keyed apart; null when nothing is known to share. */
	matchKey: string | null;
}

/** Digits of a phone number that stay the same however it is written (country and area codes vary). */
const PHONE_TAIL_DIGITS = 8;

const digest = (parts: Array<string | number>) =>
	createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 24);

const clean = (text: string | null) => text?.trim().toLowerCase() || null;

const phoneDigits = (lead: LeadKeyFields) => lead.phone?.replace(/\D/g, '') ?? '';

const isMessage = (lead: LeadKeyFields) =>
	lead.eventType === 'CONTACTO_MENSAJE' || Boolean(lead.message?.trim());

/** The ad as both paths name it: the integrator's code, else the platform's id; null when neither. */
function adOf(lead: LeadKeyFields): string | null {
	const code = clean(lead.adCode);
	if (code) return `code:${code}`;
	return lead.platformAdId === null ? null : `plat:${lead.platformAdId}`;
}

/** The prospect, whole: the e-mail, else every digit of the phone, else the name; null when anonymous. */
function prospectOf(lead: LeadKeyFields): string | null {
	if (lead.isAnonymous) return null;
	const mail = clean(lead.email);
	if (mail?.includes('@')) return `mail:${mail}`;
	const digits = phoneDigits(lead);
	if (digits.length > 0) return `tel:${digits}`;
	const name = clean(lead.name);
	return name ? `name:${name}` : null;
}

/** The key of a lead without a message: null when its ad, instant or prospect is not known. */
function viewKey(lead: LeadKeyFields): string | null {
	const ad = adOf(lead);
	const prospect = prospectOf(lead);
	const { registeredAtMs, contactTypeId } = lead;
	if (ad === null || registeredAtMs === null || prospect === null || contactTypeId === null)
		return null;
	const parts = ['v2', ad, registeredAtMs, contactTypeId, prospect];
	return `view:${digest(parts)}`;
}

/** The key from ids alone: the message id, else this path's own id. */
export function idKeyOf(messageId: number | null, eventId: string, path: LeadPath): string {
	if (messageId !== null) return `message:${messageId}`;
	return `${path === 'list' ? 'listed' : 'event'}:${eventId}`;
}

export function leadKeyOf(lead: LeadKeyFields, path: LeadPath): string {
	const content = lead.messageId === null && !isMessage(lead) ? viewKey(lead) : null;
	return content ?? idKeyOf(lead.messageId, lead.eventId, path);
}

/**
 * The prospect as both paths are likeliest to write it: the name they typed (a list may leave the
 * e-mail out), else the phone's last digits, else the e-mail.
 */
function looseProspectOf(lead: LeadKeyFields): string {
	if (lead.isAnonymous) return 'anonymous';
	const name = clean(lead.name)?.replace(/\s+/g, ' ');
	if (name) return `name:${name}`;
	const digits = phoneDigits(lead);
	if (digits.length >= PHONE_TAIL_DIGITS) return `tel:${digits.slice(-PHONE_TAIL_DIGITS)}`;
	return clean(lead.email) ?? 'unknown';
}

/**
 * What one lead's rows share when the paths keyed it apart: its contact type, prospect and ad code,
 * nothing of its instant (a minute or any other bucket splits one lead whose instant a path rounds
 * across it). Every lead of one prospect, type and ad shares it: it names possible pairs, the
 * landing workflows pair the rows of the nearest instants, and it never decides one. A lead without
 * a readable instant has none (a pair is told by its instants).
 */
export function matchKeyOf(lead: LeadKeyFields): string | null {
	if (lead.registeredAtReadMs === null || lead.contactTypeId === null) return null;
	const parts = ['m2', lead.contactTypeId, looseProspectOf(lead), clean(lead.adCode) ?? ''];
	return `match:${digest(parts)}`;
}

export function leadKeysOf(lead: LeadKeyFields, path: LeadPath): LeadKeys {
	return { leadKey: leadKeyOf(lead, path), matchKey: matchKeyOf(lead) };
}
