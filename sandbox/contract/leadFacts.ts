/**
 * What the emulator knows of one lead delivery, before any body language names it. Each body
 * language (leadBodies/) picks its fields from here.
 */
import type { LeadKind } from './contactTypes';
import type { Edition } from './editions';
import type { PhoneParts } from './phone';

export interface LeadFacts {
	/** UUID, one per (lead, receiving interface), kept across retries. */
	idEvento: string;
	kind: LeadKind;
	edition: Edition;
	contactTypeId: number;
	/** The message's id; the listed lead's id for a phone view, whose bodies carry none. */
	idMensaje: number;
	/** The prospect: one contact can make several leads, so never a de-duplication key. */
	contactId: number;
	/** The agency's code, what integrators read `codigoCliente` / `clientCode` as [S]. */
	agencyCode: string;
	/** The receiving interface's code of the ad (`referencia`), null when not associated to it. */
	adCode: string | null;
	/** The ad's platform id (`idPlat`, `originListingId`). */
	idAvisoPlat: number;
	idDesarrolloPlat: number | null;
	codigoDesarrollo: string | null;
	planDePublicacion: string | null;
	/** The advertiser's own code of the ad (`claveInterna`, `internalReference`, `codigoDoAnunciante`). */
	claveInterna: string | null;
	/** Epoch milliseconds. */
	registeredAt: number;
	/** ANONYMOUS for an anonymous prospect. */
	name: string | null;
	/** `--` for an anonymous prospect. */
	email: string | null;
	/** Null for an anonymous phone view. */
	phone: PhoneParts | null;
	/** Null for CONTACTO. */
	message: string | null;
	/** DNI / CPF. */
	nationalId: string | null;
	/** The prospect's masked platform id. */
	userIdPlat: string;
	/** Which portal of the group the lead came from. */
	leadOrigin: string;
	/** English SF `token`, one opaque value per receiving interface (its meaning is not published). */
	formToken: string;
	/** Fields set as given on every body and list item (a variant nobody documented). */
	variant: Record<string, unknown>;
}
