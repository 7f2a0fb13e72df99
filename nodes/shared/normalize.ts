/**
 * The service's list items in one shape for people: English names, ISO 8601 dates, every key always
 * present (null when the service did not send it). Ad summaries arrive in shape A or shape B
 * (docs/portal-api.md); developments carry their units in the same shape as ads.
 */
import type { IDataObject } from 'n8n-workflow';

export type AdLocation = {
	locationId: string | null;
	name: string | null;
	address: string | null;
	postalCode: string | null;
	latitude: number | null;
	longitude: number | null;
	showMap: boolean | null;
};

export type AdImage = {
	title: string | null;
	originalUrl: string | null;
	portalUrl: string | null;
};

export type AdSummary = {
	platformAdId: number | null;
	adCode: string | null;
	isAssociated: boolean;
	title: string | null;
	adType: string | null;
	publication: string | null;
	internalKey: string | null;
	developmentId: number | null;
	developmentCode: string | null;
	isDevelopmentUnit: boolean;
	modifiedAt: string | null;
	propertyTypeId: number | null;
	location: AdLocation | null;
	image: AdImage | null;
};

export type DevelopmentSummary = {
	developmentId: number | null;
	developmentCode: string | null;
	title: string | null;
	modifiedAt: string | null;
	location: AdLocation | null;
	unitCount: number;
	units: AdSummary[];
};

export type AgencySummary = {
	agencyCode: string | null;
	platformId: number | null;
	name: string | null;
	enabledSince: string | null;
	blocked: boolean | null;
};

type Raw = Record<string, unknown>;

const asObject = (value: unknown): Raw | undefined =>
	typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Raw) : undefined;

const str = (value: unknown): string | null =>
	typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;

function num(value: unknown): number | null {
	const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	return typeof number === 'number' && Number.isFinite(number) ? number : null;
}

function bool(value: unknown): boolean | null {
	if (typeof value === 'boolean') return value;
	if (value === 'true' || value === 'S' || value === '1') return true;
	if (value === 'false' || value === 'N' || value === '0') return false;
	return null;
}

/**
 * ISO 8601 in UTC from epoch milliseconds or a zoned date-time text. A text that cannot be read as
 * an instant (no zone, unknown form) is kept as it came rather than guessed.
 */
export function toIsoDate(value: unknown): string | null {
	if (typeof value === 'number' && Number.isFinite(value)) return new Date(value).toISOString();
	if (typeof value !== 'string' || value.trim() === '') return null;
	const text = value.trim();
	if (/^\d+$/.test(text)) return new Date(Number(text)).toISOString();
	const zoned = /(Z|[+-]\d{2}:?\d{2})$/i.test(text);
	const instant = Date.parse(text.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
	return zoned && !Number.isNaN(instant) ? new Date(instant).toISOString() : text;
}

function location(value: unknown): AdLocation | null {
	const raw = asObject(value);
	if (!raw) return null;
	return {
		locationId: str(raw.idUbicacion),
		name: str(raw.ubicacion),
		address: str(raw.direccion),
		postalCode: str(raw.codigoPostal),
		latitude: num(raw.latitud),
		longitude: num(raw.longitud),
		showMap: bool(raw.muestraMapa),
	};
}

function image(value: unknown): AdImage | null {
	const raw = asObject(value);
	if (!raw) return null;
	return {
		title: str(raw.titulo),
		originalUrl: str(raw.urlImagenOriginal),
		portalUrl: str(raw.urlImagenPortal),
	};
}

/** One ad summary item of either shape. */
export function normalizeAd(item: IDataObject): AdSummary {
	const adCode = str(item.codigoAviso);
	const developmentId = num(item.idDesarrolloPlat);
	const developmentCode = str(item.codigoDesarrollo);
	return {
		platformAdId: num(item.idAvisoPlat),
		adCode,
		isAssociated: adCode !== null && adCode !== '',
		title: str(item.titulo),
		adType: str(item.tipoDeAviso),
		publication: str(item.publicacion ?? item['publicação']),
		internalKey: str(item.claveInterna),
		developmentId,
		developmentCode,
		isDevelopmentUnit:
			developmentId !== null || (developmentCode !== null && developmentCode !== ''),
		modifiedAt: toIsoDate(item.fechaModificacion ?? item.dataModificacao),
		propertyTypeId: num(item.tipoDePropiedad),
		location: location(item.ubicacion),
		image: image(item.imagen),
	};
}

/** A development's units: a bare array (shape A) or a page envelope (shape B). */
export function unitsOf(development: IDataObject): IDataObject[] {
	const units = development.unidades;
	const list = Array.isArray(units) ? units : asObject(units)?.content;
	return Array.isArray(list) ? (list.filter((unit) => asObject(unit)) as IDataObject[]) : [];
}

export function normalizeDevelopment(item: IDataObject): DevelopmentSummary {
	const units = unitsOf(item).map(normalizeAd);
	return {
		developmentId: num(item.idDesarrolloPlat),
		developmentCode: str(item.codigoDesarrollo),
		title: str(item.titulo),
		modifiedAt: toIsoDate(item.fechaModificacion),
		location: location(item.ubicacion),
		unitCount: units.length,
		units,
	};
}

export function normalizeAgency(item: IDataObject): AgencySummary {
	return {
		agencyCode: str(item.codigoInmobiliaria),
		platformId: num(item.idPlat),
		name: str(item.nombre),
		enabledSince: toIsoDate(item.habilitadoDesde),
		blocked: bool(item.bloqueada),
	};
}

export type CallbackConfigurationSummary = {
	url: string | null;
	authorizationHeaderKey: string | null;
	authorizationHeaderValue: string | null;
	bodyLanguage: string | null;
};

/** The callback configuration with English names (`lenguajeCallbackBody` → `bodyLanguage`). */
export function normalizeCallbackConfiguration(item: IDataObject): CallbackConfigurationSummary {
	return {
		url: str(item.url),
		authorizationHeaderKey: str(item.authorizationHeaderKey),
		authorizationHeaderValue: str(item.authorizationHeaderValue),
		bodyLanguage: str(item.lenguajeCallbackBody),
	};
}

/** A currencies lookup entry (`{codigoMoneda, nombre}`). */
export function normalizeCurrency(item: IDataObject): {
	currencyCode: string | null;
	name: string | null;
} {
	return { currencyCode: str(item.codigoMoneda), name: str(item.nombre) };
}

/** An operations lookup entry (`{operacion}`). */
export function normalizeOperation(item: IDataObject): { operationType: string | null } {
	return { operationType: str(item.operacion) };
}
