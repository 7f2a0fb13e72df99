/**
 * The emulator's internal records: what the service knows about agencies, ads, developments and
 * interfaces. The answers' shapes are built from these in `views.ts`; the records a state file keeps
 * (persistence/) are read back through the schemas here.
 */
import { z } from 'zod';
import type { EventKind, InterfaceKind } from '../nodes/shared/schemas';
import type { CallbackConfiguration } from './contract/callbackConfiguration';
import type { LeadKind } from './contract/contactTypes';
import type { Edition, PathLanguage } from './contract/editions';

export interface AgencyRecord {
	codigoInmobiliaria: string;
	idPlat: number;
	nombre: string;
	habilitadoDesde: number;
	bloqueada: boolean;
	/** Whether the agency has a publication plan and credits left: association needs both. */
	publishing: { plan: boolean; credits: boolean };
}

const locationSchema = z.object({
	codigoPostal: z.string(),
	direccion: z.string(),
	idUbicacion: z.string(),
	latitud: z.string(),
	longitud: z.string(),
	muestraMapa: z.string(),
	ubicacion: z.string(),
});
export type LocationRecord = z.infer<typeof locationSchema>;

export const adRecordSchema = z.object({
	idAvisoPlat: z.number().int(),
	agencyCode: z.string(),
	online: z.boolean(),
	titulo: z.string(),
	/** Lower case, accents removed: what the `titulo` filter searches. */
	searchableTitle: z.string(),
	operacion: z.string(),
	codigoMoneda: z.string(),
	precio: z.number(),
	tipoDePropiedad: z.number().int(),
	ubicacion: locationSchema,
	idDesarrolloPlat: z.number().int().nullable(),
	codigoDesarrollo: z.string().nullable(),
	claveInterna: z.string().nullable(),
	/** Epoch milliseconds of the last modification. */
	fechaModificacion: z.number(),
	imagenUrl: z.string(),
	/** How many images the ad has; association warns above BEHAVIOUR.association.maxImages. */
	imageCount: z.number().int(),
	/** Quality score, 0 to 100. */
	calidad: z.number(),
	planDePublicacion: z.string(),
});
export type AdRecord = z.infer<typeof adRecordSchema>;

export interface DevelopmentRecord {
	idDesarrolloPlat: number;
	codigoDesarrollo: string;
	agencyCode: string;
	titulo: string;
	ubicacion: LocationRecord;
	fechaModificacion: number;
}

export interface InterfaceRecord {
	id: string;
	integrator: string;
	kind: InterfaceKind;
	token: string;
	/** The agencies linked to the interface (the admin may link and unlink them). */
	agencies: Set<string>;
	/** False for plans without callback access (docs/portal-api.md). */
	callbackAccess: boolean;
	configuration: CallbackConfiguration | null;
	/** The path language the callback was last configured with: it picks the default edition. */
	pathLanguage: PathLanguage;
	/** The documentation edition its lead bodies follow, when set for it (admin). */
	edition: Edition | null;
	subscriptions: Set<EventKind>;
	/** Association: idAvisoPlat → the integrator's codigoAviso, and the reverse. */
	codeByAdId: Map<number, string>;
	adIdByCode: Map<string, number>;
}

export interface ClientRecord {
	clientId: string;
	clientSecret: string;
	interfaceId: string;
}

/** Who made a lead, as the admin endpoint or a simulation gives it. */
export const leadContactSchema = z.object({
	anonymous: z.boolean(),
	nombre: z.string().nullable(),
	email: z.string().nullable(),
	telefono: z.string().nullable(),
	mensaje: z.string().nullable(),
	dni: z.string().nullable(),
	/**
	 * Fields set as given on the delivered body and the listed lead, whatever the body language: a
	 * body variant the portal sends without documenting it.
	 */
	variant: z.record(z.unknown()).optional(),
	/** The lead list serves this prospect's e-mail as null; callbacks carry it (untidy `alikeProspects`). */
	emailUnlisted: z.boolean().optional(),
});
export type LeadContact = z.infer<typeof leadContactSchema>;

/** A lead as the lead polling endpoint lists it: every lead the emulator creates, delivered or not. */
export interface MessageRecord {
	/** The polled id, stable, ascending in creation order. */
	idMensaje: number;
	kind: LeadKind;
	/** idTipoContacto (contract/contactTypes.ts). */
	contactTypeId: number;
	agencyCode: string;
	/** The ad as it was when the lead was made. */
	ad: AdRecord;
	contact: LeadContact;
	/** Epoch milliseconds of the registration. */
	at: number;
}

/** How a lead of an anonymous prospect names them (specification, "Lead event body"). */
export const ANONYMOUS_NAME = 'ANONYMOUS';
export const ANONYMOUS_EMAIL = '--';
