/**
 * The fields a lead gets from its ad and agency. Every key is always present (null when unknown),
 * so that a table or CRM mapping sees the same columns on every lead; `detailsMissing` says, in
 * words, why the ad's fields are empty, and is null when the ad was found.
 */
import type { IDataObject } from 'n8n-workflow';
import type { AgencySummary } from '../normalize';
import type { KnownAd } from './knownAd';

export interface PropertyDetails {
	[key: string]: string | number | null;
	adTitle: string | null;
	/** Address and area, as one text ("Av. Santa Fe 1234, Palermo"). */
	adLocation: string | null;
	/** The summary's property type id: the portal publishes no names for these ids. */
	adPropertyTypeId: number | null;
	/** VENTA, ALQUILER, ALQUILER_TEMPORAL, ... as the operations lookup names it. */
	adOperation: string | null;
	adImageUrl: string | null;
	platformAdId: number | null;
	agencyName: string | null;
	detailsMissing: string | null;
}

function platformAdIdOf(lead: IDataObject): number | null {
	const id = lead.platformAdId;
	return typeof id === 'number' && Number.isSafeInteger(id) ? id : null;
}

export function detailsFound(
	lead: IDataObject,
	ad: KnownAd,
	agency: AgencySummary | undefined,
): PropertyDetails {
	return {
		adTitle: ad.title,
		adLocation: ad.location,
		adPropertyTypeId: ad.propertyTypeId,
		adOperation: ad.operation,
		adImageUrl: ad.imageUrl,
		platformAdId: platformAdIdOf(lead) ?? ad.platformAdId,
		agencyName: agency?.name ?? null,
		detailsMissing: null,
	};
}

export function detailsMissing(
	lead: IDataObject,
	reason: string,
	agency?: AgencySummary,
): PropertyDetails {
	return {
		adTitle: null,
		adLocation: null,
		adPropertyTypeId: null,
		adOperation: null,
		adImageUrl: null,
		platformAdId: platformAdIdOf(lead),
		agencyName: agency?.name ?? null,
		detailsMissing: reason,
	};
}
