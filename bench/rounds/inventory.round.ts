/** One round of the inventory export (benchmark 2) in its own process: `{ side, url }`. */
import { measure, roundMain } from '../lib/childRound';
import {
	AGENCY,
	loadHttpRequestNode,
	runHttpRequest,
	runOurs,
	type BaselineSetup,
} from './engineNodes';
import { PAGES_UNTIL_204 } from '../lib/baselineNodes';

const PAGE_SIZE = '200';

async function exportAll(side: string, url: string) {
	if (side === 'ours') {
		return await runOurs(url, {
			resource: 'ad',
			operation: 'getAll',
			agencyCode: AGENCY,
			returnAll: true,
		});
	}
	return await runHttpRequest(side as BaselineSetup, {
		method: 'GET',
		url: `${url}/v1/inmobiliarias/${AGENCY}/avisos/online/resumen`,
		queryParameters: { parameters: [{ name: 'pageable.size', value: PAGE_SIZE }] },
		options: PAGES_UNTIL_204,
	});
}

roundMain(async ({ side, url }: { side: string; url: string }) => {
	if (side !== 'ours') loadHttpRequestNode();
	const { figures, value } = await measure(() => exportAll(side, url));
	if (value.status !== 'success') throw new Error(`${side} failed: ${value.error?.message}`);
	// Ours outputs one item per ad; the HTTP Request node one item per page, the ads in `content`.
	const ads =
		side === 'ours'
			? value.items.length
			: value.items.reduce(
					(total, item) => total + ((item.json.content as unknown[] | undefined)?.length ?? 0),
					0,
				);
	return { ...figures, outputItems: value.items.length, ads };
});
