/** Ad summaries of shape A and shape B come out in one shape, dates in ISO 8601. */
import {
	normalizeAd,
	normalizeAgency,
	normalizeDevelopment,
	toIsoDate,
} from '../../../nodes/shared/normalize';

const INSTANT = Date.UTC(2025, 0, 15, 15, 30, 0, 250);
const ISO = '2025-01-15T15:30:00.250Z';

const shapeB = {
	idAvisoPlat: 54000002,
	codigoAviso: 'DEMO-0001',
	idDesarrolloPlat: null,
	codigoDesarrollo: null,
	tipoDeAviso: 'AVISO_CLASIFICADO',
	titulo: 'Cochera con balcón',
	fechaModificado: '2025-01-15 12:30:00.25',
	fechaModificacion: INSTANT,
	publicacion: 'SIMPLE',
	claveInterna: 'CI-1',
	dataModificacao: INSTANT,
	publicação: 'SIMPLE',
};

const shapeA = {
	claveInterna: 'CI-1',
	codigoAviso: 'DEMO-0001',
	codigoDesarrollo: null,
	fechaModificacion: ISO,
	fechaModificado: '2025-01-15 12:30:00.25',
	idAvisoPlat: 54000002,
	idDesarrolloPlat: null,
	imagen: {
		titulo: 'Cochera',
		urlImagenOriginal: 'https://img/1.jpg',
		urlImagenPortal: 'https://img/1_s.jpg',
	},
	publicacion: 'SIMPLE',
	tipoDeAviso: 'AVISO_CLASIFICADO',
	tipoDePropiedad: 7,
	titulo: 'Cochera con balcón',
	ubicacion: {
		codigoPostal: 'C1425',
		direccion: 'Honduras 5000',
		idUbicacion: '3001',
		latitud: '-34.588900',
		longitud: '-58.430100',
		muestraMapa: 'true',
		ubicacion: 'Palermo, Capital Federal',
	},
};

test('both shapes give the same fields, the common ones with the same values', () => {
	const fromA = normalizeAd(shapeA);
	const fromB = normalizeAd(shapeB);
	expect(Object.keys(fromA).sort()).toEqual(Object.keys(fromB).sort());
	const common = [
		'platformAdId',
		'adCode',
		'isAssociated',
		'title',
		'adType',
		'publication',
		'internalKey',
		'developmentId',
		'developmentCode',
		'isDevelopmentUnit',
		'modifiedAt',
	] as const;
	for (const key of common) expect(fromA[key]).toEqual(fromB[key]);
	expect(fromB).toEqual(
		expect.objectContaining({
			modifiedAt: ISO,
			isAssociated: true,
			isDevelopmentUnit: false,
			location: null,
			image: null,
		}),
	);
});

test('shape A extras: location with numbers and a boolean, image, property type', () => {
	expect(normalizeAd(shapeA)).toEqual(
		expect.objectContaining({
			propertyTypeId: 7,
			location: {
				locationId: '3001',
				name: 'Palermo, Capital Federal',
				address: 'Honduras 5000',
				postalCode: 'C1425',
				latitude: -34.5889,
				longitude: -58.4301,
				showMap: true,
			},
			image: {
				title: 'Cochera',
				originalUrl: 'https://img/1.jpg',
				portalUrl: 'https://img/1_s.jpg',
			},
		}),
	);
});

test('an ad not associated to the caller, a development unit', () => {
	const unit = normalizeAd({
		...shapeB,
		codigoAviso: null,
		idDesarrolloPlat: 7100002,
		codigoDesarrollo: 'DES-001',
	});
	expect(unit).toEqual(
		expect.objectContaining({
			adCode: null,
			isAssociated: false,
			developmentId: 7100002,
			isDevelopmentUnit: true,
		}),
	);
});

test.each([
	[INSTANT, ISO],
	[String(INSTANT), ISO],
	[ISO, ISO],
	['2025-01-15T12:30:00.250-0300', ISO],
	['2025-01-15T12:30:00.250-03:00', ISO],
	['2025-01-15 12:30:00.25', '2025-01-15 12:30:00.25'],
	['', null],
	[null, null],
	[undefined, null],
])('toIsoDate(%p) = %p', (value, expected) => {
	expect(toIsoDate(value)).toBe(expected);
});

test('a development with units as a bare array or a page envelope', () => {
	const development = {
		idDesarrolloPlat: 7100002,
		codigoDesarrollo: 'DES-001',
		titulo: 'Torre Alameda',
		fechaModificacion: INSTANT,
		ubicacion: shapeA.ubicacion,
	};
	const bare = normalizeDevelopment({ ...development, unidades: [shapeB, shapeB] });
	const paged = normalizeDevelopment({
		...development,
		unidades: { number: 0, size: 2, total: 2, content: [shapeB, shapeB] },
	});
	expect(bare).toEqual(paged);
	expect(bare).toEqual(
		expect.objectContaining({
			developmentId: 7100002,
			title: 'Torre Alameda',
			modifiedAt: ISO,
			unitCount: 2,
		}),
	);
	expect(normalizeDevelopment(development).units).toEqual([]);
});

test('an agency', () => {
	expect(
		normalizeAgency({
			codigoInmobiliaria: 'INMO-001',
			idPlat: 30001,
			nombre: 'Demo',
			habilitadoDesde: INSTANT,
			bloqueada: false,
		}),
	).toEqual({
		agencyCode: 'INMO-001',
		platformId: 30001,
		name: 'Demo',
		enabledSince: ISO,
		blocked: false,
	});
});
