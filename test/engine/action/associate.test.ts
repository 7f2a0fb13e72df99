/** Ad → Associate: a bulk load from many input items, re-runs, LEC refusal, errors per item. */
import type { IDataObject } from 'n8n-workflow';
import {
	TOKENS,
	adminAds,
	errorOf,
	expectPaired,
	failOnce,
	interfaceState,
	jsonOf,
	runPortal,
	useSandbox,
} from './support';
import { portalProxy } from './portalProxy';

const sandbox = useSandbox();
let unassociated: number[];
beforeAll(async () => {
	const associated = new Set(
		(await interfaceState(sandbox(), 'demo-les')).associations.map((a) => a.idAvisoPlat),
	);
	unassociated = (await adminAds(sandbox(), 'INMO-001'))
		.map((ad) => ad.idAvisoPlat)
		.filter((id) => !associated.has(id));
});

/** The parameters of a bulk association: each input row carries its ad ID and code. */
const bulk = (options: IDataObject = {}) => ({
	resource: 'ad',
	operation: 'associate',
	agencyCode: 'INMO-001',
	adCode: '={{ $json.code }}',
	platformAdId: '={{ $json.id }}',
	options,
});

const rows = (count: number, prefix = 'BULK') =>
	unassociated.slice(0, count).map((id, index) => ({ id, code: `${prefix}-${index + 1}` }));

async function codesOf(interfaceId: string) {
	const { associations } = await interfaceState(sandbox(), interfaceId);
	return new Map(associations.map((a) => [a.idAvisoPlat, a.codigoAviso]));
}

test.each(['es', 'pt'])(
	'associates every input row to its code (%s paths)',
	async (pathLanguage) => {
		const input = rows(3);
		const result = await runPortal(sandbox(), bulk(), { input, credentials: { pathLanguage } });
		expect(result.status).toBe('success');
		expect(jsonOf(result)).toEqual(
			input.map((row) =>
				expect.objectContaining({
					agencyCode: 'INMO-001',
					adCode: row.code,
					platformAdId: row.id,
					associated: true,
					alreadyAssociated: false,
					message: expect.stringContaining(String(row.id)),
				}),
			),
		);
		expectPaired(result, input.length);
		const codes = await codesOf('demo-les');
		for (const row of input) expect(codes.get(row.id)).toBe(row.code);
	},
);

test('the associated ad then shows its code in Ad → Get', async () => {
	const [row] = rows(1, 'SHOWN');
	await runPortal(sandbox(), bulk(), { input: [row] });
	const result = await runPortal(sandbox(), {
		resource: 'ad',
		operation: 'get',
		agencyCode: 'INMO-001',
		platformAdId: { __rl: true, mode: 'adCode', value: row.code },
	});
	expect(jsonOf(result)).toEqual([
		expect.objectContaining({ platformAdId: row.id, isAssociated: true }),
	]);
});

describe('re-running a bulk load', () => {
	test('fails on an already associated ad by default, naming the option', async () => {
		const input = rows(2);
		await runPortal(sandbox(), bulk(), { input });
		const again = await runPortal(sandbox(), bulk(), { input });
		expect(errorOf(again)).toEqual(
			expect.objectContaining({
				message: `Ad ${input[0].id} is already associated to this interface`,
				description: expect.stringContaining('Treat Already Associated as Success'),
			}),
		);
	});

	test('passes with "Treat Already Associated as Success", saying which were already done', async () => {
		const input = rows(3);
		await runPortal(sandbox(), bulk(), { input: input.slice(0, 2) });
		const again = await runPortal(sandbox(), bulk({ alreadyAssociatedIsSuccess: true }), { input });
		expect(again.status).toBe('success');
		expect(jsonOf(again).map((item) => item.alreadyAssociated)).toEqual([true, true, false]);
		expect(jsonOf(again).every((item) => item.associated === true)).toBe(true);
		expectPaired(again, input.length);
	});
});

describe('errors, one item at a time', () => {
	test('Continue On Fail: one error item per failed input, the others go on', async () => {
		const [first, second] = rows(2);
		const input = [first, { id: 99_999_999, code: 'MISSING' }, { id: second.id, code: '' }, second];
		const result = await runPortal(sandbox(), bulk(), { input, continueOnFail: true });
		expect(result.status).toBe('success');
		const items = jsonOf(result);
		expect(items).toHaveLength(4);
		expect(items[0]).toEqual(expect.objectContaining({ platformAdId: first.id, associated: true }));
		expect(items[1]).toEqual({ error: 'Ad 99999999 not found in agency INMO-001' });
		expect(result.items[1].error?.description).toContain(
			'platform ad ID must be an ad of that agency',
		);
		expect(items[2]).toEqual(
			expect.objectContaining({ error: 'Invalid parameter: Ad Code: is required' }),
		);
		expect(items[3]).toEqual(
			expect.objectContaining({ platformAdId: second.id, associated: true }),
		);
		expect(result.items.map((item) => (item.pairedItem as { item: number }).item)).toEqual([
			0, 1, 2, 3,
		]);
	});

	test('"Continue (using error output)" sends the failed inputs to the error output', async () => {
		const [first, second] = rows(2);
		const input = [first, { id: 99_999_999, code: 'MISSING' }, second];
		const result = await runPortal(sandbox(), bulk(), { input, onError: 'continueErrorOutput' });
		const [success, failure] = result.outputs;
		expect(success.map((item) => item.json.adCode)).toEqual([first.code, second.code]);
		expect(success.map((item) => (item.pairedItem as { item: number }).item)).toEqual([0, 2]);
		expect(failure).toHaveLength(1);
		expect(failure[0].json.error).toBe('Ad 99999999 not found in agency INMO-001');
		expect((failure[0].pairedItem as { item: number }).item).toBe(1);
	});

	test('without Continue On Fail the run stops at the failing item and says which', async () => {
		const [first] = rows(1);
		const result = await runPortal(sandbox(), bulk(), {
			input: [first, { id: -4, code: 'NEGATIVE' }],
		});
		expect(errorOf(result).message).toBe(
			'Invalid parameter: Ad (platform ID): must be a positive number',
		);
		expect((result.error as unknown as { context?: IDataObject }).context?.itemIndex).toBe(1);
	});

	test('a LEC token is refused as one, whatever its credential says, with a fix that fits what it says', async () => {
		const [row] = rows(1);
		for (const interfaceKind of ['LEC', 'LES']) {
			const result = await runPortal(sandbox(), bulk(), {
				input: [row],
				credentials: { accessToken: TOKENS.lec, interfaceKind },
			});
			const refusal = errorOf(result);
			expect(refusal).toEqual(
				expect.objectContaining({
					message:
						'This access token belongs to a read-only (LEC) interface: associating ads needs a read-write (LES) access token',
					httpCode: '403',
				}),
			);
			expect(refusal.description).not.toMatch(/set its Interface Kind to LES/);
			expect(refusal.description?.includes('Interface Kind says LES')).toBe(
				interfaceKind === 'LES',
			);
		}
		expect((await codesOf('demo-lec')).has(row.id)).toBe(false);
	});

	test('an ad of another agency is not found', async () => {
		const [ofOtherAgency] = await adminAds(sandbox(), 'INMO-002');
		const result = await runPortal(sandbox(), bulk(), {
			input: [{ id: ofOtherAgency.idAvisoPlat, code: 'X-1' }],
		});
		expect(errorOf(result).message).toBe(
			`Ad ${ofOtherAgency.idAvisoPlat} not found in agency INMO-001`,
		);
	});

	test("an agency the portal says is not linked is named alone in the headline, as the portal's sentence says", async () => {
		const [row] = rows(1);
		const result = await runPortal(
			sandbox(),
			{ ...bulk(), agencyCode: 'INMO-999' },
			{ input: [row] },
		);
		expect(errorOf(result)).toEqual(
			expect.objectContaining({
				message: 'Agency "INMO-999" not found',
				description: expect.stringContaining(
					'The portal said: "Agency INMO-999 is not linked to this interface"',
				),
			}),
		);
	});
});

test('Batching sends every item, in batches, and keeps each output paired with its input', async () => {
	const input = rows(7, 'BATCH');
	const result = await runPortal(
		sandbox(),
		bulk({ batching: { batch: { batchSize: 3, batchInterval: 20 } } }),
		{
			input,
		},
	);
	expect(result.status).toBe('success');
	expect(jsonOf(result).map((item) => item.adCode)).toEqual(input.map((row) => row.code));
	expect(result.items.map((item) => (item.pairedItem as { item: number }).item)).toEqual([
		0, 1, 2, 3, 4, 5, 6,
	]);
	const codes = await codesOf('demo-les');
	for (const row of input) expect(codes.get(row.id)).toBe(row.code);
});

test('Batching with Continue On Fail still gives one item per input in order', async () => {
	const input: IDataObject[] = rows(4, 'MIX');
	input[1] = { id: 99_999_998, code: 'GONE' };
	const result = await runPortal(
		sandbox(),
		bulk({ batching: { batch: { batchSize: 2, batchInterval: 0 } } }),
		{
			input,
			continueOnFail: true,
		},
	);
	const items = jsonOf(result);
	expect(items.map((item) => ('error' in item ? 'error' : item.adCode))).toEqual([
		'MIX-1',
		'error',
		'MIX-3',
		'MIX-4',
	]);
});

test('Batching without an interval does not let a rate-limited item hold back the next ones', async () => {
	const input = rows(4, 'POOL');
	await failOnce(sandbox(), {
		method: 'PUT',
		path: `/asociar/${input[0].id}$`,
		status: 429,
		headers: { 'Retry-After': '1' },
	});
	const before = [...(await codesOf('demo-les')).keys()];
	const result = await runPortal(
		sandbox(),
		bulk({ batching: { batch: { batchSize: 2, batchInterval: 0 } } }),
		{ input },
	);
	expect(result.status).toBe('success');
	expect(jsonOf(result).map((item) => item.adCode)).toEqual(input.map((row) => row.code));
	// The emulator lists associations in the order they were made: while the first item waits out
	// its Retry-After, the other worker has associated the remaining three.
	const madeNow = [...(await codesOf('demo-les')).keys()].filter((id) => !before.includes(id));
	expect(madeNow).toEqual([input[1].id, input[2].id, input[3].id, input[0].id]);
});

test('Batching without an interval never has more than Items per Batch requests in flight', async () => {
	const input = rows(13, 'CAP');
	const proxy = await portalProxy(sandbox().url, { fillTo: 4 });
	try {
		const result = await runPortal(
			sandbox(),
			bulk({ batching: { batch: { batchSize: 4, batchInterval: 0 } } }),
			{ input, credentials: { baseUrl: proxy.url } },
		);
		expect(jsonOf(result).map((item) => item.adCode)).toEqual(input.map((row) => row.code));
		expect(proxy.most()).toBe(4);
	} finally {
		await proxy.close();
	}
});
