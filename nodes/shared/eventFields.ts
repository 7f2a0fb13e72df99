/**
 * The one alias table of callback body field names across body languages
 * (`lenguajeCallbackBody` EN, ES, PT). Spanish names are the service's; docs/portal-api.md says the
 * English and Portuguese names are not public, so these are the names this package and its sandbox
 * emulator agree on. Adding a name seen in production means adding it here only.
 */
import type { CallbackBodyLanguage } from './schemas';

export const EVENT_FIELD_ALIASES = {
	idEvento: { EN: 'eventId', PT: 'idEvento' },
	tipoEvento: { EN: 'eventType', PT: 'tipoEvento' },
	idMensaje: { EN: 'messageId', PT: 'idMensagem' },
	idTipoContacto: { EN: 'contactTypeId', PT: 'idTipoContato' },
	idContacto: { EN: 'contactId', PT: 'idContato' },
	codigoInmobiliaria: { EN: 'agencyCode', PT: 'codigoImobiliaria' },
	codigoCliente: { EN: 'clientCode', PT: 'codigoCliente' },
	referencia: { EN: 'reference', PT: 'referencia' },
	fechaRegistro: { EN: 'registrationDate', PT: 'dataRegistro' },
	nombre: { EN: 'name', PT: 'nome' },
	email: { EN: 'email', PT: 'email' },
	telefono: { EN: 'phone', PT: 'telefone' },
	mensaje: { EN: 'message', PT: 'mensagem' },
	idAvisoPadre: { EN: 'parentAdId', PT: 'idAnuncioPai' },
	codigoDesarrollo: { EN: 'developmentCode', PT: 'codigoLancamento' },
	planDePublicacion: { EN: 'publicationPlan', PT: 'planoDePublicacao' },
	claveInterna: { EN: 'internalKey', PT: 'chaveInterna' },
	dni: { EN: 'nationalId', PT: 'documento' },
	// Envelope fields of ad and credit events (their bodies are not public).
	idAvisoPlat: { EN: 'platformAdId', PT: 'idAnuncioPlat' },
	codigoAviso: { EN: 'adCode', PT: 'codigoAnuncio' },
	codigoEmpresa: { EN: 'companyCode', PT: 'codigoEmpresa' },
	fechaEvento: { EN: 'eventDate', PT: 'dataEvento' },
	accion: { EN: 'action', PT: 'acao' },
	estadoPublicacion: { EN: 'publicationState', PT: 'estadoPublicacao' },
	calidad: { EN: 'quality', PT: 'qualidade' },
	status: { EN: 'status', PT: 'status' },
	siteId: { EN: 'siteId', PT: 'siteId' },
} as const satisfies Record<string, Record<Exclude<CallbackBodyLanguage, 'ES'>, string>>;

export type SpanishEventField = keyof typeof EVENT_FIELD_ALIASES;

const toSpanish = new Map<string, SpanishEventField>();
for (const [spanish, names] of Object.entries(EVENT_FIELD_ALIASES) as Array<
	[SpanishEventField, Record<string, string>]
>) {
	toSpanish.set(spanish, spanish);
	for (const name of Object.values(names)) toSpanish.set(name, spanish);
}

/** The name a field carries in a body of the given language. */
export function fieldNameIn(language: CallbackBodyLanguage, spanish: SpanishEventField): string {
	return language === 'ES' ? spanish : EVENT_FIELD_ALIASES[spanish][language];
}

/** Renames a body's known fields from Spanish to `language`; unknown fields pass unchanged. */
export function translateBody(
	body: Record<string, unknown>,
	language: CallbackBodyLanguage,
): Record<string, unknown> {
	const out: Record<string, unknown> = {};
	for (const [key, value] of Object.entries(body)) {
		const spanish = toSpanish.get(key);
		out[spanish ? fieldNameIn(language, spanish) : key] = value;
	}
	return out;
}

/** Renames a body's known fields, in any of the three languages, to their Spanish names. */
export function toSpanishNames(body: Record<string, unknown>): Record<string, unknown> {
	const out: Record<string, unknown> = {};
	for (const [key, value] of Object.entries(body)) {
		out[toSpanish.get(key) ?? key] = value;
	}
	return out;
}
