/**
 * The resource locators: the agency and ad lists as n8n's editor asks for them (search, paging,
 * empty, LEC, before the credential is set), and the values they give a run, old ones included.
 */
import type { INodeParameters } from 'n8n-workflow';
import { RealEstatePortal } from '../../../nodes/RealEstatePortal/RealEstatePortal.node';
import { listSearch } from '../harness';
import {
	TOKENS,
	adminAds,
	credentialData,
	credentialType,
	errorOf,
	jsonOf,
	runPortal,
	useSandbox,
} from './support';

const sandbox = useSandbox();

const search = async (
	method: string,
	options: {
		filter?: string;
		paginationToken?: string;
		parameters?: INodeParameters;
		accessToken?: string;
		withoutCredential?: boolean;
	} = {},
) =>
	await listSearch({
		nodeType: RealEstatePortal,
		method,
		filter: options.filter,
		paginationToken: options.paginationToken,
		parameters: options.parameters,
		credentials: options.withoutCredential
			? undefined
			: {
					realEstatePortalApi: credentialData(sandbox(), {
						accessToken: options.accessToken ?? TOKENS.les,
					}),
				},
		credentialTypes: [credentialType],
	});

const agencyLocator = (value: string) => ({ __rl: true, mode: 'list', value });
const inAgency = (agency = 'INMO-001') => ({
	resource: 'ad',
	operation: 'get',
	agencyCode: agencyLocator(agency),
});

describe('agency list', () => {
	test('every linked agency, by name with its code', async () => {
		expect(await search('searchAgencies')).toEqual({
			results: [
				{ name: 'Demo Propiedades Norte (INMO-002)', value: 'INMO-002' },
				{ name: 'Inmobiliaria Demo Palermo (INMO-001)', value: 'INMO-001' },
			],
		});
	});

	test('searched by name words or code, ignoring case and accents', async () => {
		const values = async (filter: string) =>
			(await search('searchAgencies', { filter })).results.map((result) => result.value);
		expect(await values('norte')).toEqual(['INMO-002']);
		expect(await values('inmo-001')).toEqual(['INMO-001']);
		expect(await values('PALERMO demo')).toEqual(['INMO-001']);
		expect(await values('galeria')).toEqual([]);
		expect(
			(await search('searchAgencies', { filter: 'galeria', accessToken: 'limits-les-token' }))
				.results,
		).toEqual([{ name: 'Galería Grande Propiedades (INMO-630)', value: 'INMO-630' }]);
	});

	test('a read-only (LEC) interface sees its agencies too', async () => {
		const { results } = await search('searchAgencies', { accessToken: TOKENS.lec });
		expect(results.map((result) => result.value)).toEqual(['INMO-002', 'INMO-001']);
	});

	test('asked before the node has its credential: an empty list, no error', async () => {
		await expect(search('searchAgencies', { withoutCredential: true })).resolves.toEqual({
			results: [],
		});
	});

	test('a refused token still fails with the fix', async () => {
		await expect(search('searchAgencies', { accessToken: 'wrong-token' })).rejects.toThrow(
			'The portal rejected the access token',
		);
	});
});

describe('ad list', () => {
	test('the first page: title with platform ID and ad code, and a token for the next', async () => {
		const online = await adminAds(sandbox(), 'INMO-001', true);
		const first = await search('searchAds', { parameters: inAgency() });
		expect(first.results).toHaveLength(50);
		expect(first.paginationToken).toBe('1');
		const [ad] = online;
		expect(first.results[0]).toEqual({
			name: `${ad.titulo} (ID ${ad.idAvisoPlat}, code DEMO-0001)`,
			value: String(ad.idAvisoPlat),
		});
		const second = await search('searchAds', { parameters: inAgency(), paginationToken: '1' });
		expect(second.paginationToken).toBeUndefined();
		const listed = [...first.results, ...second.results].map((result) => Number(result.value));
		expect(listed).toEqual(online.map((item) => item.idAvisoPlat));
	});

	test('searched by title words', async () => {
		const online = await adminAds(sandbox(), 'INMO-001', true);
		const word = String(online[3].titulo).split(' ')[0];
		const { results } = await search('searchAds', { parameters: inAgency(), filter: word });
		const expected = online.filter((ad) => String(ad.titulo).split(' ').includes(word));
		expect(results.map((result) => Number(result.value))).toEqual(
			expected.slice(0, 50).map((ad) => ad.idAvisoPlat),
		);
		const none = await search('searchAds', {
			parameters: inAgency(),
			filter: 'castillo medieval',
		});
		expect(none).toEqual({ results: [] });
	});

	test('the agency may be a code typed by hand or a version 1 plain value', async () => {
		for (const agencyCode of [{ __rl: true, mode: 'id', value: 'INMO-002' }, 'INMO-002']) {
			const { results } = await search('searchAds', {
				parameters: { resource: 'ad', operation: 'get', agencyCode },
			});
			expect(results).toHaveLength(14);
		}
	});

	test('a read-only (LEC) interface sees the ads without codes', async () => {
		const { results } = await search('searchAds', {
			parameters: inAgency(),
			accessToken: TOKENS.lec,
		});
		expect(results[0].name).toMatch(/\(ID \d+, no ad code\)$/);
	});

	test('empty, with no error, before an agency or a credential is chosen', async () => {
		expect(await search('searchAds', { parameters: inAgency('') })).toEqual({ results: [] });
		expect(await search('searchAds', { parameters: inAgency(), withoutCredential: true })).toEqual({
			results: [],
		});
	});
});

describe('runs with the locators', () => {
	test('Ad → Get with an ad from the list, and by a code typed in "By Ad Code"', async () => {
		const [ad] = await adminAds(sandbox(), 'INMO-001', true);
		const byList = await runPortal(sandbox(), {
			...inAgency(),
			platformAdId: { __rl: true, mode: 'list', value: String(ad.idAvisoPlat) },
		});
		expect(jsonOf(byList)).toEqual([
			expect.objectContaining({ platformAdId: ad.idAvisoPlat, adCode: 'DEMO-0001' }),
		]);
		const byCode = await runPortal(sandbox(), {
			...inAgency(),
			platformAdId: { __rl: true, mode: 'adCode', value: ' DEMO-0001 ' },
		});
		expect(jsonOf(byCode)).toEqual(jsonOf(byList));
	});

	test.each(['0', '  ', 'abc'])(
		'Ad → Get refuses the typed ID %p before running, with what the ID looks like',
		async (value) => {
			const result = runPortal(sandbox(), {
				...inAgency(),
				platformAdId: { __rl: true, mode: 'platformAdId', value },
			});
			await expect(result).rejects.toThrow(
				"The platform ID is the portal's whole number for the ad, e.g. 54000002",
			);
		},
	);

	test.each(['={{ 0 }}', '={{ "" }}', '={{ $json.missing }}'])(
		'Ad → Get refuses an expression giving %p before sending anything, naming the field',
		async (value) => {
			const result = await runPortal(sandbox(), {
				...inAgency(),
				platformAdId: { __rl: true, mode: 'platformAdId', value },
			});
			expect(errorOf(result).message).toBe(
				'Invalid parameter: Ad (platform ID): is required: choose an ad from the list, or give its platform ID or your ad code',
			);
		},
	);

	test('Ad → Associate with an ad from the list', async () => {
		const unassociated = (await adminAds(sandbox(), 'INMO-001', true))[1];
		const result = await runPortal(sandbox(), {
			resource: 'ad',
			operation: 'associate',
			agencyCode: agencyLocator('INMO-001'),
			adCode: 'FROM-LIST-1',
			platformAdId: { __rl: true, mode: 'list', value: String(unassociated.idAvisoPlat) },
		});
		expect(jsonOf(result)).toEqual([
			expect.objectContaining({ platformAdId: unassociated.idAvisoPlat, associated: true }),
		]);
	});
});

describe('workflows saved with version 1 keep working', () => {
	test('Ad → Get by Find By: Ad Code, the agency a plain value', async () => {
		const result = await runPortal(
			sandbox(),
			{
				resource: 'ad',
				operation: 'get',
				agencyCode: 'INMO-001',
				findBy: 'adCode',
				adCode: 'DEMO-0002',
			},
			{ typeVersion: 1 },
		);
		expect(jsonOf(result)).toEqual([expect.objectContaining({ adCode: 'DEMO-0002' })]);
	});

	test('Ad → Get by Find By: Platform Ad ID, a number', async () => {
		const [ad] = await adminAds(sandbox(), 'INMO-002', true);
		const result = await runPortal(
			sandbox(),
			{
				resource: 'ad',
				operation: 'get',
				agencyCode: 'INMO-002',
				findBy: 'platformAdId',
				platformAdId: ad.idAvisoPlat,
			},
			{ typeVersion: 1 },
		);
		expect(jsonOf(result)).toEqual([expect.objectContaining({ platformAdId: ad.idAvisoPlat })]);
	});

	test('Ad → Get by Find By: Platform Ad ID left at 0 fails naming the field', async () => {
		const result = await runPortal(
			sandbox(),
			{ resource: 'ad', operation: 'get', agencyCode: 'INMO-001', platformAdId: 0 },
			{ typeVersion: 1 },
		);
		expect(errorOf(result).message).toBe(
			'Invalid parameter: Platform Ad ID: must be a positive number',
		);
	});

	test('Ad → Associate with a plain platform ID and agency code', async () => {
		const unassociated = (await adminAds(sandbox(), 'INMO-001', true))[1];
		const result = await runPortal(
			sandbox(),
			{
				resource: 'ad',
				operation: 'associate',
				agencyCode: 'INMO-001',
				adCode: 'V1-1',
				platformAdId: unassociated.idAvisoPlat,
			},
			{ typeVersion: 1 },
		);
		expect(jsonOf(result)).toEqual([expect.objectContaining({ adCode: 'V1-1', associated: true })]);
	});

	test('version 1 still offers its agency dropdown, not the locator', async () => {
		const node = new RealEstatePortal();
		const agencyFields = node.description.properties.filter((p) => p.name === 'agencyCode');
		expect(
			agencyFields.map((field) => [field.type, field.displayOptions?.show?.['@version']]),
		).toEqual(
			expect.arrayContaining([
				['options', [1]],
				['resourceLocator', [{ _cnd: { gte: 2 } }]],
			]),
		);
	});
});
