/**
 * The one table of contact types (`idTipoContacto`, the lead list's `idContactoAccion`): what the
 * flat lead says in words, and what Lookup → Get Contact Types lists when the portal's catalogue
 * cannot be asked (docs/portal-api.md, "Contact types").
 */

export interface ContactType {
	id: number;
	/** The portal's own code of the kind. */
	code: string;
	/** What the flat lead's `contactType` says. */
	words: string;
}

export const KNOWN_CONTACT_TYPES: readonly ContactType[] = [
	{ id: 1, code: 'CONSULTA', words: 'message' },
	{ id: 2, code: 'QUE_ME_LLAMEN', words: 'call me back' },
	{ id: 3, code: 'AGENDAR_VISITA', words: 'visit request' },
	{ id: 6, code: 'DATOS_ANUNCIANTE', words: 'phone view' },
	{ id: 10, code: 'DATOS_ANUNCIANTE_WHATSAPP', words: 'WhatsApp contact' },
	{ id: 12, code: 'TASACION', words: 'valuation request' },
	{ id: 15, code: 'AGENDAR_VISITA_CRONUT', words: 'visit request' },
];

const byId = new Map(KNOWN_CONTACT_TYPES.map((type) => [type.id, type]));

/** A contact type id in words; `type N` for one the package does not know. */
export function contactTypeWords(id: number): string {
	return byId.get(id)?.words ?? `type ${id}`;
}

/** The contact type a lead event's kind stands for, when its body names none. */
export const CONTACT_TYPE_OF_KIND = { CONTACTO: 6, CONTACTO_MENSAJE: 1 } as const;
