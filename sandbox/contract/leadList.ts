/**
 * Items of the lead list (`GET /v2/inmobiliarias/{code}/mensajes`). The recorded shape [S] (field
 * notes, "Lead list": an SDK's fixtures from the portal's generated API description) is the
 * default; the callback-like shape (the Spanish lead body without the event id, plus the listed
 * lead's id, agency and ad) stays available (`SANDBOX_LEAD_LIST=callback`) so readers of both are
 * tested.
 */
import type { LeadFacts } from './leadFacts';
import { spanishBody } from './leadBodies/spanish';

/** `fecha` is ISO 8601 in UTC, as recorded (`2020-12-21T16:36:02.887Z`). */
export function recordedItem(facts: LeadFacts): Record<string, unknown> {
	return {
		id: facts.idMensaje,
		idMensaje: facts.kind === 'CONTACTO_MENSAJE' ? facts.idMensaje : null,
		idContacto: facts.contactId,
		idContactoAccion: facts.contactTypeId,
		idAvisoPlat: facts.idAvisoPlat,
		codigoAviso: facts.adCode,
		fecha: new Date(facts.registeredAt).toISOString(),
		nombre: facts.name,
		email: facts.email,
		telefono: facts.phone?.text ?? null,
		textoMensaje: facts.message,
		...facts.variant,
	};
}

export function callbackLikeItem(facts: LeadFacts): Record<string, unknown> {
	const { idEvento: _none, ...body } = spanishBody(facts);
	return {
		...body,
		idMensaje: facts.idMensaje,
		codigoInmobiliaria: facts.agencyCode,
		idAvisoPlat: facts.idAvisoPlat,
		...facts.variant,
	};
}
