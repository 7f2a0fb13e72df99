/**
 * Contact types, `idTipoContacto` (field notes, "Contact types" [S]; the specification observed 1
 * and 6 only). Which lead event carries which type is not recorded: the emulator's guess is that the
 * types that reveal the advertiser's contact data (6 phone view, 10 WhatsApp) come as CONTACTO
 * ("Consulta teléfono") and the forms a prospect sends as CONTACTO_MENSAJE.
 */
export type LeadKind = 'CONTACTO' | 'CONTACTO_MENSAJE';

export interface ContactType {
	id: number;
	tipo: string;
}

export const CONTACT_TYPES: readonly ContactType[] = [
	{ id: 1, tipo: 'CONSULTA' },
	{ id: 2, tipo: 'QUE_ME_LLAMEN' },
	{ id: 3, tipo: 'AGENDAR_VISITA' },
	{ id: 6, tipo: 'DATOS_ANUNCIANTE' },
	{ id: 10, tipo: 'DATOS_ANUNCIANTE_WHATSAPP' },
	{ id: 12, tipo: 'TASACION' },
	{ id: 15, tipo: 'AGENDAR_VISITA_CRONUT' },
];

/** The types each lead event carries, the observed one (spec: 1 message, 6 phone view) first. */
export const CONTACT_TYPES_BY_KIND: Record<LeadKind, readonly number[]> = {
	CONTACTO: [6, 10],
	CONTACTO_MENSAJE: [1, 3, 2, 12, 15],
};

/** The n-th type of a kind, cycling: generated and simulated leads show every type in turn. */
export const contactTypeAt = (kind: LeadKind, n: number): number =>
	CONTACT_TYPES_BY_KIND[kind][n % CONTACT_TYPES_BY_KIND[kind].length];
