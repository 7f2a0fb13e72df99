/**
 * The fields an edition adds at the end of a lead body (../editions.ts): `userIdPlat` in `rela`,
 * the national id in `rela` and `bra`, under the body language's own name for it.
 */
import { EDITION_FIELDS } from '../editions';
import type { LeadFacts } from '../leadFacts';

export type NationalIdName = 'dni' | 'cpf' | 'identificationId';

export function editionTail(facts: LeadFacts, nationalIdName: NationalIdName) {
	const adds = EDITION_FIELDS[facts.edition];
	return {
		...(adds.userIdPlat ? { userIdPlat: facts.userIdPlat } : {}),
		...(adds.nationalId ? { [nationalIdName]: facts.nationalId } : {}),
	};
}
