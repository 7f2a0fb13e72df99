import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import { normalizeAd } from '../../../shared/normalize';
import { validateInput } from '../../../shared/validation';
import {
	adCodeField,
	adLocatorField,
	agencyCodeField,
	batchingOption,
	forOperation,
	optionsCollection,
	platformAdIdField,
	simplifyField,
} from '../common.descriptions';
import {
	platformAdIdSchema,
	readAdReference,
	readAgencyCode,
	stringParameter,
	type AdReference,
} from '../parameters';
import { FROM_VERSION_2, ONLY_VERSION_1, onlyWhen } from '../../../shared/versionConditions';
import { typeVersionOf } from '../versions';
import { findOnlineAd } from './findAd';

/** Version 1: a Find By switch between a number field and an ad code field. */
const findByField: INodeProperties = {
	displayName: 'Find By',
	name: 'findBy',
	type: 'options',
	options: [
		{ name: 'Platform Ad ID', value: 'platformAdId' },
		{ name: 'Ad Code', value: 'adCode' },
	],
	default: 'platformAdId',
};

const version1 = [
	findByField,
	{ ...platformAdIdField, displayOptions: { show: { findBy: ['platformAdId'] } } },
	{
		...adCodeField,
		description: 'The code your interface assigned to the ad',
		displayOptions: { show: { findBy: ['adCode'] } },
	},
].map((property) => onlyWhen(ONLY_VERSION_1, property));

export const description = forOperation('ad', 'get', [
	agencyCodeField,
	...version1,
	onlyWhen(FROM_VERSION_2, adLocatorField),
	simplifyField,
	optionsCollection(batchingOption),
]);

const adCodeSchema = z.string().trim().min(1, 'is required');

function readVersion1Reference(ctx: IExecuteFunctions, itemIndex: number): AdReference {
	if (ctx.getNodeParameter('findBy', itemIndex) === 'adCode') {
		const code = stringParameter(ctx, 'adCode', itemIndex);
		return { adCode: validateInput(ctx, adCodeSchema, code, { '': 'Ad Code' }, itemIndex) };
	}
	const id = ctx.getNodeParameter('platformAdId', itemIndex);
	const label = { '': 'Platform Ad ID' };
	return { platformAdId: validateInput(ctx, platformAdIdSchema, id, label, itemIndex) };
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const agencyCode = readAgencyCode(this, itemIndex);
	const reference =
		typeVersionOf(this) < 2
			? readVersion1Reference(this, itemIndex)
			: readAdReference(this, itemIndex);
	const ad = await findOnlineAd(this, agencyCode, reference, itemIndex);
	const simplify = this.getNodeParameter('simplify', itemIndex, true) as boolean;
	return [simplify ? normalizeAd(ad) : ad];
}
