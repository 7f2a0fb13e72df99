/**
 * The service's objects as zod schemas (docs/portal-api.md, "Endpoints"),
 * with the additions observed in production (docs/portal-api.md). The action node validates input with them before a request is
 * sent, the trigger parses deliveries with them, and the sandbox emulator serves them.
 */
import { z } from 'zod';

export const EVENT_KINDS = [
	'CONTACTO',
	'CONTACTO_MENSAJE',
	'AVISO_CALIDAD',
	'AVISO_ACTIVIDAD',
	'AVISO_ESTADO_PUBLICACION',
	'CREDITO',
] as const;
export const eventKindSchema = z.enum(EVENT_KINDS);
export type EventKind = z.infer<typeof eventKindSchema>;

export const INTERFACE_KINDS = ['LES', 'LEC'] as const;
export type InterfaceKind = (typeof INTERFACE_KINDS)[number];

export const CALLBACK_BODY_LANGUAGES = ['EN', 'ES', 'PT'] as const;
export const callbackBodyLanguageSchema = z.enum(CALLBACK_BODY_LANGUAGES);
export type CallbackBodyLanguage = z.infer<typeof callbackBodyLanguageSchema>;

export const DEFAULT_AUTHORIZATION_HEADER_KEY = 'Authorization';

export const agencySchema = z.object({
	codigoInmobiliaria: z.string(),
	idPlat: z.number().int(),
	nombre: z.string(),
	habilitadoDesde: z.number().int(),
	bloqueada: z.boolean().optional(),
});
export type Agency = z.infer<typeof agencySchema>;

const locationSchema = z.object({
	codigoPostal: z.string().nullable().optional(),
	direccion: z.string().nullable().optional(),
	idUbicacion: z.string().nullable().optional(),
	latitud: z.string().nullable().optional(),
	longitud: z.string().nullable().optional(),
	muestraMapa: z.string().nullable().optional(),
	ubicacion: z.string().nullable().optional(),
});

const imageSchema = z.object({
	titulo: z.string().nullable().optional(),
	urlImagenOriginal: z.string().nullable().optional(),
	urlImagenPortal: z.string().nullable().optional(),
});

/** Shape A: a bare array of these, no envelope; dates as ISO 8601 text. */
export const adSummaryShapeASchema = z
	.object({
		claveInterna: z.string().nullable().optional(),
		codigoAviso: z.string().nullable().optional(),
		codigoDesarrollo: z.string().nullable().optional(),
		fechaModificacion: z.string().nullable().optional(),
		fechaModificado: z.string().nullable().optional(),
		idAvisoPlat: z.number().int(),
		idDesarrolloPlat: z.number().int().nullable().optional(),
		imagen: imageSchema.nullable().optional(),
		publicacion: z.string().nullable().optional(),
		tipoDeAviso: z.string().nullable().optional(),
		tipoDePropiedad: z.number().int().nullable().optional(),
		titulo: z.string().nullable().optional(),
		ubicacion: locationSchema.nullable().optional(),
	})
	.passthrough();
export type AdSummaryShapeA = z.infer<typeof adSummaryShapeASchema>;

/** Shape B: page envelope items; fechaModificacion in epoch milliseconds. */
export const adSummaryShapeBSchema = z
	.object({
		idAvisoPlat: z.number().int(),
		codigoAviso: z.string().nullable(),
		idDesarrolloPlat: z.number().int().nullable(),
		codigoDesarrollo: z.string().nullable(),
		tipoDeAviso: z.string(),
		titulo: z.string(),
		fechaModificado: z.string(),
		fechaModificacion: z.number().int(),
		publicacion: z.string(),
		claveInterna: z.string().nullable(),
		dataModificacao: z.number().int(),
		publicação: z.string(),
	})
	.passthrough();
export type AdSummaryShapeB = z.infer<typeof adSummaryShapeBSchema>;

export const associationResultSchema = z.object({
	code: z.string(),
	respuesta: z.string().optional(),
	resposta: z.string().optional(),
});

export const errorObjectSchema = z.object({ code: z.string(), message: z.string() });
export type ErrorObject = z.infer<typeof errorObjectSchema>;

export const callbackConfigurationSchema = z.object({
	url: z
		.string({ required_error: 'url is required' })
		.regex(/^https?:\/\//i, 'url must start with http:// or https://'),
	authorizationHeaderKey: z.string().nullable().optional(),
	authorizationHeaderValue: z.string().nullable().optional(),
	lenguajeCallbackBody: callbackBodyLanguageSchema.nullable().optional(),
});
export type CallbackConfiguration = z.infer<typeof callbackConfigurationSchema>;

/**
 * The configuration as the portal answers it: any body language (EN2, EN_SF, empty or absent
 * have been seen), a url that may be missing or null when nothing is configured, and newer fields
 * (`subscriptions`) beside the published four. Read with nodes/shared/storedCallbackConfiguration.ts.
 */
export const storedCallbackConfigurationSchema = z
	.object({
		url: z.string().nullable().optional(),
		authorizationHeaderKey: z.string().nullable().optional(),
		authorizationHeaderValue: z.string().nullable().optional(),
		lenguajeCallbackBody: z.union([z.string(), z.number()]).nullable().optional(),
	})
	.passthrough();

/** A configuration that points somewhere: what the trigger keeps and gives back at deactivation. */
export type StoredCallbackConfiguration = Omit<CallbackConfiguration, 'lenguajeCallbackBody'> & {
	lenguajeCallbackBody?: string | null;
};

export const leadSimulationBodySchema = z
	.object({
		codigoAviso: z.string().min(1, 'codigoAviso is required'),
		codigoInmobiliaria: z.string().min(1, 'codigoInmobiliaria is required'),
		configuracionCallback: callbackConfigurationSchema,
		contactEmail: z.string().optional(),
		contactMessage: z.string().optional(),
		contactName: z.string().optional(),
		contactPhone: z.string().optional(),
		tipoDeEvento: z.enum(['CONTACTO', 'CONTACTO_MENSAJE']),
	})
	.superRefine((body, ctx) => {
		// Simulation rules 2 and 3.
		const required =
			body.tipoDeEvento === 'CONTACTO_MENSAJE'
				? (['contactName', 'contactPhone', 'contactEmail', 'contactMessage'] as const)
				: (['contactEmail'] as const);
		for (const field of required) {
			if (!body[field]) {
				ctx.addIssue({
					code: z.ZodIssueCode.custom,
					path: [field],
					message: `${field} is required for ${body.tipoDeEvento}`,
				});
			}
		}
	});

export const creditSimulationBodySchema = z.object({
	accion: z.string().min(1, 'accion is required'),
	codigoEmpresa: z.string().min(1, 'codigoEmpresa is required'),
	configuracionCallback: callbackConfigurationSchema,
	planDePublicacion: z.string().optional(),
	siteId: z.string().optional(),
	status: z.string().optional(),
});

const textOrNumber = z.union([z.string(), z.number()]).nullable().optional();

/**
 * A lead's fields under their canonical names (nodes/shared/eventFields.ts), as every published
 * body language and the lead list carry them. The event id and kind are the reader's
 * (nodes/shared/readEvent.ts): English SF bodies and list items have neither.
 */
export const leadFieldsSchema = z
	.object({
		idMensaje: z.number().int().nullable().optional(),
		idTipoContacto: z.number().int().nullable().optional(),
		idContacto: z.unknown().optional(),
		codigoInmobiliaria: z.unknown().optional(),
		codigoCliente: z.unknown().optional(),
		referencia: z.string().nullable().optional(),
		codigoAviso: z.string().nullable().optional(),
		fechaRegistro: textOrNumber,
		nombre: z.string().nullable().optional(),
		email: z.string().nullable().optional(),
		telefono: textOrNumber,
		ddd: textOrNumber,
		phoneNumber: textOrNumber,
		mensaje: z.string().nullable().optional(),
		idAvisoPadre: z.unknown().optional(),
		codigoDesarrollo: z.string().nullable().optional(),
		planDePublicacion: z.string().nullable().optional(),
		claveInterna: z.string().nullable().optional(),
		dni: textOrNumber,
		idAvisoPlat: textOrNumber,
		userIdPlat: textOrNumber,
		leadOrigin: z.string().nullable().optional(),
	})
	.passthrough();
export type LeadFields = z.infer<typeof leadFieldsSchema>;

/** A lead as the reader gives it: its fields, with the event id and kind it was read under. */
export const leadEventBodySchema = leadFieldsSchema.extend({
	idEvento: z.string().min(1),
	tipoEvento: z.enum(['CONTACTO', 'CONTACTO_MENSAJE']),
});
export type LeadEventBody = z.infer<typeof leadEventBodySchema>;

export const loginResponseSchema = z.object({
	access_token: z.string(),
	token_type: z.string(),
	expires_in: z.number(),
	scope: z.string().optional(),
});
