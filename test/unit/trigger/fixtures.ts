/** Callback bodies as the service sends them (Spanish names; other languages via the alias table). */
import { EVENT_FIELDS, type CanonicalField } from '../../../nodes/shared/eventFields';
import type { CallbackBodyLanguage } from '../../../nodes/shared/schemas';
import { receive, type ReceiveSettings } from '../../../nodes/RealEstatePortalTrigger/receive';

export const LANGUAGES: CallbackBodyLanguage[] = ['ES', 'EN', 'PT'];

export const phoneViewLead = {
	idEvento: '0f8c3a52-8d1e-4d7c-9a57-1a2b3c4d5e6f',
	tipoEvento: 'CONTACTO',
	idMensaje: null,
	idTipoContacto: 6,
	idContacto: null,
	codigoInmobiliaria: null,
	codigoCliente: null,
	referencia: 'DEMO-0001',
	fechaRegistro: '2024-05-14T10:31:07.123-0300',
	nombre: 'María González',
	email: 'maria.gonzalez@example.com',
	telefono: '+54 11 5555-0101',
	mensaje: null,
	idAvisoPadre: 40123,
	codigoDesarrollo: 'DES-7',
	planDePublicacion: 'SIMPLE',
	claveInterna: 'INT-55',
	dni: '30111222',
};

export const messageLead = {
	...phoneViewLead,
	idEvento: '5b7e2a10-3c4d-4e5f-8a9b-0c1d2e3f4a5b',
	tipoEvento: 'CONTACTO_MENSAJE',
	idMensaje: 9001,
	idTipoContacto: 1,
	mensaje: 'Hola, ¿sigue disponible?',
};

export const anonymousPhoneView = {
	...phoneViewLead,
	idEvento: 'a1b2c3d4-0000-4000-8000-000000000001',
	nombre: 'ANONYMOUS',
	email: '--',
	telefono: null,
	dni: null,
};

export const adActivity = {
	idEvento: 'c0ffee00-1111-4222-8333-444455556666',
	tipoEvento: 'AVISO_ACTIVIDAD',
	codigoInmobiliaria: 'INMO-001',
	idAvisoPlat: 1000042,
	codigoAviso: 'DEMO-0042',
	fechaEvento: '2024-05-14T10:31:07.123-0300',
	accion: 'MODIFICACION',
};

export const adPublicationState = {
	...adActivity,
	idEvento: 'c0ffee00-1111-4222-8333-444455556667',
	tipoEvento: 'AVISO_ESTADO_PUBLICACION',
	accion: undefined,
	estadoPublicacion: 'OFFLINE',
};

export const adQuality = {
	...adActivity,
	idEvento: 'c0ffee00-1111-4222-8333-444455556668',
	tipoEvento: 'AVISO_CALIDAD',
	accion: undefined,
	calidad: 83,
};

export const credit = {
	idEvento: 'c0ffee00-1111-4222-8333-444455556669',
	tipoEvento: 'CREDITO',
	codigoInmobiliaria: 'INMO-001',
	codigoEmpresa: 'INMO-001',
	fechaEvento: '2024-05-14T10:31:07.123-0300',
	accion: 'ALTA',
	planDePublicacion: 'SIMPLE',
	status: 'HABILITADO',
	siteId: 'SANDBOX',
};

export const ALL_EVENTS = [
	phoneViewLead,
	messageLead,
	adActivity,
	adPublicationState,
	adQuality,
	credit,
];

/**
 * The name a field carried in bodies of `language` before the published names were known (the
 * emulator's names, `before` in the alias table): the Spanish name for ES.
 */
function fieldNameIn(language: CallbackBodyLanguage, field: CanonicalField): string {
	const before = (EVENT_FIELDS[field] as { before?: readonly string[] }).before;
	if (language === 'ES' || before === undefined) return field;
	return language === 'EN' ? before[0] : before[1];
}

/**
 * A body as delivered in `language`: its known fields renamed from Spanish as `fieldNameIn` names
 * them, unknown ones unchanged, undefined fields dropped (as JSON would).
 */
export function inLanguage(
	body: Record<string, unknown>,
	language: CallbackBodyLanguage,
): Record<string, unknown> {
	const out: Record<string, unknown> = {};
	for (const [key, value] of Object.entries(body)) {
		out[key in EVENT_FIELDS ? fieldNameIn(language, key as CanonicalField) : key] = value;
	}
	return JSON.parse(JSON.stringify(out));
}

/** What a trigger on the two lead kinds, Simplify on, with no filter, asks of receive(). */
export const LEADS_ONLY: ReceiveSettings = {
	kinds: ['CONTACTO', 'CONTACTO_MENSAJE'],
	languageHint: 'ES',
	simplify: true,
	includeRawBody: false,
	includeNationalId: false,
	agencyCodes: [],
	adCodes: [],
};

/** The item the callback trigger makes of `body` (LEADS_ONLY); throws unless accepted. */
export async function receivedItem(body: unknown) {
	const reception = await receive({ headers: {}, body }, null, LEADS_ONLY, new Date());
	if (reception.outcome !== 'accepted') throw new Error(JSON.stringify(reception));
	return reception.item;
}
