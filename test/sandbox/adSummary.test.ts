import { adSummaryShapeBSchema } from '../../nodes/shared/schemas';
import {
	AD_SUMMARY,
	AD_SUMMARY_PT,
	adminAds,
	allPages,
	useSandbox,
	type AdminAd,
} from './helpers/sandbox';

const fx = useSandbox();
let online: AdminAd[];

beforeAll(async () => {
	online = await adminAds(fx, 'INMO-001', true);
});

const ids = (items: Array<{ idAvisoPlat: number }>) => items.map((item) => item.idAvisoPlat);
const expectedIds = (keep: (ad: AdminAd) => boolean) => ids(online.filter(keep));
const plain = (text: string) =>
	text
		.normalize('NFD')
		.replace(/[\u0300-\u036f]/g, '')
		.toLowerCase();

describe('online ad summary, shape B (default)', () => {
	it('pages every online ad of the agency in the page envelope (rule 1)', async () => {
		const first = await fx.les.get(AD_SUMMARY);
		expect(first.status).toBe(200);
		expect(first.json).toMatchObject({ number: 0, size: 20, total: online.length });
		expect(online.length).toBeGreaterThanOrEqual(60);
		const every = await allPages(fx.les, AD_SUMMARY);
		expect(ids(every)).toEqual(ids(online));
		const offline = await adminAds(fx, 'INMO-001', false);
		expect(offline.length).toBeGreaterThanOrEqual(5);
		expect(ids(every)).not.toEqual(expect.arrayContaining([offline[0].idAvisoPlat]));
	});

	it('answers the same in the Portuguese path', async () => {
		const query = { 'pageable.page': 1, 'pageable.size': 7 };
		expect((await fx.les.get(AD_SUMMARY_PT, query)).json).toEqual(
			(await fx.les.get(AD_SUMMARY, query)).json,
		);
	});

	it('has items of the ad summary shape B', async () => {
		const { json } = await fx.les.get(AD_SUMMARY, { 'pageable.size': 200 });
		for (const item of json.content) {
			expect(() => adSummaryShapeBSchema.strict().parse(item)).not.toThrow();
			expect(item.fechaModificado).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{1,3}$/);
			expect(item.dataModificacao).toBe(item.fechaModificacion);
			expect(item['publicação']).toBe(item.publicacion);
			expect(item.tipoDeAviso).toBe('AVISO_CLASIFICADO');
		}
		const units = json.content.filter((item: any) => item.idDesarrolloPlat !== null);
		expect(units.length).toBeGreaterThan(0);
		expect(units.every((u: any) => typeof u.codigoDesarrollo === 'string')).toBe(true);
		expect(
			json.content.some(
				(item: any) => item.idDesarrolloPlat === null && item.codigoDesarrollo === null,
			),
		).toBe(true);
	});

	it('shows the LES codes on about a third of the ads, and null elsewhere', async () => {
		const every = await allPages(fx.les, AD_SUMMARY);
		const coded = every.filter((item) => item.codigoAviso !== null);
		expect(coded.length / every.length).toBeGreaterThan(0.25);
		expect(coded.length / every.length).toBeLessThan(0.45);
		expect(coded[0].codigoAviso).toMatch(/^DEMO-\d{4}$/);
	});

	it('shows a LEC null codigoAviso on ads not associated to it (rule 2), with the same ads (rule 1)', async () => {
		const seenByLec = await allPages(fx.lec, AD_SUMMARY);
		expect(ids(seenByLec)).toEqual(ids(online));
		expect(seenByLec.every((item) => item.codigoAviso === null)).toBe(true);
	});

	it('answers 204 past the last page', async () => {
		const past = await fx.les.get(AD_SUMMARY, { 'pageable.page': 99 });
		expect(past.status).toBe(204);
		expect(past.text).toBe('');
	});

	it('answers 404 for an agency that is not linked to the caller', async () => {
		for (const [client, agency] of [
			[fx.les, 'INMO-900'],
			[fx.other, 'INMO-001'],
			[fx.les, 'NOPE'],
		] as const) {
			const answer = await client.get(`/v1/inmobiliarias/${agency}/avisos/online/resumen`);
			expect(answer.status).toBe(404);
			expect(answer.json.code).toBe('not_found');
		}
	});
});

describe('the nine filters', () => {
	it('idAvisoPlat finds one online ad of the agency, nothing else', async () => {
		const target = online[10];
		const found = await fx.les.get(AD_SUMMARY, { idAvisoPlat: target.idAvisoPlat });
		expect(ids(found.json.content)).toEqual([target.idAvisoPlat]);
		const [offline] = await adminAds(fx, 'INMO-001', false);
		expect((await fx.les.get(AD_SUMMARY, { idAvisoPlat: offline.idAvisoPlat })).status).toBe(204);
		const [foreign] = await adminAds(fx, 'INMO-900', true);
		expect((await fx.les.get(AD_SUMMARY, { idAvisoPlat: foreign.idAvisoPlat })).status).toBe(204);
	});

	it('codigoAviso finds the ad by the calling interface code', async () => {
		const found = await fx.les.get(AD_SUMMARY, { codigoAviso: 'DEMO-0001' });
		expect(found.json.content).toHaveLength(1);
		expect(found.json.content[0].codigoAviso).toBe('DEMO-0001');
		expect((await fx.lec.get(AD_SUMMARY, { codigoAviso: 'DEMO-0001' })).status).toBe(204);
	});

	it('idUbicacion matches any of several comma-separated or repeated values', async () => {
		const one = await allPages(fx.les, AD_SUMMARY, { idUbicacion: '3001' });
		expect(ids(one)).toEqual(expectedIds((ad) => ad.ubicacion.idUbicacion === '3001'));
		const two = await allPages(fx.les, AD_SUMMARY, { idUbicacion: '3001,3003' });
		const expected = expectedIds((ad) => ['3001', '3003'].includes(ad.ubicacion.idUbicacion));
		expect(ids(two)).toEqual(expected);
		expect(ids(await allPages(fx.les, AD_SUMMARY, { idUbicacion: ['3001', '3003'] }))).toEqual(
			expected,
		);
		expect(expected.length).toBeGreaterThan(one.length);
	});

	it('titulo needs every word, ignoring case and accents', async () => {
		const found = await allPages(fx.les, AD_SUMMARY, { titulo: 'DEPARTAMENTO nunez' });
		const expected = expectedIds(
			(ad) => plain(ad.titulo).includes('departamento') && plain(ad.titulo).includes('nunez'),
		);
		expect(ids(found)).toEqual(expected);
		const single = online[3].titulo;
		expect(ids(await allPages(fx.les, AD_SUMMARY, { titulo: single }))).toContain(
			online[3].idAvisoPlat,
		);
	});

	it.each(['VENTA', 'ALQUILER', 'ALQUILER_TEMPORAL'])('operacion %s', async (operacion) => {
		const found = await allPages(fx.les, AD_SUMMARY, { operacion });
		const expected = expectedIds((ad) => ad.operacion === operacion);
		expect(expected.length).toBeGreaterThan(0);
		expect(ids(found)).toEqual(expected);
	});

	it('idTipoDePropiedad matches any of several values', async () => {
		const found = await allPages(fx.les, AD_SUMMARY, { idTipoDePropiedad: '2,3' });
		expect(ids(found)).toEqual(expectedIds((ad) => [2, 3].includes(ad.tipoDePropiedad)));
	});

	it('precioDesde and precioHasta bound the price, inclusive', async () => {
		const lower = online[5].precio;
		const found = await allPages(fx.les, AD_SUMMARY, { precioDesde: lower });
		expect(ids(found)).toEqual(expectedIds((ad) => ad.precio >= lower));
		const upper = await allPages(fx.les, AD_SUMMARY, { precioHasta: 500_000 });
		expect(ids(upper)).toEqual(expectedIds((ad) => ad.precio <= 500_000));
	});

	it.each(['USD', 'ARS'])('codigoMoneda %s', async (codigoMoneda) => {
		const found = await allPages(fx.les, AD_SUMMARY, { codigoMoneda });
		const expected = expectedIds((ad) => ad.codigoMoneda === codigoMoneda);
		expect(expected.length).toBeGreaterThan(0);
		expect(ids(found)).toEqual(expected);
	});
});

describe('the four rules', () => {
	it('rule 2: supplied filters apply together', async () => {
		const query = {
			operacion: 'VENTA',
			codigoMoneda: 'USD',
			precioHasta: 400_000,
			idTipoDePropiedad: '1,2,3',
		};
		const found = await allPages(fx.les, AD_SUMMARY, query);
		const expected = expectedIds(
			(ad) =>
				ad.operacion === 'VENTA' &&
				ad.codigoMoneda === 'USD' &&
				ad.precio <= 400_000 &&
				ad.tipoDePropiedad <= 3,
		);
		expect(expected.length).toBeGreaterThan(0);
		expect(ids(found)).toEqual(expected);
	});

	it('rule 3: idAvisoPlat wins over codigoAviso', async () => {
		const target = online[7];
		const found = await fx.les.get(AD_SUMMARY, {
			idAvisoPlat: target.idAvisoPlat,
			codigoAviso: 'DEMO-0001',
		});
		expect(ids(found.json.content)).toEqual([target.idAvisoPlat]);
		const withBadCode = await fx.les.get(AD_SUMMARY, {
			idAvisoPlat: target.idAvisoPlat,
			codigoAviso: ['a', 'b'],
		});
		expect(withBadCode.status).toBe(200);
	});

	it('answers 204 when nothing matches', async () => {
		const answer = await fx.les.get(AD_SUMMARY, { titulo: 'castillo medieval' });
		expect(answer.status).toBe(204);
		expect(answer.text).toBe('');
	});

	it('blank filter values count as absent', async () => {
		const answer = await fx.les.get(AD_SUMMARY, { titulo: '', operacion: '' });
		expect(answer.json.total).toBe(online.length);
	});

	it.each([
		['idAvisoPlat', 'abc'],
		['idAvisoPlat', ['1', '2']],
		['codigoAviso', ['DEMO-0001', 'DEMO-0002']],
		['idUbicacion', '3001,x'],
		['idUbicacion', '3001,,3002'],
		['operacion', 'PERMUTA'],
		['idTipoDePropiedad', '1,casa'],
		['precioDesde', 'cheap'],
		['precioHasta', '-5'],
		['codigoMoneda', 'EUR'],
	])('rule 4, error mode: %s=%s answers 400 naming the filter', async (name, value) => {
		const answer = await fx.les.get(AD_SUMMARY, { [name]: value });
		expect(answer.status).toBe(400);
		expect(answer.json).toEqual({ code: 'bad_request', message: expect.stringContaining(name) });
	});

	it('rule 4, error mode: precioDesde above precioHasta is wrong', async () => {
		const answer = await fx.les.get(AD_SUMMARY, { precioDesde: 10, precioHasta: 5 });
		expect(answer.status).toBe(400);
	});
});
