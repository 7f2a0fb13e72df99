/**
 * Spanish lead bodies [P]: CONTACTO as the `rela` edition lists it (no message or contact id),
 * CONTACTO_MENSAJE as the `arg` edition lists it; other editions by ./editionTail.ts.
 */
import { zonedTimestamp } from '../dates';
import type { LeadFacts } from '../leadFacts';
import { editionTail } from './editionTail';

export function spanishBody(facts: LeadFacts): Record<string, unknown> {
	const people = {
		referencia: facts.adCode,
		fechaRegistro: zonedTimestamp(facts.registeredAt),
		nombre: facts.name,
		email: facts.email,
		telefono: facts.phone?.text ?? null,
		mensaje: facts.message,
		planDePublicacion: facts.planDePublicacion,
		claveInterna: facts.claveInterna,
	};
	const head = { idEvento: facts.idEvento, tipoEvento: facts.kind };
	if (facts.kind === 'CONTACTO') {
		return {
			...head,
			idTipoContacto: facts.contactTypeId,
			codigoCliente: facts.agencyCode,
			...people,
			...editionTail(facts, 'dni'),
		};
	}
	return {
		...head,
		idMensaje: facts.idMensaje,
		idTipoContacto: facts.contactTypeId,
		idContacto: facts.contactId,
		idPlat: facts.idAvisoPlat,
		codigoCliente: facts.agencyCode,
		idAvisoPadre: facts.idDesarrolloPlat,
		codigoDesarrollo: facts.codigoDesarrollo,
		...people,
		...editionTail(facts, 'dni'),
	};
}
