/**
 * English lead bodies [P]: CONTACTO as `rela` lists it, CONTACTO_MENSAJE as `arg` lists it (no
 * message id in that block); other editions by ./editionTail.ts.
 */
import { zonedTimestamp } from '../dates';
import type { LeadFacts } from '../leadFacts';
import { editionTail } from './editionTail';

export function englishBody(facts: LeadFacts): Record<string, unknown> {
	const people = {
		reference: facts.adCode,
		registerDate: zonedTimestamp(facts.registeredAt),
		name: facts.name,
		email: facts.email,
		phone: facts.phone?.text ?? null,
		message: facts.message,
		publicationPlan: facts.planDePublicacion,
	};
	const head = {
		eventId: facts.idEvento,
		eventType: facts.kind,
		contactTypeId: facts.contactTypeId,
	};
	if (facts.kind === 'CONTACTO') {
		return {
			...head,
			...people,
			contactId: facts.contactId,
			clientCode: facts.agencyCode,
			internalReference: facts.claveInterna,
			...editionTail(facts, 'identificationId'),
		};
	}
	return {
		...head,
		contactId: facts.contactId,
		idPlat: facts.idAvisoPlat,
		clientCode: facts.agencyCode,
		idPlatDevelopment: facts.idDesarrolloPlat,
		developmentCode: facts.codigoDesarrollo,
		...people,
		internalReference: facts.claveInterna,
		...editionTail(facts, 'identificationId'),
	};
}
