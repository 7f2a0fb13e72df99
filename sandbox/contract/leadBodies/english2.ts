/**
 * "English 2" lead bodies (`EN2`): CONTACTO as `rela` lists it [P], no agency code; a
 * CONTACTO_MENSAJE adds `messageId` and `message` [S]. The phone comes in three fields (../phone.ts):
 * `ddd` the area code, `phoneNumber` area code + number, `phone` international when the prospect
 * typed a country code. `timestamp` has the published instant form (a guess: its form is not listed).
 */
import { zonedTimestamp } from '../dates';
import type { LeadFacts } from '../leadFacts';
import { internationalOrLocal, localNumber } from '../phone';
import { editionTail } from './editionTail';

export function english2Body(facts: LeadFacts): Record<string, unknown> {
	const { phone } = facts;
	return {
		eventId: facts.idEvento,
		eventType: facts.kind,
		contactTypeId: facts.contactTypeId,
		idPlatDevelopment: facts.idDesarrolloPlat,
		developmentCode: facts.codigoDesarrollo,
		reference: facts.adCode,
		timestamp: zonedTimestamp(facts.registeredAt),
		name: facts.name,
		email: facts.email,
		ddd: phone?.area ?? null,
		phone: phone ? internationalOrLocal(phone) : null,
		phoneNumber: phone ? localNumber(phone) : null,
		internalReference: facts.claveInterna,
		leadOrigin: facts.leadOrigin,
		originLeadId: facts.contactId,
		originListingId: facts.idAvisoPlat,
		clientListingId: facts.adCode,
		...editionTail(facts, 'identificationId'),
		...(facts.kind === 'CONTACTO_MENSAJE'
			? { messageId: facts.idMensaje, message: facts.message }
			: {}),
	};
}
