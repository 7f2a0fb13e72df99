/**
 * Callback bodies → what the trigger emits. A body in any of the three body languages is read through
 * the one alias table (`eventFields.ts`) and checked with the service's schemas; a lead becomes
 * one flat object a sheet row or a CRM contact takes as is, and an ad or credit event (bodies not
 * public) keeps its body unchanged inside a small normalised envelope.
 */
import type { ZodError } from 'zod';
import { toSpanishNames } from './eventFields';
import { isLeadKind } from './eventKinds';
import {
	eventEnvelopeSchema,
	leadEventBodySchema,
	type EventKind,
	type LeadEventBody,
} from './schemas';

type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
type JsonObject = { [key: string]: JsonValue };

export interface PortalEvent {
	eventId: string;
	kind: EventKind;
	/** The body with its known fields renamed to the service's Spanish names. */
	fields: Record<string, unknown>;
	/** The body exactly as delivered, in its body language. */
	body: JsonObject;
	/** Set for lead kinds (CONTACTO, CONTACTO_MENSAJE): the fields checked against the lead schema. */
	lead: LeadEventBody | null;
	/** Lead fields of a type the lead schema refuses (Spanish names): left out of `lead`. */
	unreadableFields: string[];
}

export type EventParseResult = { ok: true; event: PortalEvent } | { ok: false; problem: string };

export interface SimplifiedLead {
	[key: string]: string | number | boolean | null;
	eventId: string;
	eventType: string;
	contactType: string | null;
	registeredAt: string | null;
	adCode: string | null;
	messageId: number | null;
	name: string | null;
	email: string | null;
	phone: string | null;
	message: string | null;
	isAnonymous: boolean;
	parentAdId: string | number | null;
	developmentCode: string | null;
	publicationPlan: string | null;
	internalKey: string | null;
	nationalId: string | null;
	agencyCode: string | number | null;
	clientCode: string | number | null;
	contactId: string | number | null;
}

export interface EventEnvelope {
	[key: string]: JsonValue | undefined;
	eventId: string;
	eventType: string;
	adCode?: string;
	agencyCode?: string;
	receivedAt: string;
	body: JsonObject;
}

/** Observed `idTipoContacto` values (docs/portal-api.md, "Lead bodies"). */
const CONTACT_TYPES: Record<number, string> = { 6: 'phone view', 1: 'message' };

/** The fixed texts the service sends for an anonymous user. */
const ANONYMOUS_NAME = 'ANONYMOUS';
const ANONYMOUS_EMAIL = '--';

function describeZodError(error: ZodError): string {
	return error.issues
		.map((issue) =>
			issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
		)
		.join('; ');
}

function isPlainObject(value: unknown): value is JsonObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export type LeadRead =
	| { ok: true; lead: LeadEventBody; unreadableFields: string[] }
	| { ok: false; problem: string; unreadableFields: string[] };

/**
 * Reads lead fields (Spanish names). A field of a type the schema refuses is left out and named in
 * `unreadableFields`, so that a lead the portal sends in an unforeseen variant is still emitted with
 * what can be read (and its raw body) instead of being refused: refused, the portal would retry it
 * for 72 hours and then give it up.
 */
export function readLead(fields: Record<string, unknown>): LeadRead {
	const parsed = leadEventBodySchema.safeParse(fields);
	if (parsed.success) return { ok: true, lead: parsed.data, unreadableFields: [] };
	const unreadableFields = [
		...new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? ''))),
	];
	const readable = Object.fromEntries(
		Object.entries(fields).filter(([name]) => !unreadableFields.includes(name)),
	);
	const retried = leadEventBodySchema.safeParse(readable);
	// The fields that make a lead an event (idEvento, tipoEvento) cannot be left out.
	if (!retried.success)
		return { ok: false, problem: describeZodError(parsed.error), unreadableFields };
	return { ok: true, lead: retried.data, unreadableFields };
}

/**
 * What a lead item carries beside its readable fields when some could not be read: their names and
 * the body as delivered or listed, so that nothing is dropped (both triggers' rule). Empty otherwise.
 */
export function unreadablePart(
	unreadableFields: string[],
	rawBody: object,
): { unreadableFields?: string; rawBody?: object } {
	return unreadableFields.length > 0
		? { unreadableFields: unreadableFields.join(', '), rawBody }
		: {};
}

/** Reads a parsed JSON body as an event of any body language; `problem` says why it is not one. */
export function parseEvent(body: unknown): EventParseResult {
	if (!isPlainObject(body)) return { ok: false, problem: 'the body is not a JSON object' };
	const fields = toSpanishNames(body);
	const envelope = eventEnvelopeSchema.safeParse(fields);
	if (!envelope.success) return { ok: false, problem: describeZodError(envelope.error) };
	const kind = envelope.data.tipoEvento;
	const event = { eventId: envelope.data.idEvento, kind, fields, body };
	if (!isLeadKind(kind)) return { ok: true, event: { ...event, lead: null, unreadableFields: [] } };
	const read = readLead(fields);
	if (!read.ok) return { ok: false, problem: read.problem };
	return {
		ok: true,
		event: { ...event, lead: read.lead, unreadableFields: read.unreadableFields },
	};
}

/** `yyyy-MM-ddTHH:mm:ss.SSS+hhmm` (and close variants) → ISO 8601 keeping the local offset. */
export function toIsoTimestamp(text: string | null | undefined): string | null {
	if (text === null || text === undefined || text.trim() === '') return null;
	const match =
		/^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)\s*(Z|[+-]\d{2}:?\d{2})?$/i.exec(
			text.trim(),
		);
	if (!match) return text;
	const [, date, time, zone] = match;
	const offset =
		zone === undefined
			? ''
			: zone.toUpperCase() === 'Z'
				? 'Z'
				: `${zone.slice(0, 3)}:${zone.slice(-2)}`;
	const iso = `${date}T${time}${offset}`;
	return Number.isNaN(Date.parse(iso)) ? text : iso;
}

function text(value: unknown): string | null {
	if (value === null || value === undefined) return null;
	return typeof value === 'string' ? value : String(value);
}

/** Fields whose type the service leaves open: kept as a string or number, anything else as text. */
function scalar(value: unknown): string | number | null {
	if (value === null || value === undefined) return null;
	if (typeof value === 'string' || typeof value === 'number') return value;
	return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function contactTypeOf(id: number | null | undefined): string | null {
	if (id === null || id === undefined) return null;
	return CONTACT_TYPES[id] ?? `type ${id}`;
}

/** A lead (as `parseEvent` checked it) → one flat object. */
export function simplifyLead(lead: LeadEventBody): SimplifiedLead {
	const isAnonymous =
		lead.nombre?.trim().toUpperCase() === ANONYMOUS_NAME || lead.email?.trim() === ANONYMOUS_EMAIL;
	const unlessPlaceholder = (value: string | null | undefined, placeholder: string) =>
		value === null || value === undefined || value.trim().toUpperCase() === placeholder
			? null
			: value;
	return {
		eventId: lead.idEvento,
		eventType: lead.tipoEvento,
		contactType: contactTypeOf(lead.idTipoContacto),
		registeredAt: toIsoTimestamp(lead.fechaRegistro),
		adCode: lead.referencia ?? null,
		messageId: lead.idMensaje ?? null,
		name: unlessPlaceholder(lead.nombre, ANONYMOUS_NAME),
		email: unlessPlaceholder(lead.email, ANONYMOUS_EMAIL),
		phone: lead.telefono ?? null,
		message: lead.mensaje ?? null,
		isAnonymous,
		parentAdId: scalar(lead.idAvisoPadre),
		developmentCode: lead.codigoDesarrollo ?? null,
		publicationPlan: lead.planDePublicacion ?? null,
		internalKey: lead.claveInterna ?? null,
		nationalId: lead.dni ?? null,
		agencyCode: scalar(lead.codigoInmobiliaria),
		clientCode: scalar(lead.codigoCliente),
		contactId: scalar(lead.idContacto),
	};
}

/** The ad code an event names: `referencia` for leads, `codigoAviso` for ad events. */
export function adCodeOf(fields: Record<string, unknown>): string | null {
	return text(fields.referencia) ?? text(fields.codigoAviso);
}

/** The agency an event names: `codigoInmobiliaria`, or a credit event's `codigoEmpresa`. */
export function agencyCodeOf(fields: Record<string, unknown>): string | null {
	return text(fields.codigoInmobiliaria) ?? text(fields.codigoEmpresa);
}

/** An ad or credit event → the normalised envelope with the body unchanged inside. */
export function envelopeOf(event: PortalEvent, receivedAt: Date): EventEnvelope {
	const adCode = adCodeOf(event.fields);
	const agencyCode = agencyCodeOf(event.fields);
	return {
		eventId: event.eventId,
		eventType: event.kind,
		...(adCode !== null && { adCode }),
		...(agencyCode !== null && { agencyCode }),
		receivedAt: receivedAt.toISOString(),
		body: event.body,
	};
}
