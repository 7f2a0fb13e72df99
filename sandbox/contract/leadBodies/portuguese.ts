/**
 * Portuguese lead bodies [P]: CONTACTO as `rela` lists it (both agency-code spellings in one body),
 * CONTACTO_MENSAJE as `arg` lists it (`idplat` with a lower-case p); other editions by
 * ./editionTail.ts. `idTipoContacto` keeps its Spanish spelling, as published.
 */
import { zonedTimestamp } from '../dates';
import type { LeadFacts } from '../leadFacts';
import { editionTail } from './editionTail';

export function portugueseBody(facts: LeadFacts): Record<string, unknown> {
	const people = {
		referencia: facts.adCode,
		dataRegistro: zonedTimestamp(facts.registeredAt),
		nome: facts.name,
		email: facts.email,
		telefone: facts.phone?.text ?? null,
		mensagem: facts.message,
		planoDePublicacao: facts.planDePublicacion,
	};
	const head = { idEvento: facts.idEvento, tipoEvento: facts.kind };
	if (facts.kind === 'CONTACTO') {
		return {
			...head,
			idTipoContacto: facts.contactTypeId,
			codigoImobiliaria: facts.agencyCode,
			...people,
			idContato: facts.contactId,
			codigoInmobiliaria: facts.agencyCode,
			codigoDoAnunciante: facts.claveInterna,
			...editionTail(facts, 'cpf'),
		};
	}
	return {
		...head,
		idMensagem: facts.idMensaje,
		idTipoContacto: facts.contactTypeId,
		idContato: facts.contactId,
		idplat: facts.idAvisoPlat,
		codigoImobiliaria: facts.agencyCode,
		idAnuncioPai: facts.idDesarrolloPlat,
		codigoLancamento: facts.codigoDesarrollo,
		...people,
		codigoDoAnunciante: facts.claveInterna,
		...editionTail(facts, 'cpf'),
	};
}
