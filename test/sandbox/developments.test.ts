import { adSummaryShapeBSchema } from '../../nodes/shared/schemas';
import { allPages, useSandbox } from './helpers/sandbox';

const fx = useSandbox();
const ES = '/v1/inmobiliarias/INMO-001/desarrollos/online/resumen';
const PT = '/v1/imobiliarias/INMO-001/lancamentos/online/resumo';

describe('online development summary', () => {
	beforeEach(() => fx.admin.post('/reset'));

	it('pages at least three developments with their online units, in both path languages', async () => {
		const answer = await fx.les.get(ES);
		expect(answer.json.total).toBeGreaterThanOrEqual(3);
		expect((await fx.les.get(PT)).json).toEqual(answer.json);
		for (const development of answer.json.content) {
			expect(development).toEqual({
				idDesarrolloPlat: expect.any(Number),
				codigoDesarrollo: expect.any(String),
				titulo: expect.any(String),
				fechaModificacion: expect.any(Number),
				ubicacion: expect.objectContaining({ idUbicacion: expect.any(String) }),
				unidades: expect.any(Array),
			});
			expect(development.unidades.length).toBeGreaterThan(0);
			for (const unit of development.unidades) {
				expect(() => adSummaryShapeBSchema.parse(unit)).not.toThrow();
				expect(unit.idDesarrolloPlat).toBe(development.idDesarrolloPlat);
				expect(unit.codigoDesarrollo).toBe(development.codigoDesarrollo);
			}
		}
	});

	it('lists the same units the ad summary marks as development units', async () => {
		const developments = await allPages(fx.les, ES);
		const units = developments.flatMap((d) => d.unidades.map((u: any) => u.idAvisoPlat)).sort();
		const ads = await allPages(fx.les, '/v1/inmobiliarias/INMO-001/avisos/online/resumen');
		expect(units).toEqual(
			ads
				.filter((ad) => ad.idDesarrolloPlat !== null)
				.map((ad) => ad.idAvisoPlat)
				.sort(),
		);
	});

	it('drops a unit that goes offline, and a development with no online unit', async () => {
		const [first] = (await fx.les.get(ES)).json.content;
		const before = first.unidades.length;
		await fx.admin.post(`/ads/${first.unidades[0].idAvisoPlat}/baja`);
		const after = (await fx.les.get(ES)).json.content.find(
			(d: any) => d.idDesarrolloPlat === first.idDesarrolloPlat,
		);
		expect(after.unidades).toHaveLength(before - 1);
		for (const unit of after.unidades) await fx.admin.post(`/ads/${unit.idAvisoPlat}/baja`);
		const ids = (await allPages(fx.les, ES)).map((d) => d.idDesarrolloPlat);
		expect(ids).not.toContain(first.idDesarrolloPlat);
	});

	it('answers 204 past the last page, and 404 for an agency not linked to the caller', async () => {
		expect(
			(await fx.other.get('/v1/inmobiliarias/INMO-001/desarrollos/online/resumen')).status,
		).toBe(404);
		const page = await fx.les.get(ES, { 'pageable.page': 50 });
		expect(page.status).toBe(204);
	});
});
