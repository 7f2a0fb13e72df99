/**
 * Spanish lead bodies [P]: CONTACTO as the `rela` edition lists it, CONTACTO_MENSAJE as the `arg`
 * edition lists it; other editions by ./editionTail.ts. Every body also carries every field of the
 * specification's lead event body ("Lead event body"): a published block that omits one and the
 * specification listing it (null in the observed bodies) are both true. A field gets the value a
 * published block gives it (`codigoCliente` the agency's code, `idMensaje` and `idContacto` in a
 * message), and null where only the specification lists it (`idMensaje` of a phone view; the
 * contact id and `codigoInmobiliaria`, which no published Spanish phone view carries).
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
			idMensaje: null,
			idTipoContacto: facts.contactTypeId,
			idContacto: null,
			codigoInmobiliaria: null,
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
		codigoInmobiliaria: null,
		codigoCliente: facts.agencyCode,
		idAvisoPadre: facts.idDesarrolloPlat,
		codigoDesarrollo: facts.codigoDesarrollo,
		...people,
		...editionTail(facts, 'dni'),
	};
}
