/**
 * One callback delivery → what the webhook answers and what (if anything) the workflow receives.
 * Order matters: the secret first (nothing about the body is revealed to a caller without it), then
 * size, JSON and the event schema, then the user's choices, and the duplicate check last so that only
 * emitted events take a place in the duplicate window (no check when the portal is answered after
 * the workflow: its retry of a run that failed must run again).
 */
import type { IDataObject } from 'n8n-workflow';
import type { BodyLanguage } from '../shared/eventFields';
import { envelopeOf, simplifyLead, unreadablePart } from '../shared/normalizeEvent';
import { readEvent, type PortalEvent } from '../shared/readEvent';
import type { EventKind } from '../shared/schemas';
import type { DuplicateCheck } from './dedupe';
import type { SecretDigest } from './secrets';
import { SECRET_HEADER, headerValue, matchingDigest } from './verify';

/** A registration as the webhook sees it: its secret digest, and its agency when it has one only. */
export type RegisteredReceiver = SecretDigest & { soleAgencyCode?: string | null };

/** Lead bodies are about a kilobyte; anything far larger is not a delivery of this service. */
export const MAX_BODY_BYTES = 128 * 1024;

export interface ReceiveSettings {
	/** Whether an event already emitted is ignored (repeats are answered 200, no execution). */
	dropRepeats: boolean;
	kinds: readonly EventKind[];
	/** The body language the callback is configured with: a hint, the body itself decides. */
	languageHint: string;
	simplify: boolean;
	includeRawBody: boolean;
	includeNationalId: boolean;
	/** Empty: no filter. */
	agencyCodes: readonly string[];
	adCodes: readonly string[];
}

export interface Delivery {
	headers: Record<string, string | string[] | undefined>;
	/** The bytes as received, when the server kept them (n8n does). */
	rawBody?: unknown;
	/** The body as the server parsed it. */
	body: unknown;
}

/** What a read delivery was: its body language as recognised (null when none matched). */
interface Read {
	language: BodyLanguage | null;
}

export type Reception =
	| { outcome: 'rejected'; status: 400 | 401 | 413; message: string }
	| ({ outcome: 'ignored'; reason: string } & Read)
	| ({ outcome: 'accepted'; item: IDataObject; eventId: string } & Read);

type BodyRead = { ok: true; value: unknown } | { ok: false; status: 400 | 413; message: string };

const TOO_LARGE: BodyRead = {
	ok: false,
	status: 413,
	message: `The body exceeds ${MAX_BODY_BYTES} bytes`,
};

function parseJsonText(text: string): BodyRead {
	if (Buffer.byteLength(text, 'utf8') > MAX_BODY_BYTES) return TOO_LARGE;
	try {
		return { ok: true, value: JSON.parse(text) };
	} catch {
		return { ok: false, status: 400, message: 'The body is not valid JSON' };
	}
}

function readBody(delivery: Delivery): BodyRead {
	const { rawBody, body } = delivery;
	if (Buffer.isBuffer(rawBody) && rawBody.length > 0) {
		if (rawBody.length > MAX_BODY_BYTES) return TOO_LARGE;
		return parseJsonText(rawBody.toString('utf8'));
	}
	if (typeof body === 'string') return parseJsonText(body);
	if (body !== null && typeof body === 'object') {
		return Buffer.byteLength(JSON.stringify(body), 'utf8') > MAX_BODY_BYTES
			? TOO_LARGE
			: { ok: true, value: body };
	}
	return { ok: false, status: 400, message: 'The body is empty' };
}

function listed(value: string | null, list: readonly string[]): boolean {
	if (value === null) return false;
	const wanted = value.trim().toLowerCase();
	return list.some((entry) => entry.trim().toLowerCase() === wanted);
}

/** Why the user's filters drop this event, or null. An event that names no agency (or ad) fails that filter. */
function filteredOut(event: PortalEvent, settings: ReceiveSettings): string | null {
	if (settings.agencyCodes.length > 0 && !listed(event.agencyCode, settings.agencyCodes)) {
		return 'agency not in Only Agency Codes';
	}
	if (settings.adCodes.length > 0) {
		const named = [event.adCode, event.platformAdId];
		if (!named.some((code) => listed(code, settings.adCodes))) return 'ad not in Only Ad Codes';
	}
	return null;
}

function itemOf(event: PortalEvent, settings: ReceiveSettings, now: Date): IDataObject {
	if (!settings.simplify) return event.body;
	if (!event.lead) return envelopeOf(event, now) as IDataObject;
	const lead: IDataObject = simplifyLead(event.lead, {
		includeNationalId: settings.includeNationalId,
	});
	const asked = settings.includeRawBody ? { rawBody: event.body } : {};
	return { ...lead, ...asked, ...unreadablePart(event.unreadableFields, event.body) };
}

/**
 * Lead bodies in English 2 and English SF name no agency (docs/portal-api.md#lead-bodies). When the
 * interface is linked to a single agency (soleAgency.ts reads that again when older than a short
 * time), the event can only be about it: the output and the agency filter get its code.
 */
function withAgencyOf(registration: RegisteredReceiver, event: PortalEvent): PortalEvent {
	const agency = registration.soleAgencyCode;
	if (!agency || event.agencyCode !== null) return event;
	return {
		...event,
		agencyCode: agency,
		lead: event.lead && { ...event.lead, codigoInmobiliaria: agency },
	};
}

/** What a delivery is checked against: the registrations' secret digests and the duplicate memories. */
export interface ReceiveChecks {
	registrations: readonly RegisteredReceiver[];
	duplicates: DuplicateCheck;
}

export function receive(
	delivery: Delivery,
	checks: ReceiveChecks,
	settings: ReceiveSettings,
	now: Date,
): Reception {
	const registration = matchingDigest(
		headerValue(delivery.headers, SECRET_HEADER),
		checks.registrations,
	);
	if (registration === undefined) {
		return {
			outcome: 'rejected',
			status: 401,
			message: `Missing or wrong ${SECRET_HEADER} header`,
		};
	}
	const read = readBody(delivery);
	if (!read.ok) return { outcome: 'rejected', status: read.status, message: read.message };
	const parsed = readEvent(read.value, settings.languageHint);
	if (!parsed.ok) {
		return {
			outcome: 'rejected',
			status: 400,
			message: `Not an event of this service: ${parsed.problem}`,
		};
	}
	const event = withAgencyOf(registration, parsed.event);
	const { language } = event;
	if (!settings.kinds.includes(event.kind))
		return { outcome: 'ignored', reason: `${event.kind} not chosen`, language };
	const filtered = filteredOut(event, settings);
	if (filtered) return { outcome: 'ignored', reason: filtered, language };
	if (
		settings.dropRepeats &&
		!checks.duplicates.isFirst(registration.digest, event.eventId, now.getTime())
	) {
		return {
			outcome: 'ignored',
			reason: `duplicate of event ${event.eventId}`,
			language,
		};
	}
	return {
		outcome: 'accepted',
		item: itemOf(event, settings, now),
		eventId: event.eventId,
		language,
	};
}
