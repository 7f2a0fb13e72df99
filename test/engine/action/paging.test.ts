/** Return All and Limit over many pages: the portal's order, pages at once, what is asked for. */
import type { IDataObject } from 'n8n-workflow';
import type { Sandbox } from '../../../sandbox';
import { errorOf, expectPaired, failOnce, jsonOf, runPortal, useSandbox } from './support';
import { portalProxy } from './portalProxy';

const sandbox = useSandbox();
const ADS = 3_000;
beforeEach(() => sandbox().reset({ ads: ADS }));

const SUMMARY = '/v1/inmobiliarias/INMO-001/avisos/online/resumen';
const getMany = (extra: IDataObject = {}) => ({
	resource: 'ad',
	operation: 'getAll',
	agencyCode: 'INMO-001',
	returnAll: true,
	simplify: false,
	...extra,
});
const idsOf = (items: IDataObject[]) => items.map((item) => item.idAvisoPlat as number);

/** The agency's online ads in the portal's order: its pages read one after the other. */
async function portalOrder(target: Sandbox): Promise<number[]> {
	const ids: number[] = [];
	for (let page = 0; ; page++) {
		const query = `access_token=demo-les-token&pageable.page=${page}&pageable.size=200`;
		const response = await fetch(`${target.url}${SUMMARY}?${query}`);
		if (response.status === 204) return ids;
		const { content } = (await response.json()) as { content: IDataObject[] };
		ids.push(...idsOf(content));
		if (content.length < 200) return ids;
	}
}

const pageOf = (url: URL) => Number(url.searchParams.get('pageable.page'));

// Its time is 3,000 ads through n8n-core and the fill gate's holds (up to 1 s idle for the last
// pages): beside CI's n8n install on 2 cores that exceeds jest's 5 s default; nothing here is timed.
test("Return All asks for up to 4 pages at once and keeps the portal's order", async () => {
	const expected = await portalOrder(sandbox());
	expect(expected.length).toBeGreaterThan(200 * 5);
	const proxy = await portalProxy(sandbox().url, { fillTo: 4 });
	try {
		const result = await runPortal(sandbox(), getMany(), { credentials: { baseUrl: proxy.url } });
		expect(idsOf(jsonOf(result))).toEqual(expected);
		expectPaired(result);
		expect(proxy.most()).toBe(4);
		const pages = proxy.requests.map(pageOf).sort((a, b) => a - b);
		expect(pages).toEqual([...Array(Math.ceil(expected.length / 200)).keys()]);
	} finally {
		await proxy.close();
	}
}, 60_000);

test('Limit asks only for the pages it needs', async () => {
	const expected = await portalOrder(sandbox());
	const proxy = await portalProxy(sandbox().url);
	try {
		const result = await runPortal(sandbox(), getMany({ returnAll: false, limit: 450 }), {
			credentials: { baseUrl: proxy.url },
		});
		expect(idsOf(jsonOf(result))).toEqual(expected.slice(0, 450));
		expect(proxy.requests.map(pageOf).sort()).toEqual([0, 1, 2]);
	} finally {
		await proxy.close();
	}
});

test('a portal serving smaller pages than asked for still gives every ad once, in order', async () => {
	const expected = await portalOrder(sandbox());
	const proxy = await portalProxy(sandbox().url, {
		rewrite: (url) => url.searchParams.set('pageable.size', '150'),
	});
	try {
		const result = await runPortal(sandbox(), getMany(), { credentials: { baseUrl: proxy.url } });
		expect(idsOf(jsonOf(result))).toEqual(expected);
		expect(proxy.requests).toHaveLength(Math.ceil(expected.length / 150));
	} finally {
		await proxy.close();
	}
});

test('a list that shrinks while it is read ends where the portal says it ends', async () => {
	const expected = await portalOrder(sandbox());
	const lastFull = Math.floor(expected.length / 200) - 1;
	// The portal has lost ads by the time the last pages are asked for: they come back empty.
	const proxy = await portalProxy(sandbox().url, {
		answer: (url) =>
			pageOf(url) >= lastFull
				? {
						status: 200,
						body: { number: pageOf(url), size: 200, total: expected.length, content: [] },
					}
				: undefined,
	});
	try {
		const result = await runPortal(sandbox(), getMany(), { credentials: { baseUrl: proxy.url } });
		expect(idsOf(jsonOf(result))).toEqual(expected.slice(0, lastFull * 200));
	} finally {
		await proxy.close();
	}
});

describe('a page the portal refuses, whichever page it is', () => {
	const refuseFourthPage = async () =>
		await failOnce(sandbox(), {
			path: `^${SUMMARY}$`,
			status: 400,
			skip: 3,
			body: { code: 'bad_page', message: 'page refused' },
		});
	const message = 'The portal refused the request: page refused';

	test('fails the run with its message', async () => {
		await refuseFourthPage();
		expect(errorOf(await runPortal(sandbox(), getMany())).message).toBe(message);
	});

	test('gives one error item under Continue On Fail, no partial list', async () => {
		await refuseFourthPage();
		const result = await runPortal(sandbox(), getMany(), { continueOnFail: true });
		expect(jsonOf(result)).toEqual([{ error: message }]);
	});
});
