import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { normalizeAgency } from '../../../shared/normalize';
import { portalRequestAllPages } from '../../../shared/paging';
import { forOperation, limitField, returnAllField, simplifyField } from '../common.descriptions';
import { readLimit } from '../parameters';

export const description = forOperation('agency', 'getAll', [
	returnAllField,
	limitField,
	simplifyField,
]);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const agencies = await portalRequestAllPages(this, 'listAgencies', {
		limit: readLimit(this, itemIndex),
		itemIndex,
	});
	const simplify = this.getNodeParameter('simplify', itemIndex, true) as boolean;
	return simplify ? agencies.map(normalizeAgency) : agencies;
}
