/** Ad → Get Many and Ad → Get: filters, paging, both ad shapes, both path languages, LES and LEC. */
import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { RealEstatePortal } from '../../../nodes/RealEstatePortal/RealEstatePortal.node';
import {
	TOKENS,
	adminAds,
	errorOf,
	expectPaired,
	failOnce,
	jsonOf,
	runPortal,
	useSandbox,
} from './support';

const sandbox = useSandbox();
let online: Awaited<ReturnType<typeof adminAds>>;
beforeAll(async () => {
	online = await adminAds(sandbox(), 'INMO-001');
});

const getMany = (extra: IDataObject = {}) => ({
	resource: 'ad',
	operation: 'getAll',
	agencyCode: 'INMO-001',
	returnAll: true,
	...extra,
});

const idsOf = (items: IDataObject[]) => items.map((item) => item.platformAdId as number);
const adminAd = (id: number) => online.find((ad) => ad.idAvisoPlat === id)!;

describe.each(['B', 'A'] as const)('ad shape %s', (adShape) => {
	beforeEach(() => sandbox().reset({ adShape }));

	test.each(['es', 'pt'])(
		'Return All lists every online ad in one shape (%s paths)',
		async (pathLanguage) => {
			const result = await runPortal(sandbox(), getMany(), { credentials: { pathLanguage } });
			const ads = jsonOf(result);
			expect(idsOf(ads).sort()).toEqual(online.map((ad) => ad.idAvisoPlat).sort());
			for (const ad of ads) {
				expect(Object.keys(ad).sort()).toEqual(
					[
						'adCode',
						'adType',
						'developmentCode',
						'developmentId',
						'image',
						'internalKey',
						'isAssociated',
						'isDevelopmentUnit',
						'location',
						'modifiedAt',
						'platformAdId',
						'propertyTypeId',
						'publication',
						'title',
					].sort(),
				);
				expect(ad.modifiedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
				expect(ad.isAssociated).toBe(ad.adCode !== null);
			}
			expect(ads.some((ad) => ad.isDevelopmentUnit)).toBe(true);
			expectPaired(result);
		},
	);

	test('Limit returns exactly that many ads', async () => {
		const result = await runPortal(sandbox(), getMany({ returnAll: false, limit: 7 }));
		expect(jsonOf(result)).toHaveLength(7);
	});

	test('Simplify off returns the raw items of the shape', async () => {
		const [raw] = jsonOf(
			await runPortal(sandbox(), getMany({ returnAll: false, limit: 1, simplify: false })),
		);
		if (adShape === 'B') expect(raw).toHaveProperty('dataModificacao');
		else expect(raw).toHaveProperty('ubicacion.idUbicacion');
		expect(raw).toHaveProperty('idAvisoPlat');
	});

	test('Get finds one ad by platform ID and by ad code', async () => {
		const associated = online[5];
		const byId = await runPortal(sandbox(), {
			resource: 'ad',
			operation: 'get',
			agencyCode: { __rl: true, mode: 'list', value: 'INMO-001' },
			platformAdId: { __rl: true, mode: 'list', value: String(associated.idAvisoPlat) },
		});
		expect(jsonOf(byId)).toEqual([
			expect.objectContaining({ platformAdId: associated.idAvisoPlat }),
		]);
		const code = jsonOf(await runPortal(sandbox(), getMany())).find((ad) => ad.adCode)!
			.adCode as string;
		const byCode = await runPortal(sandbox(), {
			resource: 'ad',
			operation: 'get',
			agencyCode: { __rl: true, mode: 'id', value: 'INMO-001' },
			platformAdId: { __rl: true, mode: 'adCode', value: code },
		});
		expect(jsonOf(byCode)).toEqual([expect.objectContaining({ adCode: code })]);
	});
});

test('shape A carries location, image and property type in the simplified item', async () => {
	sandbox().reset({ adShape: 'A' });
	const [ad] = jsonOf(await runPortal(sandbox(), getMany({ returnAll: false, limit: 1 })));
	const expected = adminAd(ad.platformAdId as number);
	expect(ad.propertyTypeId).toBe(expected.tipoDePropiedad);
	expect(ad.location).toEqual(
		expect.objectContaining({
			locationId: (expected.ubicacion as IDataObject).idUbicacion,
			latitude: expect.any(Number),
			showMap: true,
		}),
	);
	expect(ad.image).toEqual(
		expect.objectContaining({ originalUrl: expect.stringMatching(/^https:/) }),
	);
});

describe('filters', () => {
	const filtered = async (filters: IDataObject) => {
		const result = await runPortal(sandbox(), getMany({ filters }));
		expect(result.status).toBe('success');
		const ads = jsonOf(result);
		expect(ads.length).toBeGreaterThan(0);
		return ads.map((ad) => adminAd(ad.platformAdId as number));
	};

	test('operation type, currency and price range apply together', async () => {
		const ads = await filtered({
			operacion: 'VENTA',
			codigoMoneda: 'USD',
			precioDesde: 50_000,
			precioHasta: 400_000,
		});
		for (const ad of ads) {
			expect(ad).toEqual(expect.objectContaining({ operacion: 'VENTA', codigoMoneda: 'USD' }));
			expect(ad.precio).toBeGreaterThanOrEqual(50_000);
			expect(ad.precio).toBeLessThanOrEqual(400_000);
		}
	});

	test('multi-valued filters as lists: any of the values matches', async () => {
		const locations = ['3001', '3003'];
		for (const ad of await filtered({ idUbicacion: locations })) {
			expect(locations).toContain((ad.ubicacion as IDataObject).idUbicacion);
		}
		for (const ad of await filtered({ idTipoDePropiedad: ['1', '2'] })) {
			expect([1, 2]).toContain(ad.tipoDePropiedad);
		}
	});

	test('a list may also come from an expression as comma-separated text', async () => {
		for (const ad of await filtered({ idTipoDePropiedad: '={{ "3, 4" }}' })) {
			expect([3, 4]).toContain(ad.tipoDePropiedad);
		}
	});

	test('title words, platform ad ID and ad code', async () => {
		const word = String(online[0].titulo).split(' ')[0];
		for (const ad of await filtered({ titulo: word })) {
			expect(String(ad.titulo).toLowerCase()).toContain(word.toLowerCase());
		}
		expect(await filtered({ idAvisoPlat: online[3].idAvisoPlat })).toEqual([online[3]]);
		const code = jsonOf(await runPortal(sandbox(), getMany())).find((ad) => ad.adCode)!;
		expect((await filtered({ codigoAviso: code.adCode })).map((ad) => ad.idAvisoPlat)).toEqual([
			code.platformAdId,
		]);
	});

	test('an invalid filter is refused before sending, naming the parameter', async () => {
		const result = await runPortal(sandbox(), getMany({ filters: { idUbicacion: ['30x1'] } }));
		expect(errorOf(result).message).toBe(
			'Invalid parameter: Location IDs: every value must be a whole number',
		);
		const prices = await runPortal(
			sandbox(),
			getMany({ filters: { precioDesde: 10, precioHasta: 5 } }),
		);
		expect(errorOf(prices).message).toBe(
			'Invalid parameter: Minimum Price: must not be greater than Maximum Price',
		);
	});

	test('a Maximum Price or Platform Ad ID of 0, typed or from an expression, is refused with the fix, not sent', async () => {
		for (const [filters, message] of [
			[
				{ precioHasta: '0' },
				'Maximum Price: 0 matches no ad; enter the highest price, or leave it empty',
			],
			[
				{ precioHasta: '={{ 0 }}' },
				'Maximum Price: 0 matches no ad; enter the highest price, or leave it empty',
			],
			[
				{ idAvisoPlat: '0' },
				"Platform Ad ID: 0 matches no ad; enter the ad's platform ID, or leave it empty",
			],
			[{ precioHasta: 'cheap' }, 'Maximum Price: must be a number, e.g. 400000'],
			[{ idAvisoPlat: '5400.5' }, 'Platform Ad ID: must be a whole number'],
		] as const) {
			const result = await runPortal(sandbox(), getMany({ filters }));
			expect(errorOf(result).message).toBe(`Invalid parameter: ${message}`);
		}
	});

	test('every filter just added, at its default, runs and sends nothing: every ad comes back', async () => {
		const all = idsOf(jsonOf(await runPortal(sandbox(), getMany())));
		const filtersField = new RealEstatePortal().description.properties.find(
			(property) => property.name === 'filters',
		)!;
		const defaults = Object.fromEntries(
			(filtersField.options as INodeProperties[]).map((filter) => [filter.name, filter.default]),
		);
		expect(Object.keys(defaults)).toHaveLength(9);
		for (const [name, value] of Object.entries(defaults)) {
			const alone = await runPortal(sandbox(), getMany({ filters: { [name]: value } }));
			expect({ name, status: alone.status }).toEqual({ name, status: 'success' });
		}
		const together = await runPortal(sandbox(), getMany({ filters: defaults }));
		expect(idsOf(jsonOf(together))).toEqual(all);
	});

	test('prices and the platform ad ID are read from text, from numbers, and from version 1 number fields', async () => {
		const expected = idsOf(
			jsonOf(
				await runPortal(
					sandbox(),
					getMany({ filters: { precioDesde: '50000', precioHasta: ' 400000 ' } }),
				),
			),
		);
		expect(expected.length).toBeGreaterThan(0);
		for (const typeVersion of [1, 2]) {
			const numbers = await runPortal(
				sandbox(),
				getMany({ filters: { precioDesde: 50_000, precioHasta: 400_000 } }),
				{ typeVersion },
			);
			expect(idsOf(jsonOf(numbers))).toEqual(expected);
		}
		const byId = await runPortal(
			sandbox(),
			getMany({ filters: { idAvisoPlat: String(online[3].idAvisoPlat) } }),
		);
		expect(idsOf(jsonOf(byId))).toEqual([online[3].idAvisoPlat]);
	});

	test('a filter the portal refuses names the fix', async () => {
		const result = await runPortal(sandbox(), getMany({ filters: { operacion: 'PERMUTA' } }));
		expect(errorOf(result).message).toMatch(/^The portal refused the request: .*operacion/);
	});

	test('no matching ad is an empty result (204), not an error', async () => {
		const result = await runPortal(
			sandbox(),
			getMany({ filters: { titulo: 'zzzz-no-such-word' } }),
		);
		expect(result.status).toBe('success');
		expect(result.items).toEqual([]);
	});
});

describe('LEC and other interfaces', () => {
	test('a LEC lists the same ads, with no ad code until associated to it', async () => {
		const les = jsonOf(await runPortal(sandbox(), getMany()));
		const lec = jsonOf(
			await runPortal(sandbox(), getMany(), {
				credentials: { accessToken: TOKENS.lec, interfaceKind: 'LEC' },
			}),
		);
		expect(idsOf(lec)).toEqual(idsOf(les));
		expect(les.some((ad) => ad.isAssociated)).toBe(true);
		expect(lec.every((ad) => ad.adCode === null && !ad.isAssociated)).toBe(true);
	});

	test('an agency not linked to the interface is "not found" with the fix', async () => {
		const result = await runPortal(sandbox(), getMany({ agencyCode: 'INMO-900' }));
		expect(errorOf(result)).toEqual(
			expect.objectContaining({
				message: 'Agency "INMO-900" not found',
				description: expect.stringContaining('Agency → Get Many lists them'),
			}),
		);
	});
});

describe('Ad → Get not found', () => {
	test('an unknown platform ID says so, with what the summary can find', async () => {
		const result = await runPortal(sandbox(), {
			resource: 'ad',
			operation: 'get',
			agencyCode: 'INMO-001',
			findBy: 'platformAdId',
			platformAdId: 99_999_999,
		});
		expect(errorOf(result)).toEqual(
			expect.objectContaining({
				message: 'Ad not found: no online ad with platform ID 99999999 in agency INMO-001',
				description: expect.stringContaining('online ads only'),
			}),
		);
	});

	test('an offline ad is not found either', async () => {
		const [offline] = await adminAds(sandbox(), 'INMO-001', false);
		const result = await runPortal(sandbox(), {
			resource: 'ad',
			operation: 'get',
			agencyCode: 'INMO-001',
			findBy: 'platformAdId',
			platformAdId: offline.idAvisoPlat,
		});
		expect(errorOf(result).message).toMatch(/^Ad not found/);
	});

	test('when the portal answers more ads than the filter asked for, Get picks the matching one', async () => {
		const raw = jsonOf(
			await runPortal(sandbox(), getMany({ returnAll: false, limit: 3, simplify: false })),
		);
		await failOnce(sandbox(), {
			path: '/resumen$',
			status: 200,
			body: { number: 0, size: 3, total: 3, content: raw },
		});
		const result = await runPortal(sandbox(), {
			resource: 'ad',
			operation: 'get',
			agencyCode: 'INMO-001',
			findBy: 'platformAdId',
			platformAdId: raw[2].idAvisoPlat,
		});
		expect(jsonOf(result)).toEqual([expect.objectContaining({ platformAdId: raw[2].idAvisoPlat })]);
	});
});
