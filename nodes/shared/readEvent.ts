/**
 * The one reader of what the portal sends: a callback body in any published language or edition
 * (or a lead list item, nodes/RealEstatePortalPollTrigger/leads.ts) → the canonical event that the
 * trigger's filters, its de-duplication and its item then use. Field names come from the alias
 * table (eventFields.ts); the body language is recognised from the body itself, the configured one
 * being only a hint.
 *
 * A body that carries a lead is always read, whatever is missing or mistyped: refused, the portal
 * would retry it for 72 hours and then give it up. Bodies without an event id (English SF) get one
 * derived as docs/portal-api.md ("Event ids of English SF bodies") states.
 */
import { createHash } from 'node:crypto';
import type { ZodError } from 'zod';
import { canonicalFields, detectBodyLanguage, type BodyLanguage } from './eventFields';
import { isLeadKind } from './eventKinds';
import {
	eventKindSchema,
	leadFieldsSchema,
	type EventKind,
	type LeadEventBody,
	type LeadFields,
} from './schemas';

type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** How an event's id was obtained. */
export type EventIdSource = 'body' | 'messageId' | 'digest';

export interface PortalEvent {
	eventId: string;
	eventIdSource: EventIdSource;
	kind: EventKind;
	/** The body language recognised from the field names; null when none matched. */
	language: BodyLanguage | null;
	/** The body with its known fields under their canonical names. */
	fields: Record<string, unknown>;
	/** The body exactly as delivered, in its body language. */
	body: JsonObject;
	/** Set for lead kinds: the fields read with the lead schema. */
	lead: LeadEventBody | null;
	/** Lead fields (canonical names) of a type the lead schema refuses: left out of `lead`. */
	unreadableFields: string[];
	/** The agency the event names, from whichever field carries it. */
	agencyCode: string | null;
	/** The integrator's ad code (`referencia`, or an ad event's `codigoAviso`). */
	adCode: string | null;
	/** The ad's platform id. */
	platformAdId: string | null;
}

export type EventParseResult = { ok: true; event: PortalEvent } | { ok: false; problem: string };

/**
 * Fields any of which makes a body a lead: a person, their words, the ad they asked about (a lead's
 * `referencia`; an ad event's `codigoAviso` does not count) or the contact.
 */
const LEAD_CONTENT = [
	'nombre',
	'email',
	'telefono',
	'phoneNumber',
	'mensaje',
	'referencia',
	'idContacto',
] as const;

function isPlainObject(value: unknown): value is JsonObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A scalar as text; null for null, missing, empty text and anything that is not a scalar. */
export function textOf(value: unknown): string | null {
	if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	if (typeof value !== 'string') return null;
	return value.trim() === '' ? null : value;
}

/** Whether canonical fields carry anything of a lead. */
export function carriesLead(fields: Record<string, unknown>): boolean {
	return LEAD_CONTENT.some((name) => {
		const value = fields[name];
		return value !== null && value !== undefined && value !== '';
	});
}

function describeZodError(error: ZodError): string {
	return error.issues
		.map((issue) =>
			issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
		)
		.join('; ');
}

/** Whole numbers sent as digits ("9001") are read as numbers. */
function withNumbers(fields: Record<string, unknown>): Record<string, unknown> {
	const out = { ...fields };
	for (const name of ['idMensaje', 'idTipoContacto'] as const) {
		const value = out[name];
		if (typeof value === 'string' && /^\d+$/.test(value.trim())) out[name] = Number(value);
	}
	return out;
}

/**
 * Reads lead fields (canonical names). A field of a type the schema refuses is left out and named
 * in `unreadableFields`, so that a lead in an unforeseen variant is still emitted with what can be
 * read (and its raw body).
 */
export function readLeadFields(fields: Record<string, unknown>): {
	lead: LeadFields;
	unreadableFields: string[];
} {
	const input = withNumbers(fields);
	const parsed = leadFieldsSchema.safeParse(input);
	if (parsed.success) return { lead: parsed.data, unreadableFields: [] };
	const unreadableFields = [
		...new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? ''))),
	];
	const readable = Object.fromEntries(
		Object.entries(input).filter(([name]) => !unreadableFields.includes(name)),
	);
	return { lead: leadFieldsSchema.parse(readable), unreadableFields };
}

/** A message makes a CONTACTO_MENSAJE; anything else a CONTACTO (phone view). */
function leadKindOf(lead: LeadFields): 'CONTACTO' | 'CONTACTO_MENSAJE' {
	return textOf(lead.mensaje) !== null || typeof lead.idMensaje === 'number'
		? 'CONTACTO_MENSAJE'
		: 'CONTACTO';
}

/**
 * The id of a lead whose body has none: its message id when it has one, else a digest of its
 * fields under their canonical names (the same for every delivery of the same body, whatever its
 * language). Two leads whose every field is equal get the same id.
 */
export function derivedEventId(fields: Record<string, unknown>): {
	eventId: string;
	source: EventIdSource;
} {
	const messageId = fields.idMensaje;
	if (typeof messageId === 'number' && Number.isSafeInteger(messageId))
		return { eventId: `message-${messageId}`, source: 'messageId' };
	return { eventId: `digest-${fieldsDigest(fields).slice(0, 32)}`, source: 'digest' };
}

/** SHA-256 (hex) of fields, names sorted: the same for the same fields in any order. */
export function fieldsDigest(fields: Record<string, unknown>): string {
	const sorted = Object.keys(fields)
		.sort()
		.map((name) => [name, fields[name] ?? null]);
	return createHash('sha256').update(JSON.stringify(sorted)).digest('hex');
}

function namedParts(fields: Record<string, unknown>) {
	return {
		agencyCode:
			textOf(fields.codigoInmobiliaria) ??
			textOf(fields.codigoCliente) ??
			textOf(fields.codigoEmpresa),
		adCode: textOf(fields.referencia) ?? textOf(fields.codigoAviso),
		platformAdId: textOf(fields.idAvisoPlat),
	};
}

/**
 * Reads a parsed JSON body as an event; `problem` says why it is not one. `languageHint` is the
 * body language the callback was configured with.
 */
export function readEvent(body: unknown, languageHint?: string | null): EventParseResult {
	if (!isPlainObject(body)) return { ok: false, problem: 'the body is not a JSON object' };
	const language = detectBodyLanguage(body, languageHint);
	const fields = canonicalFields(body, language);
	const kind = eventKindSchema.safeParse(fields.tipoEvento);
	const bodyEventId = textOf(fields.idEvento);
	const base = { language, fields, body, ...namedParts(fields) };

	if (kind.success && !isLeadKind(kind.data)) {
		// Leniency is for leads only: an ad or credit event without a text id is not one.
		const eventId = typeof fields.idEvento === 'string' ? bodyEventId : null;
		if (eventId === null) return { ok: false, problem: 'idEvento: the event has no id' };
		const event = { ...base, eventId, eventIdSource: 'body' as const };
		return { ok: true, event: { ...event, kind: kind.data, lead: null, unreadableFields: [] } };
	}
	// A lead kind with an event id is an event even when empty (an anonymous phone view may be).
	if (!carriesLead(fields) && !(kind.success && bodyEventId !== null)) {
		const why = kind.success
			? 'no event id'
			: fields.tipoEvento === undefined
				? 'no event kind'
				: describeZodError(kind.error);
		return {
			ok: false,
			problem: `${why}, and no lead field (name, e-mail, phone, message, ad or contact)`,
		};
	}
	const { lead, unreadableFields } = readLeadFields(fields);
	const tipoEvento = kind.success ? (kind.data as LeadEventBody['tipoEvento']) : leadKindOf(lead);
	const id =
		bodyEventId === null
			? derivedEventId(fields)
			: { eventId: bodyEventId, source: 'body' as const };
	return {
		ok: true,
		event: {
			...base,
			eventId: id.eventId,
			eventIdSource: id.source,
			kind: tipoEvento,
			lead: { ...lead, idEvento: id.eventId, tipoEvento },
			unreadableFields,
		},
	};
}
