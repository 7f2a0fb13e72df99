import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { normalizeAd } from '../../../shared/normalize';
import { portalRequestAllPages } from '../../../shared/paging';
import {
	agencyCodeField,
	forOperation,
	limitField,
	returnAllField,
	simplifyField,
} from '../common.descriptions';
import { readAgencyCode, readLimit } from '../parameters';
import { filtersField, readAdFilters } from './filters';

export const description = forOperation('ad', 'getAll', [
	agencyCodeField,
	returnAllField,
	limitField,
	filtersField,
	simplifyField,
]);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const agencyCode = readAgencyCode(this, itemIndex);
	const query = readAdFilters(this, itemIndex);
	const ads = await portalRequestAllPages(this, 'adSummary', {
		pathParams: { agencyCode },
		query,
		limit: readLimit(this, itemIndex),
		itemIndex,
	});
	const simplify = this.getNodeParameter('simplify', itemIndex, true) as boolean;
	return simplify ? ads.map(normalizeAd) : ads;
}
