/**
 * The seeded world: integrators, their interfaces and tokens, agencies and an ad inventory generated
 * from a seeded random generator, so the same seed always gives the same data.
 */
import {
	DEVELOPMENT_NAMES,
	FEATURES,
	NEIGHBOURHOODS,
	PROPERTY_TYPES,
	PUBLICATION_PLANS,
	STREETS,
	searchable,
} from './catalog';
import type { InterfaceKind } from '../nodes/shared/schemas';
import type { AdRecord, AgencyRecord, DevelopmentRecord, LocationRecord } from './model';
import { NO_NETWORK, networkInterfaceOf, networkPlans, type NetworkSize } from './network';
import { createRng, type Rng } from './rng';
import type { AgencyPlan, SeedAssociation, SeedData, SeededInterface } from './seedData';

export const DEFAULT_SEED = 20240607;
export const DEFAULT_ONLINE_ADS = 72;

/** Seeded inventory instants lie before this one (15 Jan 2025, 12:00 UTC-3). */
const SEED_INSTANT = Date.UTC(2025, 0, 15, 15, 0, 0);
const DAY_MS = 86_400_000;

/** An interface `<integrator>-<kind>` (`demo-les`), its token and client named after it. */
function seededInterface(
	integrator: string,
	kind: InterfaceKind,
	agencies: string[],
	callbackAccess = true,
): SeededInterface {
	const id = `${integrator}-${kind.toLowerCase()}`;
	const client = { clientId: `${id}-client`, clientSecret: `${id}-secret` };
	return { id, integrator, kind, token: `${id}-token`, agencies, callbackAccess, client };
}

export const SEEDED_INTERFACES: readonly SeededInterface[] = [
	seededInterface('demo', 'LES', ['INMO-001', 'INMO-002']),
	seededInterface('demo', 'LEC', ['INMO-001', 'INMO-002']),
	seededInterface('other', 'LES', ['INMO-900']),
	seededInterface('nocallbacks', 'LES', ['INMO-500'], false),
	seededInterface('limits', 'LES', ['INMO-610', 'INMO-620', 'INMO-630']),
];

/** The agencies whose association answers coded messages, and the ad with too many images. */
export const LIMITS_AGENCIES = {
	noPlan: 'INMO-610',
	noCredits: 'INMO-620',
	largeGallery: 'INMO-630',
} as const;
/** The first ad of the large-gallery agency has this many images. */
export const LARGE_GALLERY_IMAGES = 64;

function agencyPlans(onlineAdsOfFirstAgency: number): AgencyPlan[] {
	const enabledSince = Date.UTC(2019, 2, 1, 13, 0, 0);
	const agency = (
		code: string,
		idPlat: number,
		nombre: string,
		offsetDays: number,
		publishing = { plan: true, credits: true },
	): AgencyRecord => ({
		codigoInmobiliaria: code,
		idPlat,
		nombre,
		habilitadoDesde: enabledSince + offsetDays * DAY_MS,
		bloqueada: false,
		publishing,
	});
	const demo = { interfaceId: 'demo-les', prefix: 'DEMO' };
	return [
		{
			agency: agency('INMO-001', 30001, 'Inmobiliaria Demo Palermo', 0),
			online: onlineAdsOfFirstAgency,
			offline: 5,
			associatedTo: demo,
		},
		{
			agency: agency('INMO-002', 30002, 'Demo Propiedades Norte', 41),
			online: 14,
			offline: 2,
			associatedTo: demo,
		},
		{
			agency: agency('INMO-900', 30900, 'Otra Inmobiliaria S.A.', 120),
			online: 10,
			offline: 1,
			associatedTo: { interfaceId: 'other-les', prefix: 'OTHER' },
		},
		{
			agency: agency('INMO-500', 30500, 'Sin Callbacks Bienes Raíces', 300),
			online: 6,
			offline: 1,
			associatedTo: { interfaceId: 'nocallbacks-les', prefix: 'NOCB' },
		},
		{
			agency: agency(LIMITS_AGENCIES.noPlan, 30610, 'Sin Plan Propiedades', 400, {
				plan: false,
				credits: true,
			}),
			online: 3,
			offline: 0,
			associatedTo: null,
		},
		{
			agency: agency(LIMITS_AGENCIES.noCredits, 30620, 'Sin Créditos Inmuebles', 410, {
				plan: true,
				credits: false,
			}),
			online: 3,
			offline: 0,
			associatedTo: null,
		},
		{
			agency: agency(LIMITS_AGENCIES.largeGallery, 30630, 'Galería Grande Propiedades', 420),
			online: 3,
			offline: 0,
			associatedTo: null,
		},
	];
}

/** Every fifth online ad (offset 2) is a development unit; a development holds up to five. */
const isUnitSlot = (index: number) => index % 5 === 2;
const UNITS_PER_DEVELOPMENT = 5;
/** About a third of the online ads, and the first two offline ones, start associated. */
const isSeedAssociated = (index: number, online: boolean) => (online ? index % 3 === 0 : index < 2);

/**
 * The seeded world, then the network's agencies (network.ts) after it: the seeded agencies, ads
 * and associations are the same whatever the network's size.
 */
export function buildSeed(
	seed: number,
	onlineAdsOfFirstAgency: number,
	network: NetworkSize = NO_NETWORK,
): SeedData {
	const rng = createRng(seed);
	const ids = { ad: 54_000_000, development: 7_100_000 };
	const networkInterface = networkInterfaceOf(network);
	const data: SeedData = {
		interfaces: [...SEEDED_INTERFACES, ...(networkInterface ? [networkInterface] : [])],
		agencies: [],
		ads: [],
		developments: [],
		associations: [],
		clients: [],
	};
	const codeCounters = new Map<string, number>();

	for (const plan of [...agencyPlans(onlineAdsOfFirstAgency), ...networkPlans(network)]) {
		data.agencies.push(plan.agency);
		let development: DevelopmentRecord | null = null;
		let unitsInDevelopment = 0;
		const total = plan.online + plan.offline;
		for (let index = 0; index < total; index++) {
			const online = index < plan.online;
			if (
				online &&
				isUnitSlot(index) &&
				(!development || unitsInDevelopment === UNITS_PER_DEVELOPMENT)
			) {
				ids.development += rng.int(1, 5);
				development = makeDevelopment(
					rng,
					ids.development,
					plan.agency.codigoInmobiliaria,
					data.developments.length,
				);
				data.developments.push(development);
				unitsInDevelopment = 0;
			}
			const unitOf = online && isUnitSlot(index) ? development : null;
			if (unitOf) unitsInDevelopment++;
			ids.ad += rng.int(1, 9);
			const ad = makeAd(rng, ids.ad, plan.agency.codigoInmobiliaria, online, unitOf);
			if (plan.agency.codigoInmobiliaria === LIMITS_AGENCIES.largeGallery && index === 0) {
				ad.imageCount = LARGE_GALLERY_IMAGES;
			}
			data.ads.push(ad);
			const owner = plan.associatedTo;
			if (owner && isSeedAssociated(online ? index : index - plan.online, online)) {
				const next = (codeCounters.get(owner.prefix) ?? 0) + 1;
				codeCounters.set(owner.prefix, next);
				data.associations.push({
					interfaceId: owner.interfaceId,
					idAvisoPlat: ad.idAvisoPlat,
					codigoAviso: `${owner.prefix}-${String(next).padStart(4, '0')}`,
				});
			}
		}
	}
	data.associations.push(...readOnlyAssociations(data.ads));
	data.clients = data.interfaces.map((i) => ({ ...i.client, interfaceId: i.id }));
	return data;
}

/**
 * The demo LEC starts with every fourth online ad of INMO-002 associated (codes LEC-0001…), as a
 * read-only interface that is sent leads has (docs/portal-api.md#interface-kinds-les-and-lec); it
 * has none of INMO-001's, whose ads it sees without a code.
 */
export const READ_ONLY_SEED = { interfaceId: 'demo-lec', agencyCode: 'INMO-002', prefix: 'LEC' };

function readOnlyAssociations(ads: readonly AdRecord[]): SeedAssociation[] {
	const { interfaceId, agencyCode, prefix } = READ_ONLY_SEED;
	return ads
		.filter((ad) => ad.agencyCode === agencyCode && ad.online)
		.filter((_ad, index) => index % 4 === 0)
		.map((ad, index) => ({
			interfaceId,
			idAvisoPlat: ad.idAvisoPlat,
			codigoAviso: `${prefix}-${String(index + 1).padStart(4, '0')}`,
		}));
}

function makeLocation(rng: Rng, neighbourhood = rng.pick(NEIGHBOURHOODS)): LocationRecord {
	const jitter = () => (rng.next() - 0.5) * 0.01;
	return {
		codigoPostal: neighbourhood.postal,
		direccion: `${rng.pick(STREETS)} ${rng.int(100, 4999)}`,
		idUbicacion: neighbourhood.idUbicacion,
		latitud: (neighbourhood.lat + jitter()).toFixed(6),
		longitud: (neighbourhood.lon + jitter()).toFixed(6),
		muestraMapa: rng.chance(0.8) ? 'true' : 'false',
		ubicacion: `${neighbourhood.name}, Capital Federal`,
	};
}

function makeDevelopment(
	rng: Rng,
	id: number,
	agencyCode: string,
	ordinal: number,
): DevelopmentRecord {
	const base = DEVELOPMENT_NAMES[ordinal % DEVELOPMENT_NAMES.length];
	const round = Math.floor(ordinal / DEVELOPMENT_NAMES.length);
	return {
		idDesarrolloPlat: id,
		codigoDesarrollo: `DES-${String(ordinal + 1).padStart(3, '0')}`,
		agencyCode,
		titulo: round === 0 ? base : `${base} ${round + 1}`,
		ubicacion: makeLocation(rng),
		fechaModificacion: SEED_INSTANT - rng.int(0, 60) * DAY_MS - rng.int(0, DAY_MS - 1),
	};
}

function makePrice(rng: Rng): { operacion: string; codigoMoneda: string; precio: number } {
	const roll = rng.next();
	if (roll < 0.5) {
		return rng.chance(0.85)
			? { operacion: 'VENTA', codigoMoneda: 'USD', precio: rng.int(45, 950) * 1_000 }
			: { operacion: 'VENTA', codigoMoneda: 'ARS', precio: rng.int(40, 600) * 1_000_000 };
	}
	if (roll < 0.85) {
		return rng.chance(0.8)
			? { operacion: 'ALQUILER', codigoMoneda: 'ARS', precio: rng.int(180, 2_500) * 1_000 }
			: { operacion: 'ALQUILER', codigoMoneda: 'USD', precio: rng.int(4, 30) * 100 };
	}
	return rng.chance(0.6)
		? { operacion: 'ALQUILER_TEMPORAL', codigoMoneda: 'USD', precio: rng.int(5, 40) * 100 }
		: { operacion: 'ALQUILER_TEMPORAL', codigoMoneda: 'ARS', precio: rng.int(300, 3_000) * 1_000 };
}

function makeAd(
	rng: Rng,
	id: number,
	agencyCode: string,
	online: boolean,
	development: DevelopmentRecord | null,
): AdRecord {
	const type = development ? PROPERTY_TYPES[0] : rng.pick(PROPERTY_TYPES);
	const place = development ? development.titulo : rng.pick(NEIGHBOURHOODS).name;
	const titulo = `${type.name} ${rng.pick(FEATURES)} en ${place}`;
	return {
		idAvisoPlat: id,
		agencyCode,
		online,
		titulo,
		searchableTitle: searchable(titulo),
		...makePrice(rng),
		tipoDePropiedad: type.id,
		ubicacion: development ? development.ubicacion : makeLocation(rng),
		idDesarrolloPlat: development?.idDesarrolloPlat ?? null,
		codigoDesarrollo: development?.codigoDesarrollo ?? null,
		claveInterna: rng.chance(0.6) ? `CI-${String(id % 100_000).padStart(5, '0')}` : null,
		fechaModificacion: SEED_INSTANT - rng.int(0, 90) * DAY_MS - rng.int(0, DAY_MS - 1),
		imagenUrl: `https://img.sandbox.invalid/avisos/${id}/1.jpg`,
		imageCount: 12,
		calidad: rng.int(40, 98),
		planDePublicacion: rng.pick(PUBLICATION_PLANS),
	};
}
