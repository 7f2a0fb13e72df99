import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';
import { normalizeAgency } from '../../../shared/normalize';
import { portalRequestAllPages } from '../../../shared/paging';
import { limitField, returnAllField, simplifyField } from '../common.descriptions';
import { readLimit } from '../parameters';

const properties: INodeProperties[] = [returnAllField, limitField, simplifyField];

export const description = updateDisplayOptions(
	{ show: { resource: ['agency'], operation: ['getAll'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const agencies = await portalRequestAllPages(this, 'listAgencies', {
		limit: readLimit(this, itemIndex),
		itemIndex,
	});
	const simplify = this.getNodeParameter('simplify', itemIndex, true) as boolean;
	return simplify ? agencies.map(normalizeAgency) : agencies;
}
