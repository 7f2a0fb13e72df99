import { AD_SUMMARY, useSandbox } from './helpers/sandbox';

describe('a large inventory (SANDBOX_ADS=20000)', () => {
	const fx = useSandbox({ ads: 20_000 });

	it('serves every ad, clamping pageable.size to 200', async () => {
		const first = await fx.les.get(AD_SUMMARY, { 'pageable.size': 1_000 });
		expect(first.json).toMatchObject({ number: 0, size: 200, total: 20_000 });
		const last = await fx.les.get(AD_SUMMARY, { 'pageable.size': 200, 'pageable.page': 99 });
		expect(last.json.size).toBe(200);
		expect(last.json.content[199].idAvisoPlat).toBeGreaterThan(first.json.content[199].idAvisoPlat);
		expect(
			(await fx.les.get(AD_SUMMARY, { 'pageable.size': 200, 'pageable.page': 100 })).status,
		).toBe(204);
	});

	it('filters the whole inventory and pages developments', async () => {
		const sales = await fx.les.get(AD_SUMMARY, {
			operacion: 'VENTA',
			codigoMoneda: 'USD',
			precioHasta: 100_000,
		});
		expect(sales.json.total).toBeGreaterThan(100);
		expect(sales.json.total).toBeLessThan(20_000);
		const developments = await fx.les.get('/v1/inmobiliarias/INMO-001/desarrollos/online/resumen');
		expect(developments.json.total).toBeGreaterThan(100);
		expect(developments.json.content).toHaveLength(20);
	});
});
