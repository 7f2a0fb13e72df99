/**
 * One round of the bulk association (benchmark 3) in its own process:
 * `{ side, url, inputFile, batchSize }`, the input items (`{ idAvisoPlat, codigoAviso }`) in a JSON file.
 * Both sides continue on fail, so every input item must come out as a result or as an error item.
 */
import fs from 'node:fs';

import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { measure, roundMain } from '../lib/childRound';
import {
	AGENCY,
	loadHttpRequestNode,
	runHttpRequest,
	runOurs,
	type BaselineSetup,
} from './engineNodes';

interface Args {
	side: string;
	url: string;
	inputFile: string;
	batchSize: number;
}

async function associateAll({ side, url, batchSize }: Args, input: IDataObject[]) {
	if (side === 'ours') {
		return await runOurs(
			url,
			{
				resource: 'ad',
				operation: 'associate',
				agencyCode: AGENCY,
				adCode: '={{ $json.codigoAviso }}',
				platformAdId: '={{ $json.idAvisoPlat }}',
				options: { batching: { batch: { batchSize, batchInterval: 0 } } },
			},
			{ input, continueOnFail: true },
		);
	}
	// The HTTP Request node: no batching; Retry On Fail only in the fair setup.
	return await runHttpRequest(
		side as BaselineSetup,
		{
			method: 'PUT',
			url: `=${url}/v1/inmobiliarias/${AGENCY}/avisos/{{ $json.codigoAviso }}/asociar/{{ $json.idAvisoPlat }}`,
			options: {},
		},
		{ input, continueOnFail: true },
	);
}

function pairedIndexes(items: INodeExecutionData[]): number[] {
	return items.flatMap((item) => {
		const paired = item.pairedItem;
		if (typeof paired === 'number') return [paired];
		if (Array.isArray(paired)) return paired.map((entry) => entry.item);
		return paired ? [paired.item] : [];
	});
}

roundMain(async (args: Args) => {
	const input = JSON.parse(fs.readFileSync(args.inputFile, 'utf8')) as IDataObject[];
	if (args.side !== 'ours') loadHttpRequestNode();
	const { figures, value } = await measure(() => associateAll(args, input));
	const items = value.items;
	const errorItems = items.filter(
		(item) => item.json.error !== undefined || item.error !== undefined,
	);
	const accounted = new Set(pairedIndexes(items));
	return {
		...figures,
		status: value.status,
		inputItems: input.length,
		results: items.length - errorItems.length,
		errorItems: errorItems.length,
		lost: input.length - accounted.size,
	};
});
