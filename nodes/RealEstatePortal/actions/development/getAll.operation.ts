import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { normalizeDevelopment, unitsOf } from '../../../shared/normalize';
import { portalRequestAllPages } from '../../../shared/paging';
import {
	agencyCodeField,
	forOperation,
	limitField,
	optionsCollection,
	returnAllField,
	simplifyField,
} from '../common.descriptions';
import { readAgencyCode, readLimit } from '../parameters';
import { typeVersionOf } from '../versions';

export const description = forOperation('development', 'getAll', [
	agencyCodeField,
	returnAllField,
	limitField,
	simplifyField,
	optionsCollection({
		displayName: 'One Item per Unit',
		name: 'itemPerUnit',
		type: 'boolean',
		default: false,
		description:
			'Whether to output each unit of each development as its own item, with its development beside it, instead of one item per development',
	}),
]);

function without(object: IDataObject, ...names: string[]): IDataObject {
	return Object.fromEntries(Object.entries(object).filter(([name]) => !names.includes(name)));
}

/**
 * Each unit, with its development (without the unit list) beside it, under `development`; raw
 * units (Simplify off) of a version 1 node keep it under `desarrollo`, as they did.
 */
function unitItems(development: IDataObject, simplify: boolean, parentKey: string): IDataObject[] {
	if (simplify) {
		const normalized = normalizeDevelopment(development);
		const parent = without(normalized, 'units', 'unitCount');
		return normalized.units.map((unit) => ({ ...unit, development: parent }));
	}
	const parent = without(development, 'unidades');
	return unitsOf(development).map((unit) => ({ ...unit, [parentKey]: parent }));
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const developments = await portalRequestAllPages(this, 'developmentSummary', {
		pathParams: { agencyCode: readAgencyCode(this, itemIndex) },
		limit: readLimit(this, itemIndex),
		itemIndex,
	});
	const simplify = this.getNodeParameter('simplify', itemIndex, true) as boolean;
	if (this.getNodeParameter('options.itemPerUnit', itemIndex, false) as boolean) {
		const parentKey = typeVersionOf(this) < 2 ? 'desarrollo' : 'development';
		return developments.flatMap((development) => unitItems(development, simplify, parentKey));
	}
	return simplify ? developments.map(normalizeDevelopment) : developments;
}
