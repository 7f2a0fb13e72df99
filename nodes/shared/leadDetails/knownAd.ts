/**
 * What memory keeps of an online ad: only the fields a lead's details show (detailFields.ts), so
 * that an interface's every ad fits (bookShelf.ts), and how a lead names its ad.
 */
import type { IDataObject } from 'n8n-workflow';
import type { AdSummary } from '../normalize';

export interface KnownAd {
	adCode: string | null;
	platformAdId: number | null;
	title: string | null;
	/** Address and area, as one text ("Av. Santa Fe 1234, Palermo"). */
	location: string | null;
	propertyTypeId: number | null;
	/** VENTA, ALQUILER, ... when exactly one of the operations lookup's filters lists the ad. */
	operation: string | null;
	imageUrl: string | null;
}

const filled = (value: string | null | undefined): value is string =>
	typeof value === 'string' && value.trim() !== '';

export function knownAdOf(ad: AdSummary, operation: string | null): KnownAd {
	const place = [ad.location?.address, ad.location?.name].filter(filled);
	return {
		adCode: ad.adCode,
		platformAdId: ad.platformAdId,
		title: ad.title,
		location: place.length > 0 ? place.join(', ') : null,
		propertyTypeId: ad.propertyTypeId,
		operation,
		imageUrl: ad.image?.portalUrl ?? ad.image?.originalUrl ?? null,
	};
}

/** How a lead names its ad: the shared code, else the platform's id. */
export type AdReference = { adCode: string } | { platformAdId: number };

/** A field's text (a number as its digits), or null when empty or absent. */
export const textOf = (value: unknown): string | null =>
	typeof value === 'string' && value.trim() !== ''
		? value.trim()
		: typeof value === 'number'
			? String(value)
			: null;

/** The ad an item (a flat lead, an ad item) names, or null when it names none. */
export function referenceOf(item: IDataObject): AdReference | null {
	const adCode = textOf(item.adCode);
	if (adCode !== null) return { adCode };
	const id = item.platformAdId;
	return typeof id === 'number' && Number.isSafeInteger(id) ? { platformAdId: id } : null;
}

export function isTheAd(reference: AdReference) {
	return (ad: AdSummary | KnownAd) =>
		'adCode' in reference
			? ad.adCode === reference.adCode
			: ad.platformAdId === reference.platformAdId;
}

/** The ad summary's filter for one ad. */
export function filterOf(reference: AdReference): IDataObject {
	// The specification's rule 3: with idAvisoPlat given, codigoAviso is not used.
	return 'adCode' in reference
		? { codigoAviso: reference.adCode }
		: { idAvisoPlat: reference.platformAdId };
}
