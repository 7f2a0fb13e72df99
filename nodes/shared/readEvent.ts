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
import { detectBodyLanguage, readFields, type BodyLanguage } from './eventFields';
import { isLeadKind } from './eventKinds';
import { isoInstantOf } from './instants';
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
	/**
	 * Known fields that could not be read, as the body names them: a lead field of a type the lead
	 * schema refuses or an instant that cannot be read (left out of `lead`), an event kind or an
	 * event id that is none. Their values are only in the body.
	 */
	unreadableFields: string[];
	/** A lead body's names that the alias table does not know (eventFields.ts): their values are only in the body. */
	unknownFields: string[];
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

export function isPlainObject(value: unknown): value is JsonObject {
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

/** A whole number, or one written in digits ("9001"); null for anything else. */
export function wholeNumberOf(value: unknown): number | null {
	const number = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
	return typeof number === 'number' && Number.isSafeInteger(number) ? number : null;
}

/** Whole numbers sent as digits ("9001") are read as numbers. */
function withNumbers(fields: Record<string, unknown>): Record<string, unknown> {
	const out = { ...fields };
	for (const name of ['idMensaje', 'idTipoContacto'] as const) {
		const number = wholeNumberOf(out[name]);
		if (number !== null) out[name] = number;
	}
	return out;
}

const isAbsent = (value: unknown) =>
	value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/** Lead fields whose value must be of a form beyond its type: read by their own reader, or not at all. */
const FORM_OF: Record<string, (value: unknown) => boolean> = {
	fechaRegistro: (value) => isoInstantOf(value) !== null,
	idAvisoPlat: (value) => wholeNumberOf(value) !== null,
};

/**
 * Reads lead fields (canonical names). A field of a type the schema refuses, or a registration
 * instant that cannot be read (instants.ts), is left out and named in `unreadableFields` (in the
 * fields' order), so that a lead in an unforeseen variant is still emitted with what can be read
 * (and its raw body).
 */
export function readLeadFields(fields: Record<string, unknown>): {
	lead: LeadFields;
	unreadableFields: string[];
} {
	const input = withNumbers(fields);
	const parsed = leadFieldsSchema.safeParse(input);
	const refused = new Set(
		parsed.success ? [] : parsed.error.issues.map((issue) => String(issue.path[0] ?? '')),
	);
	for (const [name, isReadable] of Object.entries(FORM_OF)) {
		if (!isAbsent(input[name]) && !isReadable(input[name])) refused.add(name);
	}
	if (parsed.success && refused.size === 0) return { lead: parsed.data, unreadableFields: [] };
	const unreadableFields = Object.keys(input).filter((name) => refused.has(name));
	const readable = Object.fromEntries(Object.entries(input).filter(([name]) => !refused.has(name)));
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

/** JSON text of a value; its names alone when it nests deeper than JSON.stringify can write. */
function jsonTextOf(value: unknown): string {
	try {
		return String(JSON.stringify(value));
	} catch {
		return JSON.stringify(isPlainObject(value) ? Object.keys(value) : typeof value);
	}
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** SHA-256 (hex) of fields, names sorted: the same for the same fields in any order. */
export function fieldsDigest(fields: Record<string, unknown>): string {
	const sorted = Object.keys(fields)
		.sort()
		.map((name) => [name, fields[name] ?? null]);
	return sha256(jsonTextOf(sorted));
}

/**
 * The id of a body that is no event the reader can place: its text event id when it has one,
 * else a digest of the body as delivered (`text`, when the bytes were read), the same at every
 * retry.
 */
export function unplacedEventId(body: unknown, text?: string): string {
	if (isPlainObject(body)) {
		const { fields } = readFields(body, detectBodyLanguage(body));
		const given = typeof fields.idEvento === 'string' ? textOf(fields.idEvento) : null;
		if (given !== null) return given;
	}
	return `digest-${sha256(text ?? jsonTextOf(body)).slice(0, 32)}`;
}

const isPresent = (value: unknown) => value !== null && value !== undefined;

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

/** What readEvent read of an event besides its id. */
type EventRead = Pick<PortalEvent, 'kind' | 'unreadableFields' | 'unknownFields'> & {
	lead: (LeadFields & Pick<LeadEventBody, 'tipoEvento'>) | null;
};

/**
 * Reads a parsed JSON body as an event; `problem` says why it is not one. `languageHint` is the
 * body language the callback was configured with.
 */
export function readEvent(body: unknown, languageHint?: string | null): EventParseResult {
	if (!isPlainObject(body)) return { ok: false, problem: 'the body is not a JSON object' };
	const language = detectBodyLanguage(body, languageHint);
	const { fields, deliveredNames, unknownNames } = readFields(body, language);
	const asDelivered = (names: string[]) => names.map((name) => deliveredNames[name] ?? name);
	const kind = eventKindSchema.safeParse(fields.tipoEvento);
	const bodyEventId = textOf(fields.idEvento);
	const base = { language, fields, body, ...namedParts(fields) };

	/** The event, under the body's text id or, without one, an id derived from its fields. */
	const eventWith = (textId: string | null, read: EventRead): EventParseResult => {
		const id =
			textId === null ? derivedEventId(fields) : { eventId: textId, source: 'body' as const };
		const lead = read.lead && { ...read.lead, idEvento: id.eventId };
		const event = { ...base, ...read, lead, eventId: id.eventId, eventIdSource: id.source };
		return { ok: true, event };
	};

	if (kind.success && !isLeadKind(kind.data)) {
		// Its body is not public: only the envelope is read. Without a text id, one is derived.
		const textId = typeof fields.idEvento === 'string' ? bodyEventId : null;
		const unreadableFields = textId === null && isPresent(fields.idEvento) ? ['idEvento'] : [];
		return eventWith(textId, {
			kind: kind.data,
			lead: null,
			unreadableFields: asDelivered(unreadableFields),
			unknownFields: [],
		});
	}
	// A lead kind with an event id is an event even when empty (an anonymous phone view may be).
	if (!carriesLead(fields) && !(kind.success && bodyEventId !== null)) {
		const why = kind.success
			? 'no event id'
			: isPresent(fields.tipoEvento)
				? 'an event kind it does not know'
				: 'no event kind';
		return {
			ok: false,
			problem: `${why}, and no lead field (name, e-mail, phone, message, ad or contact)`,
		};
	}
	const { lead, unreadableFields } = readLeadFields(fields);
	const tipoEvento = kind.success ? (kind.data as LeadEventBody['tipoEvento']) : leadKindOf(lead);
	const envelopeUnread = [
		...(isPresent(fields.idEvento) && bodyEventId === null ? ['idEvento'] : []),
		...(isPresent(fields.tipoEvento) && !kind.success ? ['tipoEvento'] : []),
	];
	return eventWith(bodyEventId, {
		kind: tipoEvento,
		lead: { ...lead, tipoEvento },
		unreadableFields: asDelivered([...envelopeUnread, ...unreadableFields]),
		unknownFields: unknownNames,
	});
}
