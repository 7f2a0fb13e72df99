/**
 * The emulator's internal records: what the service knows about agencies, ads, developments and
 * interfaces. The answers' shapes are built from these in `views.ts`.
 */
import type { CallbackConfiguration, EventKind, InterfaceKind } from '../nodes/shared/schemas';

export interface AgencyRecord {
	codigoInmobiliaria: string;
	idPlat: number;
	nombre: string;
	habilitadoDesde: number;
	bloqueada: boolean;
	/** Whether the agency has a publication plan and credits left: association needs both. */
	publishing: { plan: boolean; credits: boolean };
}

export interface LocationRecord {
	codigoPostal: string;
	direccion: string;
	idUbicacion: string;
	latitud: string;
	longitud: string;
	muestraMapa: string;
	ubicacion: string;
}

export interface AdRecord {
	idAvisoPlat: number;
	agencyCode: string;
	online: boolean;
	titulo: string;
	/** Lower case, accents removed: what the `titulo` filter searches. */
	searchableTitle: string;
	operacion: string;
	codigoMoneda: string;
	precio: number;
	tipoDePropiedad: number;
	ubicacion: LocationRecord;
	idDesarrolloPlat: number | null;
	codigoDesarrollo: string | null;
	claveInterna: string | null;
	/** Epoch milliseconds of the last modification. */
	fechaModificacion: number;
	imagenUrl: string;
	/** How many images the ad has; association warns above BEHAVIOUR.association.maxImages. */
	imageCount: number;
	/** Quality score, 0 to 100. */
	calidad: number;
	planDePublicacion: string;
}

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
export interface LeadContact {
	anonymous: boolean;
	nombre: string | null;
	email: string | null;
	telefono: string | null;
	mensaje: string | null;
	dni: string | null;
	/**
	 * Body fields (Spanish names) replaced by other values: a body variant the portal sends without
	 * documenting it (docs/portal-api.md: more variants than EN, ES and PT are seen).
	 */
	variant?: Record<string, unknown>;
}

/** A lead as the lead polling endpoint lists it: every lead the emulator creates, delivered or not. */
export interface MessageRecord {
	/** The polled id, stable, ascending in creation order. */
	idMensaje: number;
	kind: 'CONTACTO' | 'CONTACTO_MENSAJE';
	agencyCode: string;
	/** The ad as it was when the lead was made. */
	ad: AdRecord;
	contact: LeadContact;
	/** Epoch milliseconds of the registration. */
	at: number;
}
