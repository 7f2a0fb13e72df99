/**
 * The fields of ad and credit event bodies, Spanish names. Those bodies are not public (field
 * notes, "Callbacks"): these are the emulator's own, sent in every body language with the
 * language's envelope (contract/eventEnvelope.ts). Lead bodies are in contract/leadBodies/.
 */
import { zonedTimestamp } from './contract/dates';
import type { AdRecord } from './model';

export type AdEventDetail =
	| { kind: 'AVISO_ACTIVIDAD'; accion: 'ALTA' | 'BAJA' | 'MODIFICACION' }
	| { kind: 'AVISO_ESTADO_PUBLICACION'; estadoPublicacion: 'ONLINE' | 'OFFLINE' }
	| { kind: 'AVISO_CALIDAD'; calidad: number };

export function adEventFields(args: {
	ad: AdRecord;
	codigoAviso: string | null;
	detail: AdEventDetail;
	at: number;
}): Record<string, unknown> {
	const { kind: _kind, ...specific } = args.detail;
	return {
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

export function creditFields(args: {
	agencyCode: string;
	credit: CreditChange;
	at: number;
}): Record<string, unknown> {
	return {
		codigoInmobiliaria: args.agencyCode,
		codigoEmpresa: args.agencyCode,
		fechaEvento: zonedTimestamp(args.at),
		accion: args.credit.accion,
		planDePublicacion: args.credit.planDePublicacion,
		status: args.credit.status,
		siteId: args.credit.siteId,
	};
}
