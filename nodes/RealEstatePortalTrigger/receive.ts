/**
 * One callback delivery → what the webhook answers and what (if anything) the workflow receives.
 * Order matters: the secret first (nothing about the body is revealed to a caller without it), then
 * size, JSON and the event schema, then the user's choices, and the duplicate check last so that only
 * emitted events take a place in the duplicate window (no check when the portal is answered after
 * the workflow: its retry of a run that failed must run again).
 */
import type { IDataObject } from 'n8n-workflow';
import {
	adCodeOf,
	agencyCodeOf,
	envelopeOf,
	parseEvent,
	simplifyLead,
	unreadablePart,
	type PortalEvent,
} from '../shared/normalizeEvent';
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
	simplify: boolean;
	includeRawBody: boolean;
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

export type Reception =
	| { outcome: 'rejected'; status: 400 | 401 | 413; message: string }
	| { outcome: 'ignored'; reason: string }
	| { outcome: 'accepted'; item: IDataObject; eventId: string };

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
	if (
		settings.agencyCodes.length > 0 &&
		!listed(agencyCodeOf(event.fields), settings.agencyCodes)
	) {
		return 'agency not in Only Agency Codes';
	}
	if (settings.adCodes.length > 0) {
		const platformId = event.fields.idAvisoPlat;
		const named = [
			adCodeOf(event.fields),
			platformId === undefined || platformId === null ? null : String(platformId),
		];
		if (!named.some((code) => listed(code, settings.adCodes))) return 'ad not in Only Ad Codes';
	}
	return null;
}

function itemOf(event: PortalEvent, settings: ReceiveSettings, now: Date): IDataObject {
	if (!settings.simplify) return event.body;
	if (!event.lead) return envelopeOf(event, now) as IDataObject;
	const lead: IDataObject = simplifyLead(event.lead);
	const asked = settings.includeRawBody ? { rawBody: event.body } : {};
	return { ...lead, ...asked, ...unreadablePart(event.unreadableFields, event.body) };
}

/**
 * Lead bodies name no agency (`codigoInmobiliaria` is null in every observed body,
 * docs/portal-api.md#lead-bodies). When the interface is linked to a single agency, read once at
 * activation, the event can only be about it: the output and the agency filter get its code.
 */
function withAgencyOf(registration: RegisteredReceiver, event: PortalEvent): PortalEvent {
	const agency = registration.soleAgencyCode;
	if (!agency || agencyCodeOf(event.fields) !== null) return event;
	return {
		...event,
		fields: { ...event.fields, codigoInmobiliaria: agency },
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
	const parsed = parseEvent(read.value);
	if (!parsed.ok) {
		return {
			outcome: 'rejected',
			status: 400,
			message: `Not an event of this service: ${parsed.problem}`,
		};
	}
	const event = withAgencyOf(registration, parsed.event);
	if (!settings.kinds.includes(event.kind))
		return { outcome: 'ignored', reason: `${event.kind} not chosen` };
	const filtered = filteredOut(event, settings);
	if (filtered) return { outcome: 'ignored', reason: filtered };
	if (
		settings.dropRepeats &&
		!checks.duplicates.isFirst(registration.digest, event.eventId, now.getTime())
	) {
		return {
			outcome: 'ignored',
			reason: `duplicate of event ${event.eventId}`,
		};
	}
	return { outcome: 'accepted', item: itemOf(event, settings, now), eventId: event.eventId };
}
