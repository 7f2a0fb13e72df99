/**
 * The online ad summary's nine query filters and four rules (docs/portal-api.md):
 * 1. no filter → every online ad; 2. filters AND together, values of a multi-valued one OR;
 * 3. idAvisoPlat wins over codigoAviso; 4. a wrong filter → an error or every ad (`BadFilterMode`).
 */
import { CURRENCIES, OPERATIONS, searchable } from './catalog';
import type { AdRecord, InterfaceRecord } from './model';
import type { SandboxState } from './state';

export interface AdFilters {
	idAvisoPlat?: number;
	codigoAviso?: string;
	idUbicacion?: ReadonlySet<string>;
	titleWords?: string[];
	operacion?: string;
	idTipoDePropiedad?: ReadonlySet<number>;
	precioDesde?: number;
	precioHasta?: number;
	codigoMoneda?: string;
}

export type ParsedFilters = { ok: true; filters: AdFilters } | { ok: false; message: string };

type Query = Record<string, unknown>;

class BadFilter extends Error {}

/** One value of a single-valued filter; a repeated parameter is wrong. Blank counts as absent. */
function single(query: Query, name: string): string | undefined {
	const value = query[name];
	if (Array.isArray(value)) throw new BadFilter(`Filter ${name} accepts one value only`);
	if (typeof value !== 'string' || value.trim() === '') return undefined;
	return value.trim();
}

/** Values of a multi-valued filter, written `a,b` or as a repeated parameter. */
function several(query: Query, name: string): string[] | undefined {
	const raw = query[name];
	const joined = Array.isArray(raw) ? raw.join(',') : raw;
	if (typeof joined !== 'string' || joined.trim() === '') return undefined;
	const values = joined.split(',').map((v) => v.trim());
	if (values.some((v) => v === '')) throw new BadFilter(`Filter ${name} has an empty value`);
	return values;
}

function positiveInteger(name: string, text: string): number {
	if (!/^\d+$/.test(text) || Number(text) < 1) {
		throw new BadFilter(`Filter ${name} must be a positive integer, got "${text}"`);
	}
	return Number(text);
}

function price(name: string, text: string | undefined): number | undefined {
	if (text === undefined) return undefined;
	const value = Number(text);
	if (!/^\d+(\.\d+)?$/.test(text) || !Number.isFinite(value)) {
		throw new BadFilter(`Filter ${name} must be a non-negative number, got "${text}"`);
	}
	return value;
}

function oneOf(
	name: string,
	text: string | undefined,
	allowed: readonly string[],
): string | undefined {
	if (text === undefined) return undefined;
	const value = text.toUpperCase();
	if (!allowed.includes(value)) {
		throw new BadFilter(`Filter ${name} must be one of ${allowed.join(', ')}, got "${text}"`);
	}
	return value;
}

export function parseAdFilters(query: Query): ParsedFilters {
	try {
		const filters: AdFilters = {};
		const id = single(query, 'idAvisoPlat');
		if (id !== undefined) filters.idAvisoPlat = positiveInteger('idAvisoPlat', id);
		// Rule 3: with idAvisoPlat present, codigoAviso is not even read.
		else filters.codigoAviso = single(query, 'codigoAviso');
		const locations = several(query, 'idUbicacion');
		if (locations) {
			for (const location of locations) positiveInteger('idUbicacion', location);
			filters.idUbicacion = new Set(locations);
		}
		const title = single(query, 'titulo');
		if (title !== undefined) filters.titleWords = searchable(title).split(/\s+/);
		filters.operacion = oneOf('operacion', single(query, 'operacion'), OPERATIONS);
		const types = several(query, 'idTipoDePropiedad');
		if (types)
			filters.idTipoDePropiedad = new Set(
				types.map((t) => positiveInteger('idTipoDePropiedad', t)),
			);
		filters.precioDesde = price('precioDesde', single(query, 'precioDesde'));
		filters.precioHasta = price('precioHasta', single(query, 'precioHasta'));
		if (
			filters.precioDesde !== undefined &&
			filters.precioHasta !== undefined &&
			filters.precioDesde > filters.precioHasta
		) {
			throw new BadFilter('Filter precioDesde must not be greater than precioHasta');
		}
		filters.codigoMoneda = oneOf(
			'codigoMoneda',
			single(query, 'codigoMoneda'),
			CURRENCIES.map((c) => c.codigoMoneda),
		);
		return { ok: true, filters };
	} catch (error) {
		if (error instanceof BadFilter) return { ok: false, message: error.message };
		throw error;
	}
}

type AdCheck = (ad: AdRecord) => boolean;

/** One check per supplied filter besides the identity ones, cheapest first. */
function checksOf(f: AdFilters): AdCheck[] {
	const checks: AdCheck[] = [];
	const {
		operacion,
		codigoMoneda,
		precioDesde,
		precioHasta,
		idUbicacion,
		idTipoDePropiedad,
		titleWords,
	} = f;
	if (operacion !== undefined) checks.push((ad) => ad.operacion === operacion);
	if (codigoMoneda !== undefined) checks.push((ad) => ad.codigoMoneda === codigoMoneda);
	if (precioDesde !== undefined) checks.push((ad) => ad.precio >= precioDesde);
	if (precioHasta !== undefined) checks.push((ad) => ad.precio <= precioHasta);
	if (idUbicacion !== undefined) checks.push((ad) => idUbicacion.has(ad.ubicacion.idUbicacion));
	if (idTipoDePropiedad !== undefined)
		checks.push((ad) => idTipoDePropiedad.has(ad.tipoDePropiedad));
	for (const word of titleWords ?? []) checks.push((ad) => ad.searchableTitle.includes(word));
	return checks;
}

/** The agency's online ads (ascending id) that satisfy every filter, as seen by `caller`. */
export function selectAds(
	state: SandboxState,
	agencyCode: string,
	filters: AdFilters,
	caller: InterfaceRecord,
): readonly AdRecord[] {
	const byId =
		filters.idAvisoPlat ??
		(filters.codigoAviso !== undefined
			? (caller.adIdByCode.get(filters.codigoAviso) ?? -1)
			: undefined);
	let candidates = state.onlineAds(agencyCode);
	if (byId !== undefined) {
		const ad = state.findAd(byId);
		candidates = ad && ad.online && ad.agencyCode === agencyCode ? [ad] : [];
	}
	const checks = checksOf(filters);
	if (checks.length === 0) return candidates;
	return candidates.filter((ad) => checks.every((check) => check(ad)));
}
