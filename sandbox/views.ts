/**
 * The answers' shapes (docs/portal-api.md), built from the records.
 * `codigoAviso` is always the calling interface's code: null when the ad is not associated to it.
 */
import type { AdSummaryShapeA, AdSummaryShapeB, Agency } from '../nodes/shared/schemas';
import { BEHAVIOUR } from './behaviour';
import { isoTimestamp, localModifiedText } from './contract/dates';
import type { AdRecord, AgencyRecord, DevelopmentRecord, InterfaceRecord } from './model';
import type { AdShape } from './settings';

const { tipoDeAviso, publicacion } = BEHAVIOUR.adSummary;

export function agencyItem(agency: AgencyRecord): Agency {
	const { publishing: _internal, ...item } = agency;
	return item;
}

export function adSummaryShapeB(ad: AdRecord, codigoAviso: string | null): AdSummaryShapeB {
	return {
		idAvisoPlat: ad.idAvisoPlat,
		codigoAviso,
		idDesarrolloPlat: ad.idDesarrolloPlat,
		codigoDesarrollo: ad.codigoDesarrollo,
		tipoDeAviso,
		titulo: ad.titulo,
		fechaModificado: localModifiedText(ad.fechaModificacion),
		fechaModificacion: ad.fechaModificacion,
		publicacion,
		claveInterna: ad.claveInterna,
		dataModificacao: ad.fechaModificacion,
		publicação: publicacion,
	};
}

export function adSummaryShapeA(ad: AdRecord, codigoAviso: string | null): AdSummaryShapeA {
	return {
		claveInterna: ad.claveInterna,
		codigoAviso,
		codigoDesarrollo: ad.codigoDesarrollo,
		fechaModificacion: isoTimestamp(ad.fechaModificacion),
		fechaModificado: localModifiedText(ad.fechaModificacion),
		idAvisoPlat: ad.idAvisoPlat,
		idDesarrolloPlat: ad.idDesarrolloPlat,
		imagen: {
			titulo: ad.titulo,
			urlImagenOriginal: ad.imagenUrl,
			urlImagenPortal: ad.imagenUrl.replace(/\.jpg$/, '_360x266.jpg'),
		},
		publicacion,
		tipoDeAviso,
		tipoDePropiedad: ad.tipoDePropiedad,
		titulo: ad.titulo,
		ubicacion: { ...ad.ubicacion },
	};
}

/** Shape B items without the caller's code, per record (records are replaced on change, never mutated). */
const shapeBByRecord = new WeakMap<AdRecord, AdSummaryShapeB>();

export function adSummaryItem(shape: AdShape, ad: AdRecord, caller: InterfaceRecord) {
	const code = caller.codeByAdId.get(ad.idAvisoPlat) ?? null;
	if (shape === 'A') return adSummaryShapeA(ad, code);
	let shared = shapeBByRecord.get(ad);
	if (!shared) {
		shared = adSummaryShapeB(ad, null);
		shapeBByRecord.set(ad, shared);
	}
	return code === null ? shared : { ...shared, codigoAviso: code };
}

/** The contract's development summary: its own fields plus `unidades`, in the ads' shape. */
export function developmentItem(
	shape: AdShape,
	development: DevelopmentRecord,
	units: readonly AdRecord[],
	caller: InterfaceRecord,
) {
	return {
		idDesarrolloPlat: development.idDesarrolloPlat,
		codigoDesarrollo: development.codigoDesarrollo,
		titulo: development.titulo,
		fechaModificacion:
			shape === 'A' ? isoTimestamp(development.fechaModificacion) : development.fechaModificacion,
		ubicacion: { ...development.ubicacion },
		unidades: units.map((unit) => adSummaryItem(shape, unit, caller)),
	};
}

/** The admin view of an ad: every internal field, for tests and demos. */
export function adAdminView(ad: AdRecord) {
	const { searchableTitle: _searchable, ...fields } = ad;
	return fields;
}
