/**
 * A read event (readEvent.ts) → what the triggers emit: a lead becomes one flat object a sheet row
 * or a CRM contact takes as is, the same from both triggers; an ad or credit event (bodies not
 * public) keeps its body unchanged inside a small normalised envelope.
 */
import type { IDataObject } from 'n8n-workflow';
import { CONTACT_TYPE_OF_KIND, contactTypeWords } from './contactTypes';
import { absoluteInstantMsOf, isoInstantOf } from './instants';
import { leadKeysOf, type LeadPath } from './leadKey';
import { composePhone } from './phone';
import { textOf, wholeNumberOf, type JsonObject, type PortalEvent } from './readEvent';
import type { LeadEventBody } from './schemas';

export type { PortalEvent } from './readEvent';

export interface SimplifiedLead {
	[key: string]: string | number | boolean | null;
	/** One key per lead whichever path brought it, never one for two leads (leadKey.ts). */
	leadKey: string;
	/** Shared by the rows of one lead that two paths keyed apart (leadKey.ts); null when unknown. */
	matchKey: string | null;
	eventId: string;
	eventType: string;
	contactType: string | null;
	contactTypeId: number | null;
	registeredAt: string | null;
	adCode: string | null;
	/** The platform's ids are whole numbers (docs/portal-api.md); anything else is not read. */
	platformAdId: number | null;
	messageId: number | null;
	/** Text: its type differs across body languages, and a table column needs one. */
	contactId: string | null;
	name: string | null;
	email: string | null;
	phone: string | null;
	message: string | null;
	isAnonymous: boolean;
	agencyCode: string | number | null;
	clientCode: string | number | null;
	leadOrigin: string | null;
	developmentId: string | number | null;
	/** The same as developmentId: kept for workflows that map it. */
	parentAdId: string | number | null;
	developmentCode: string | null;
	publicationPlan: string | null;
	internalKey: string | null;
	prospectId: string | null;
}

export interface FlatLeadOptions {
	/** A national id (DNI, CPF) is personal data: in the flat lead only when asked for. */
	includeNationalId?: boolean;
	/** Which path read the lead: a callback body (default) or the lead list (its own id is the key's last fallback). */
	path?: LeadPath;
}

export interface EventEnvelope {
	[key: string]: JsonValue | undefined;
	eventId: string;
	eventType: string;
	adCode?: string;
	agencyCode?: string;
	receivedAt: string;
	/** Envelope fields that could not be read (an event id that is no text): the body holds them. */
	unreadableFields?: string;
	body: JsonObject;
}

type JsonValue = JsonObject[string];

/** The fixed texts the service sends for an anonymous user. */
const ANONYMOUS_NAME = 'ANONYMOUS';
const ANONYMOUS_EMAIL = '--';

/** The item's kind when its body is no event the reader can place: it is emitted all the same. */
export const UNPLACED_KIND = 'UNKNOWN';

/** Every field of a read event that is not in its item: unreadable values, then unknown names. */
export function fieldsNotRead(event: Pick<PortalEvent, 'unreadableFields' | 'unknownFields'>) {
	return [...event.unreadableFields, ...event.unknownFields];
}

/**
 * What a lead item carries beside its readable fields when some of the body was not read: their
 * names and the body as delivered or listed (the caller leaves the national id out unless asked),
 * so that nothing is dropped (both triggers' rule). Empty otherwise.
 */
export function unreadablePart(fieldNames: string[], rawBody: unknown): IDataObject {
	return fieldNames.length > 0
		? { unreadableFields: fieldNames.join(', '), rawBody: rawBody as IDataObject }
		: {};
}

/** Fields whose type the service leaves open: kept as a string or number, anything else as text. */
function scalar(value: unknown): string | number | null {
	if (value === null || value === undefined) return null;
	if (typeof value === 'string' || typeof value === 'number') return value;
	return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** A lead (as readEvent.ts read it) → one flat object with English keys. */
export function simplifyLead(lead: LeadEventBody, options: FlatLeadOptions = {}): SimplifiedLead {
	const isAnonymous =
		lead.nombre?.trim().toUpperCase() === ANONYMOUS_NAME || lead.email?.trim() === ANONYMOUS_EMAIL;
	const unlessPlaceholder = (value: string | null | undefined, placeholder: string) =>
		value === null || value === undefined || value.trim().toUpperCase() === placeholder
			? null
			: value;
	const contactTypeId = lead.idTipoContacto ?? null;
	const effectiveTypeId = contactTypeId ?? CONTACT_TYPE_OF_KIND[lead.tipoEvento];
	const developmentId = scalar(lead.idAvisoPadre);
	const fields = {
		eventId: lead.idEvento,
		eventType: lead.tipoEvento,
		contactType: contactTypeWords(effectiveTypeId),
		contactTypeId,
		registeredAt: isoInstantOf(lead.fechaRegistro),
		adCode: textOf(lead.referencia) ?? textOf(lead.codigoAviso),
		platformAdId: wholeNumberOf(lead.idAvisoPlat),
		messageId: lead.idMensaje ?? null,
		contactId: textOf(lead.idContacto),
		name: unlessPlaceholder(lead.nombre, ANONYMOUS_NAME),
		email: unlessPlaceholder(lead.email, ANONYMOUS_EMAIL),
		phone: composePhone({ number: lead.telefono, areaCode: lead.ddd, combined: lead.phoneNumber }),
		message: lead.mensaje ?? null,
		isAnonymous,
		agencyCode: scalar(lead.codigoInmobiliaria) ?? scalar(lead.codigoCliente),
		clientCode: scalar(lead.codigoCliente),
		leadOrigin: lead.leadOrigin ?? null,
		developmentId,
		parentAdId: developmentId,
		developmentCode: lead.codigoDesarrollo ?? null,
		publicationPlan: lead.planDePublicacion ?? null,
		internalKey: lead.claveInterna ?? null,
		prospectId: textOf(lead.userIdPlat),
	};
	const { registeredAt } = fields;
	const keyFields = {
		...fields,
		contactTypeId: effectiveTypeId,
		registeredAtMs: absoluteInstantMsOf(lead.fechaRegistro),
		registeredAtReadMs: registeredAt === null ? null : Date.parse(registeredAt),
	};
	const keys = leadKeysOf(keyFields, options.path ?? 'callback');
	const flat: SimplifiedLead = { ...keys, ...fields };
	if (options.includeNationalId) flat.nationalId = textOf(lead.dni);
	return flat;
}

/**
 * A body that is no event the reader can place → an item with the flat lead's fields, all null,
 * marked UNPLACED_KIND, the body's fields named and `rawBody` beside them (the body, or a copy
 * without the national id). Its key is its own id, so that each such body is a row of its own.
 */
export function unplacedItem(eventId: string, body: unknown, rawBody: unknown): IDataObject {
	const names =
		typeof body === 'object' && body !== null && !Array.isArray(body)
			? Object.keys(body).join(', ') || '(no field)'
			: '(not a JSON object)';
	return {
		...simplifyLead({ idEvento: eventId, tipoEvento: 'CONTACTO' }),
		eventType: UNPLACED_KIND,
		contactType: null,
		unreadableFields: names,
		rawBody: rawBody as IDataObject,
	};
}

/** An ad or credit event → the normalised envelope with the body (`body`, the caller's) inside. */
export function envelopeOf(event: PortalEvent, receivedAt: Date, body = event.body): EventEnvelope {
	const { adCode, agencyCode } = event;
	return {
		eventId: event.eventId,
		eventType: event.kind,
		...(adCode !== null && { adCode }),
		...(agencyCode !== null && { agencyCode }),
		receivedAt: receivedAt.toISOString(),
		...(event.unreadableFields.length > 0 && {
			unreadableFields: event.unreadableFields.join(', '),
		}),
		body,
	};
}
