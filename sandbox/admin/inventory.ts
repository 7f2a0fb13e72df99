/**
 * Admin occurrences (docs/portal-api.md, "Event kinds"): alta, baja,
 * modification, quality change, a new ad, an agency's credits and a lead on an ad. Each answers the
 * events it scheduled, one per receiving interface, so a test can wait for their deliveries.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errors } from '../behaviour';
import { CURRENCIES, NEIGHBOURHOODS, OPERATIONS, searchable } from '../catalog';
import type { SandboxContext } from '../context';
import { CONTACT_TYPES, contactTypeAt } from '../contract/contactTypes';
import { notifyAdEvents, notifyCredit, notifyLead } from '../events';
import type { AdRecord, LocationRecord } from '../model';
import { parseAdId } from '../routes/association';
import { instantSchema, paramsOf, parseWith, queryOf } from '../routes/common';
import { adAdminView } from '../views';

const neighbourhoodIds = NEIGHBOURHOODS.map((n) => n.idUbicacion) as [string, ...string[]];
const currencyCodes = CURRENCIES.map((c) => c.codigoMoneda) as [string, ...string[]];

const adFieldsSchema = z
	.object({
		titulo: z.string().min(1),
		operacion: z.enum(OPERATIONS),
		codigoMoneda: z.enum(currencyCodes),
		precio: z.number().nonnegative(),
		tipoDePropiedad: z.number().int().positive(),
		idUbicacion: z.enum(neighbourhoodIds),
		claveInterna: z.string().nullable(),
		planDePublicacion: z.string().min(1),
	})
	.partial()
	.strict();
type AdFields = z.infer<typeof adFieldsSchema>;

const newAdSchema = adFieldsSchema
	.extend({
		online: z.boolean().default(true),
		/** interfaceId → codigoAviso, applied before the alta is notified. */
		associations: z.record(z.string().min(1)).default({}),
	})
	.strict();

const qualitySchema = z.object({ calidad: z.number().int().min(0).max(100) }).strict();

const leadSchema = z
	.object({
		tipoEvento: z.enum(['CONTACTO', 'CONTACTO_MENSAJE']).default('CONTACTO'),
		anonymous: z.boolean().default(false),
		nombre: z.string().default('María González'),
		email: z.string().default('maria.gonzalez@example.com'),
		telefono: z.string().nullable().default('+54 11 5555-0101'),
		mensaje: z.string().default('Hola, me interesa esta propiedad. ¿Sigue disponible?'),
		dni: z.string().nullable().default(null),
		/** Body fields given other values, any JSON (a body variant); not the event's id or kind. */
		variant: z
			.record(z.unknown())
			.refine((fields) => !('idEvento' in fields || 'tipoEvento' in fields), {
				message: 'variant cannot replace idEvento or tipoEvento',
			})
			.optional(),
		/** One of the seven contact types; default the kind's observed one (6 phone view, 1 message). */
		idTipoContacto: z
			.number()
			.int()
			.refine((id) => CONTACT_TYPES.some((type) => type.id === id), {
				message: `idTipoContacto must be one of ${CONTACT_TYPES.map((type) => type.id).join(', ')}`,
			})
			.optional(),
		/** When the lead was registered (epoch ms or ISO 8601); default now. */
		registeredAt: instantSchema.optional(),
	})
	.strict();

const creditSchema = z
	.object({
		accion: z.string().min(1).default('ALTA'),
		planDePublicacion: z.string().nullable().default('SIMPLE'),
		status: z.string().nullable().default('HABILITADO'),
		siteId: z.string().nullable().default('SANDBOX'),
	})
	.strict();

function locationFor(idUbicacion: string, direccion: string): LocationRecord {
	const place = NEIGHBOURHOODS.find((n) => n.idUbicacion === idUbicacion)!;
	return {
		codigoPostal: place.postal,
		direccion,
		idUbicacion,
		latitud: place.lat.toFixed(6),
		longitud: place.lon.toFixed(6),
		muestraMapa: 'true',
		ubicacion: `${place.name}, Capital Federal`,
	};
}

function applyFields(ad: AdRecord, fields: AdFields, now: number): AdRecord {
	const { idUbicacion, ...plain } = fields;
	const next: AdRecord = { ...ad, ...plain, fechaModificacion: now };
	next.searchableTitle = searchable(next.titulo);
	if (idUbicacion) next.ubicacion = locationFor(idUbicacion, ad.ubicacion.direccion);
	return next;
}

function newAd(idAvisoPlat: number, agencyCode: string, now: number): AdRecord {
	return {
		idAvisoPlat,
		agencyCode,
		online: false,
		titulo: 'Departamento a estrenar en Palermo',
		searchableTitle: '',
		operacion: 'VENTA',
		codigoMoneda: 'USD',
		precio: 150_000,
		tipoDePropiedad: 1,
		ubicacion: locationFor('3001', 'Honduras 5000'),
		idDesarrolloPlat: null,
		codigoDesarrollo: null,
		claveInterna: null,
		fechaModificacion: now,
		imagenUrl: `https://img.sandbox.invalid/avisos/${idAvisoPlat}/1.jpg`,
		imageCount: 12,
		calidad: 70,
		planDePublicacion: 'SIMPLE',
	};
}

export function registerInventoryAdmin(app: FastifyInstance, ctx: SandboxContext) {
	const adOf = (params: Record<string, string>) => ctx.state.ad(parseAdId(params.idAvisoPlat));

	app.get('/__sandbox/agencies/:agencyCode/ads', async (request) => {
		const { agencyCode } = paramsOf(request);
		ctx.state.agency(agencyCode);
		const online = queryOf(request).online;
		return ctx.state
			.allAds(agencyCode)
			.filter((ad) => online === undefined || String(ad.online) === online)
			.map(adAdminView);
	});

	app.post('/__sandbox/agencies/:agencyCode/ads', async (request, reply) => {
		const { agencyCode } = paramsOf(request);
		ctx.state.agency(agencyCode);
		const { online, associations, ...fields } = parseWith(newAdSchema, request.body ?? {});
		const now = Date.now();
		const ad = ctx.state.addAd((id) => applyFields(newAd(id, agencyCode, now), fields, now));
		for (const [interfaceId, codigoAviso] of Object.entries(associations)) {
			ctx.state.associate(ctx.state.interfaceById(interfaceId), ad, codigoAviso);
		}
		const events = online ? changeState(ctx, ad, true) : { ad: adAdminView(ad), events: [] };
		return reply.code(201).send(events);
	});

	app.post('/__sandbox/ads/:idAvisoPlat/alta', async (request) =>
		changeState(ctx, adOf(paramsOf(request)), true),
	);
	app.post('/__sandbox/ads/:idAvisoPlat/baja', async (request) =>
		changeState(ctx, adOf(paramsOf(request)), false),
	);

	app.patch('/__sandbox/ads/:idAvisoPlat', async (request) =>
		modifyAd(ctx, adOf(paramsOf(request)), parseWith(adFieldsSchema, request.body ?? {})),
	);

	app.put('/__sandbox/ads/:idAvisoPlat/quality', async (request) => {
		const ad = adOf(paramsOf(request));
		const { calidad } = parseWith(qualitySchema, request.body);
		const next = { ...ad, calidad };
		ctx.state.replaceAd(next);
		return {
			ad: adAdminView(next),
			events: notifyAdEvents(ctx, next, [{ kind: 'AVISO_CALIDAD', calidad }]),
		};
	});

	app.post('/__sandbox/ads/:idAvisoPlat/leads', async (request) => {
		const ad = adOf(paramsOf(request));
		if (!ad.online) throw errors.conflict(`Ad ${ad.idAvisoPlat} is offline: nobody can see it`);
		const { tipoEvento, registeredAt, idTipoContacto, ...contact } = parseWith(
			leadSchema,
			request.body ?? {},
		);
		return notifyLead(ctx, ad, tipoEvento, contact, {
			registeredAt,
			contactTypeId: idTipoContacto ?? contactTypeAt(tipoEvento, 0),
		});
	});

	app.post('/__sandbox/agencies/:agencyCode/credits', async (request) => {
		const { agencyCode } = paramsOf(request);
		ctx.state.agency(agencyCode);
		const credit = parseWith(creditSchema, request.body ?? {});
		return { events: notifyCredit(ctx, agencyCode, credit) };
	});
}

/** A modification of an online ad's content: AVISO_ACTIVIDAD (accion MODIFICACION). */
export function modifyAd(ctx: SandboxContext, ad: AdRecord, fields: AdFields) {
	const next = applyFields(ad, fields, Date.now());
	ctx.state.replaceAd(next);
	const events = notifyAdEvents(ctx, next, [{ kind: 'AVISO_ACTIVIDAD', accion: 'MODIFICACION' }]);
	return { ad: adAdminView(next), events };
}

/** Alta (offline → online) or baja (online → offline): AVISO_ACTIVIDAD and AVISO_ESTADO_PUBLICACION. */
export function changeState(ctx: SandboxContext, ad: AdRecord, online: boolean) {
	if (ad.online === online) {
		throw errors.conflict(`Ad ${ad.idAvisoPlat} is already ${online ? 'online' : 'offline'}`);
	}
	const next = { ...ad, online, fechaModificacion: Date.now() };
	ctx.state.replaceAd(next);
	const events = notifyAdEvents(ctx, next, [
		{ kind: 'AVISO_ACTIVIDAD', accion: online ? 'ALTA' : 'BAJA' },
		{ kind: 'AVISO_ESTADO_PUBLICACION', estadoPublicacion: online ? 'ONLINE' : 'OFFLINE' },
	]);
	return { ad: adAdminView(next), events };
}
