/** One online ad of an agency, by platform ID or ad code, through the ad summary. */
import { NodeOperationError, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';
import { portalRequestAllPages } from '../../../shared/paging';
import type { AdReference } from '../parameters';

function wantedOf(reference: AdReference) {
	if ('adCode' in reference) {
		const code = reference.adCode;
		return {
			query: { codigoAviso: code },
			matches: (ad: IDataObject) => ad.codigoAviso === code,
			what: `ad code "${code}"`,
		};
	}
	const id = reference.platformAdId;
	return {
		query: { idAvisoPlat: id },
		matches: (ad: IDataObject) => Number(ad.idAvisoPlat) === id,
		what: `platform ID ${id}`,
	};
}

/** The ad as the summary answers it; a clear "not found" when there is none. */
export async function findOnlineAd(
	ctx: IExecuteFunctions,
	agencyCode: string,
	reference: AdReference,
	itemIndex: number,
): Promise<IDataObject> {
	const wanted = wantedOf(reference);
	const ads = await portalRequestAllPages(ctx, 'adSummary', {
		pathParams: { agencyCode },
		query: wanted.query,
		itemIndex,
	});
	// The service may answer every ad for a filter it dislikes, so the match is checked here.
	const ad = ads.find(wanted.matches);
	if (!ad) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Ad not found: no online ad with ${wanted.what} in agency ${agencyCode}`,
			{
				description:
					'The summary lists online ads only. An offline ad is not found, and an ad code is found only once your interface has associated it (Ad → Associate).',
				itemIndex,
			},
		);
	}
	return ad;
}
