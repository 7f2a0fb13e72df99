/** Agency → Get Many, the two lookups and the dropdowns, through n8n's engine against the sandbox(). */
import { loadOptions } from '../harness';
import { RealEstatePortal } from '../../../nodes/RealEstatePortal/RealEstatePortal.node';
import {
	TOKENS,
	credentialData,
	credentialType,
	expectPaired,
	jsonOf,
	runPortal,
	useSandbox,
} from './support';

const sandbox = useSandbox();

describe.each(['es', 'pt'])('path language %s', (pathLanguage) => {
	const credentials = { pathLanguage };

	test('Agency → Get Many (Return All) lists every linked agency, simplified', async () => {
		const result = await runPortal(
			sandbox(),
			{ resource: 'agency', operation: 'getAll', returnAll: true },
			{ credentials },
		);
		expect(result.status).toBe('success');
		expect(jsonOf(result)).toEqual([
			expect.objectContaining({ agencyCode: 'INMO-001', name: expect.any(String), blocked: false }),
			expect.objectContaining({ agencyCode: 'INMO-002' }),
		]);
		expect(jsonOf(result)[0].enabledSince).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
		expectPaired(result);
	});

	test('Lookup → Get Operations and Get Currencies', async () => {
		const operations = await runPortal(
			sandbox(),
			{ resource: 'lookup', operation: 'getOperations' },
			{ credentials },
		);
		expect(jsonOf(operations)).toEqual([
			{ operationType: 'VENTA' },
			{ operationType: 'ALQUILER' },
			{ operationType: 'ALQUILER_TEMPORAL' },
		]);
		const currencies = await runPortal(
			sandbox(),
			{ resource: 'lookup', operation: 'getCurrencies' },
			{ credentials },
		);
		expect(jsonOf(currencies)).toEqual([
			{ currencyCode: 'USD', name: expect.any(String) },
			{ currencyCode: 'ARS', name: expect.any(String) },
		]);
		expectPaired(currencies);
		// Simplify off, and version 1 nodes, give the entries as the portal names them.
		for (const run of [
			{ parameters: { simplify: false }, typeVersion: 2 },
			{ parameters: {}, typeVersion: 1 },
		]) {
			const raw = await runPortal(
				sandbox(),
				{ resource: 'lookup', operation: 'getCurrencies', ...run.parameters },
				{ credentials, typeVersion: run.typeVersion },
			);
			expect(jsonOf(raw)).toEqual(
				jsonOf(currencies).map((c) => ({ codigoMoneda: c.currencyCode, nombre: c.name })),
			);
		}
	});
});

test('Limit returns that many agencies; Simplify off gives the raw items', async () => {
	const result = await runPortal(sandbox(), {
		resource: 'agency',
		operation: 'getAll',
		returnAll: false,
		limit: 1,
		simplify: false,
	});
	expect(jsonOf(result)).toEqual([
		expect.objectContaining({
			codigoInmobiliaria: 'INMO-001',
			idPlat: expect.any(Number),
			habilitadoDesde: expect.any(Number),
		}),
	]);
});

test('the other integrator sees only its own agency', async () => {
	const result = await runPortal(
		sandbox(),
		{ resource: 'agency', operation: 'getAll', returnAll: true },
		{ credentials: { accessToken: TOKENS.other } },
	);
	expect(jsonOf(result).map((agency) => agency.agencyCode)).toEqual(['INMO-900']);
});

test('one run per input item, each output item paired with its input', async () => {
	const result = await runPortal(
		sandbox(),
		{ resource: 'lookup', operation: 'getCurrencies' },
		{ input: [{ row: 1 }, { row: 2 }, { row: 3 }] },
	);
	expect(result.items).toHaveLength(6);
	expect(result.items.map((item) => (item.pairedItem as { item: number }).item)).toEqual([
		0, 0, 1, 1, 2, 2,
	]);
});

describe('dropdowns', () => {
	const load = async (method: string, pathLanguage = 'es') =>
		await loadOptions({
			nodeType: RealEstatePortal,
			method,
			credentials: { realEstatePortalApi: credentialData(sandbox(), { pathLanguage }) },
			credentialTypes: [credentialType],
		});

	test('agencies, by name with their code', async () => {
		expect(await load('getAgencies')).toEqual([
			{ name: expect.stringContaining('(INMO-002)'), value: 'INMO-002' },
			{ name: expect.stringContaining('(INMO-001)'), value: 'INMO-001' },
		]);
	});

	test('operation types and currencies from the lookups, in both path languages', async () => {
		for (const language of ['es', 'pt']) {
			expect(await load('getOperations', language)).toEqual([
				{ name: 'Any', value: '' },
				{ name: 'Alquiler', value: 'ALQUILER' },
				{ name: 'Alquiler Temporal', value: 'ALQUILER_TEMPORAL' },
				{ name: 'Venta', value: 'VENTA' },
			]);
			const currencies = (await load('getCurrencies', language)).map((option) => option.value);
			expect(currencies).toEqual(expect.arrayContaining(['USD', 'ARS']));
			expect(currencies[0]).toBe('');
		}
	});

	test('a dropdown with a bad token fails with the fix, not a crash', async () => {
		await expect(
			loadOptions({
				nodeType: RealEstatePortal,
				method: 'getAgencies',
				credentials: {
					realEstatePortalApi: credentialData(sandbox(), { accessToken: 'wrong-token' }),
				},
				credentialTypes: [credentialType],
			}),
		).rejects.toThrow('The portal rejected the access token');
	});
});
