/**
 * "English SF" lead bodies (`EN_SF`) [P for CONTACTO, S for CONTACTO_MENSAJE]: a form's fields only.
 * No event id, kind or ad code; `id` is the contact (a Long), `txtTelefone` the number without area
 * code as an Integer, `token` an opaque value (../leadFacts.ts). No edition adds a field here (the
 * editions' additions have no name in this language).
 */
import type { LeadFacts } from '../leadFacts';

export function englishSfBody(facts: LeadFacts): Record<string, unknown> {
	return {
		token: facts.formToken,
		id: facts.contactId,
		txtNome: facts.name,
		txtEmail: facts.email,
		txtDdd: facts.phone?.area ?? null,
		txtTelefone: facts.phone ? Number(facts.phone.number) : null,
		...(facts.kind === 'CONTACTO_MENSAJE'
			? { messageId: facts.idMensaje, txtMensagem: facts.message }
			: {}),
	};
}
