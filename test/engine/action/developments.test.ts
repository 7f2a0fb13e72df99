/** Development → Get Many: developments with their units, both shapes, one item per unit. */
import { errorOf, expectPaired, jsonOf, runPortal, useSandbox } from './support';

const sandbox = useSandbox();

const developments = (extra = {}) => ({
	resource: 'development',
	operation: 'getAll',
	agencyCode: 'INMO-001',
	returnAll: true,
	...extra,
});

describe.each(['B', 'A'] as const)('ad shape %s', (adShape) => {
	beforeEach(() => sandbox().reset({ adShape }));

	test.each(['es', 'pt'])(
		'lists developments with their units, simplified (%s paths)',
		async (pathLanguage) => {
			const result = await runPortal(sandbox(), developments(), { credentials: { pathLanguage } });
			const items = jsonOf(result);
			expect(items.length).toBeGreaterThanOrEqual(3);
			for (const development of items) {
				expect(development).toEqual(
					expect.objectContaining({
						developmentId: expect.any(Number),
						developmentCode: expect.any(String),
						title: expect.any(String),
						modifiedAt: expect.stringMatching(/Z$/),
						unitCount: (development.units as unknown[]).length,
					}),
				);
				for (const unit of development.units as Array<Record<string, unknown>>) {
					expect(unit).toEqual(
						expect.objectContaining({
							developmentId: development.developmentId,
							isDevelopmentUnit: true,
							modifiedAt: expect.stringMatching(/Z$/),
						}),
					);
				}
			}
			expectPaired(result);
		},
	);

	test('One Item per Unit gives each unit with its development beside it', async () => {
		const grouped = jsonOf(await runPortal(sandbox(), developments()));
		const unitCount = grouped.reduce(
			(sum, development) => sum + (development.unitCount as number),
			0,
		);
		const result = await runPortal(sandbox(), developments({ options: { itemPerUnit: true } }));
		const units = jsonOf(result);
		expect(units).toHaveLength(unitCount);
		for (const unit of units) {
			expect(unit.platformAdId).toEqual(expect.any(Number));
			expect(unit.development).toEqual(
				expect.objectContaining({ developmentId: unit.developmentId, title: expect.any(String) }),
			);
			expect(unit.development).not.toHaveProperty('units');
		}
		expectPaired(result);
	});

	test('raw units with their raw development when Simplify is off', async () => {
		const result = await runPortal(
			sandbox(),
			developments({ simplify: false, options: { itemPerUnit: true } }),
		);
		const [unit] = jsonOf(result);
		expect(unit).toHaveProperty('idAvisoPlat');
		expect(unit.development).toEqual(
			expect.objectContaining({ idDesarrolloPlat: unit.idDesarrolloPlat }),
		);
		expect(unit.development).not.toHaveProperty('unidades');
		// Version 1 nodes keep the key their workflows read.
		const version1 = await runPortal(
			sandbox(),
			developments({ simplify: false, options: { itemPerUnit: true } }),
			{ typeVersion: 1 },
		);
		expect(jsonOf(version1)[0].desarrollo).toEqual(unit.development);
	});
});

test('Limit applies to developments', async () => {
	const result = await runPortal(sandbox(), developments({ returnAll: false, limit: 2 }));
	expect(jsonOf(result)).toHaveLength(2);
});

test('an agency without online developments gives no items (204)', async () => {
	sandbox().reset({ ads: 0 });
	const result = await runPortal(sandbox(), developments());
	expect(result.status).toBe('success');
	expect(result.items).toEqual([]);
});

test('an unknown agency is "not found" with the fix', async () => {
	const result = await runPortal(sandbox(), developments({ agencyCode: 'NOPE-1' }));
	expect(errorOf(result).message).toBe('Agency "NOPE-1" not found');
});
