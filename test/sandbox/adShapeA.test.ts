import { adSummaryShapeASchema } from '../../nodes/shared/schemas';
import { AD_SUMMARY, AD_SUMMARY_PT, adminAds, useSandbox } from './helpers/sandbox';

describe('shape A and bad filters answering every ad (SANDBOX_AD_SHAPE=A, SANDBOX_BAD_FILTER=all)', () => {
	const fx = useSandbox({ adShape: 'A', badFilter: 'all' });

	it('answers a bare array of every matching ad, without paging', async () => {
		const online = await adminAds(fx, 'INMO-001', true);
		const answer = await fx.les.get(AD_SUMMARY, { 'pageable.size': 5 });
		expect(Array.isArray(answer.json)).toBe(true);
		expect(answer.json.map((i: any) => i.idAvisoPlat)).toEqual(online.map((ad) => ad.idAvisoPlat));
		expect((await fx.les.get(AD_SUMMARY_PT, { 'pageable.size': 5 })).json).toEqual(answer.json);
	});

	it('has items of the ad summary shape A', async () => {
		const { json } = await fx.lec.get(AD_SUMMARY);
		for (const item of json) {
			expect(() => adSummaryShapeASchema.strict().parse(item)).not.toThrow();
			expect(new Date(item.fechaModificacion).toISOString()).toBe(item.fechaModificacion);
			expect(Object.values(item.ubicacion).every((v) => typeof v === 'string')).toBe(true);
			expect(item.imagen).toEqual({
				titulo: expect.any(String),
				urlImagenOriginal: expect.stringMatching(/^https:/),
				urlImagenPortal: expect.stringMatching(/^https:/),
			});
			expect(item.codigoAviso).toBeNull();
		}
	});

	it('answers 204 for an empty result', async () => {
		expect((await fx.les.get(AD_SUMMARY, { titulo: 'castillo medieval' })).status).toBe(204);
	});

	it('rule 4, the other answer: a wrong filter gives every online ad of the agency', async () => {
		const every = (await fx.les.get(AD_SUMMARY)).json;
		for (const query of [
			{ precioDesde: 'cheap' },
			{ operacion: 'PERMUTA', titulo: 'castillo medieval' },
			{ codigoMoneda: 'EUR' },
		]) {
			const answer = await fx.les.get(AD_SUMMARY, query);
			expect(answer.status).toBe(200);
			expect(answer.json).toEqual(every);
		}
	});

	it('gives developments as a bare array of items with units in shape A', async () => {
		const answer = await fx.les.get('/v1/inmobiliarias/INMO-001/desarrollos/online/resumen');
		expect(Array.isArray(answer.json)).toBe(true);
		expect(answer.json.length).toBeGreaterThanOrEqual(3);
		for (const development of answer.json) {
			expect(typeof development.fechaModificacion).toBe('string');
			for (const unit of development.unidades)
				expect(() => adSummaryShapeASchema.parse(unit)).not.toThrow();
		}
	});
});

describe('reset can switch the shape and the bad-filter mode', () => {
	const fx = useSandbox();

	it('switches to shape A and back', async () => {
		expect((await fx.admin.post('/reset', { adShape: 'A', badFilter: 'all' })).status).toBe(204);
		expect(Array.isArray((await fx.les.get(AD_SUMMARY)).json)).toBe(true);
		expect((await fx.les.get(AD_SUMMARY, { codigoMoneda: 'EUR' })).status).toBe(200);
		await fx.admin.post('/reset');
		expect((await fx.les.get(AD_SUMMARY)).json.content).toBeDefined();
		expect((await fx.les.get(AD_SUMMARY, { codigoMoneda: 'EUR' })).status).toBe(400);
	});

	it('refuses unknown reset settings', async () => {
		const answer = await fx.admin.post('/reset', { adShape: 'C' });
		expect(answer.status).toBe(400);
		expect(answer.json.message).toContain('adShape');
	});
});
