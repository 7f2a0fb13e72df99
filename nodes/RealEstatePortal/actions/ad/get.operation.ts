import {
	NodeOperationError,
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';
import { z } from 'zod';
import { normalizeAd } from '../../../shared/normalize';
import { portalRequestAllPages } from '../../../shared/transport';
import { validateInput } from '../../../shared/validation';
import {
	adCodeField,
	agencyCodeField,
	batchingOption,
	optionsCollection,
	platformAdIdField,
	simplifyField,
} from '../common.descriptions';
import { platformAdIdSchema, readAgencyCode, stringParameter } from '../parameters';

const properties: INodeProperties[] = [
	agencyCodeField,
	{
		displayName: 'Find By',
		name: 'findBy',
		type: 'options',
		options: [
			{ name: 'Platform Ad ID', value: 'platformAdId' },
			{ name: 'Ad Code', value: 'adCode' },
		],
		default: 'platformAdId',
	},
	{ ...platformAdIdField, displayOptions: { show: { findBy: ['platformAdId'] } } },
	{
		...adCodeField,
		description: 'The code your interface assigned to the ad',
		displayOptions: { show: { findBy: ['adCode'] } },
	},
	simplifyField,
	optionsCollection(batchingOption),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['ad'], operation: ['get'] } },
	properties,
);

const adCodeSchema = z.string().trim().min(1, 'is required');

function readWanted(ctx: IExecuteFunctions, itemIndex: number) {
	const node = ctx.getNode();
	if (ctx.getNodeParameter('findBy', itemIndex) === 'adCode') {
		const code = validateInput(
			node,
			adCodeSchema,
			stringParameter(ctx, 'adCode', itemIndex),
			{ '': 'Ad Code' },
			itemIndex,
		);
		return {
			query: { codigoAviso: code },
			matches: (ad: IDataObject) => ad.codigoAviso === code,
			what: `ad code "${code}"`,
		};
	}
	const id = validateInput(
		node,
		platformAdIdSchema,
		ctx.getNodeParameter('platformAdId', itemIndex),
		{ '': 'Platform Ad ID' },
		itemIndex,
	);
	return {
		query: { idAvisoPlat: id },
		matches: (ad: IDataObject) => Number(ad.idAvisoPlat) === id,
		what: `platform ID ${id}`,
	};
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const agencyCode = readAgencyCode(this, itemIndex);
	const wanted = readWanted(this, itemIndex);
	const ads = await portalRequestAllPages(this, 'adSummary', {
		pathParams: { agencyCode },
		query: wanted.query,
		itemIndex,
	});
	// The service may answer every ad for a filter it dislikes (rule 4), so the match is checked here.
	const ad = ads.find(wanted.matches);
	if (!ad) {
		throw new NodeOperationError(
			this.getNode(),
			`Ad not found: no online ad with ${wanted.what} in agency ${agencyCode}`,
			{
				description:
					'The summary lists online ads only. An offline ad is not found, and an ad code is found only once your interface has associated it (Ad → Associate).',
				itemIndex,
			},
		);
	}
	const simplify = this.getNodeParameter('simplify', itemIndex, true) as boolean;
	return [simplify ? normalizeAd(ad) : ad];
}
