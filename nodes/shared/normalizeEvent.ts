/**
 * A read event (readEvent.ts) → what the triggers emit: a lead becomes one flat object a sheet row
 * or a CRM contact takes as is, the same from both triggers; an ad or credit event (bodies not
 * public) keeps its body unchanged inside a small normalised envelope.
 */
import { CONTACT_TYPE_OF_KIND, contactTypeWords } from './contactTypes';
import { leadKeyOf, type LeadPath } from './leadKey';
import { composePhone } from './phone';
import { textOf, type JsonObject, type PortalEvent } from './readEvent';
import type { LeadEventBody } from './schemas';

export type { PortalEvent } from './readEvent';

export interface SimplifiedLead {
	[key: string]: string | number | boolean | null;
	/** One key per lead whichever path brought it (leadKey.ts). */
	leadKey: string;
	eventId: string;
	eventType: string;
	contactType: string | null;
	contactTypeId: number | null;
	registeredAt: string | null;
	adCode: string | null;
	platformAdId: number | string | null;
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
	body: JsonObject;
}

type JsonValue = JsonObject[string];

/** The fixed texts the service sends for an anonymous user. */
const ANONYMOUS_NAME = 'ANONYMOUS';
const ANONYMOUS_EMAIL = '--';

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

/** Fields whose type the service leaves open: kept as a string or number, anything else as text. */
/** The platform's ids are integers (docs/portal-api.md): a whole number as a number, else as written. */
function platformId(value: unknown): number | string | null {
	const text = textOf(value);
	return text !== null && /^\d{1,15}$/.test(text.trim()) ? Number(text) : text;
}

function scalar(value: unknown): string | number | null {
	if (value === null || value === undefined) return null;
	if (typeof value === 'string' || typeof value === 'number') return value;
	return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Text of the form above, or epoch milliseconds (some lead lists) → ISO 8601. */
function registeredAtOf(value: unknown): string | null {
	if (typeof value === 'number' && Number.isFinite(value)) {
		const date = new Date(value);
		return Number.isNaN(date.getTime()) ? null : date.toISOString();
	}
	return typeof value === 'string' ? toIsoTimestamp(value) : null;
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
	const developmentId = scalar(lead.idAvisoPadre);
	const fields = {
		eventId: lead.idEvento,
		eventType: lead.tipoEvento,
		contactType: contactTypeWords(contactTypeId ?? CONTACT_TYPE_OF_KIND[lead.tipoEvento]),
		contactTypeId,
		registeredAt: registeredAtOf(lead.fechaRegistro),
		adCode: textOf(lead.referencia) ?? textOf(lead.codigoAviso),
		platformAdId: platformId(lead.idAvisoPlat),
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
	const flat: SimplifiedLead = {
		leadKey: leadKeyOf(fields, options.path ?? 'callback'),
		...fields,
	};
	if (options.includeNationalId) flat.nationalId = textOf(lead.dni);
	return flat;
}

/** An ad or credit event → the normalised envelope with the body unchanged inside. */
export function envelopeOf(event: PortalEvent, receivedAt: Date): EventEnvelope {
	const { adCode, agencyCode } = event;
	return {
		eventId: event.eventId,
		eventType: event.kind,
		...(adCode !== null && { adCode }),
		...(agencyCode !== null && { agencyCode }),
		receivedAt: receivedAt.toISOString(),
		body: event.body,
	};
}
