/**
 * Callback bodies, Spanish names (translated at delivery through `eventFields.ts`).
 * Lead bodies follow docs/portal-api.md, "Lead bodies"; the bodies of ad and
 * credit events are not public, so these carry a normalised envelope and one kind-specific field,
 * using only names the alias table knows.
 */
import type { EventKind, LeadEventBody } from '../nodes/shared/schemas';
import { zonedTimestamp } from './dates';
import type { AdRecord, LeadContact, MessageRecord } from './model';

export type LeadKind = 'CONTACTO' | 'CONTACTO_MENSAJE';

/** Observed idTipoContacto values: 6 for a phone-number view, 1 for a message. */
const CONTACT_TYPE: Record<LeadKind, number> = { CONTACTO: 6, CONTACTO_MENSAJE: 1 };

export const ANONYMOUS_NAME = 'ANONYMOUS';
export const ANONYMOUS_EMAIL = '--';

export type { LeadContact };

export function leadBody(args: {
	idEvento: string;
	kind: LeadKind;
	referencia: string;
	ad: AdRecord | null;
	contact: LeadContact;
	idMensaje: number | null;
	at: number;
}): LeadEventBody {
	const { kind, contact, ad } = args;
	const isMessage = kind === 'CONTACTO_MENSAJE';
	return {
		idEvento: args.idEvento,
		tipoEvento: kind,
		idMensaje: isMessage ? args.idMensaje : null,
		idTipoContacto: CONTACT_TYPE[kind],
		idContacto: null,
		codigoInmobiliaria: null,
		codigoCliente: null,
		referencia: args.referencia,
		fechaRegistro: zonedTimestamp(args.at),
		nombre: contact.anonymous ? ANONYMOUS_NAME : contact.nombre,
		email: contact.anonymous ? ANONYMOUS_EMAIL : contact.email,
		// An anonymous phone view carries no phone.
		telefono: contact.anonymous && !isMessage ? null : contact.telefono,
		mensaje: isMessage ? contact.mensaje : null,
		idAvisoPadre: ad?.idDesarrolloPlat ?? null,
		codigoDesarrollo: ad?.codigoDesarrollo ?? null,
		planDePublicacion: ad?.planDePublicacion ?? null,
		claveInterna: ad?.claveInterna ?? null,
		dni: contact.dni,
		...(contact.variant as Partial<LeadEventBody>),
	};
}

export type AdEventKind = Extract<
	EventKind,
	'AVISO_ACTIVIDAD' | 'AVISO_ESTADO_PUBLICACION' | 'AVISO_CALIDAD'
>;

export type AdEventDetail =
	| { kind: 'AVISO_ACTIVIDAD'; accion: 'ALTA' | 'BAJA' | 'MODIFICACION' }
	| { kind: 'AVISO_ESTADO_PUBLICACION'; estadoPublicacion: 'ONLINE' | 'OFFLINE' }
	| { kind: 'AVISO_CALIDAD'; calidad: number };

export function adEventBody(args: {
	idEvento: string;
	ad: AdRecord;
	codigoAviso: string | null;
	detail: AdEventDetail;
	at: number;
}): Record<string, unknown> {
	const { kind, ...specific } = args.detail;
	return {
		idEvento: args.idEvento,
		tipoEvento: kind,
		codigoInmobiliaria: args.ad.agencyCode,
		idAvisoPlat: args.ad.idAvisoPlat,
		codigoAviso: args.codigoAviso,
		fechaEvento: zonedTimestamp(args.at),
		...specific,
	};
}

export interface CreditChange {
	accion: string;
	planDePublicacion: string | null;
	status: string | null;
	siteId: string | null;
}

export function creditBody(args: {
	idEvento: string;
	agencyCode: string;
	credit: CreditChange;
	at: number;
}): Record<string, unknown> {
	return {
		idEvento: args.idEvento,
		tipoEvento: 'CREDITO',
		codigoInmobiliaria: args.agencyCode,
		codigoEmpresa: args.agencyCode,
		fechaEvento: zonedTimestamp(args.at),
		accion: args.credit.accion,
		planDePublicacion: args.credit.planDePublicacion,
		status: args.credit.status,
		siteId: args.credit.siteId,
	};
}

/**
 * A lead as the polling endpoint lists it: the lead body's fields without `idEvento` (how polled
 * ids relate to callback event ids is not published), the message's own `idMensaje` whatever the
 * kind, the agency, and the ad's platform id beside the caller's code of it.
 */
export function polledMessage(
	record: MessageRecord,
	codigoAviso: string | null,
): Record<string, unknown> {
	const { idEvento: _none, ...body } = leadBody({
		idEvento: '',
		kind: record.kind,
		referencia: codigoAviso ?? '',
		ad: record.ad,
		contact: record.contact,
		idMensaje: record.idMensaje,
		at: record.at,
	});
	return {
		...body,
		idMensaje: record.idMensaje,
		codigoInmobiliaria: record.agencyCode,
		referencia: codigoAviso,
		idAvisoPlat: record.ad.idAvisoPlat,
	};
}
