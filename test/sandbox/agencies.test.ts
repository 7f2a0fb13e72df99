import { agencySchema } from '../../nodes/shared/schemas';
import { useSandbox } from './helpers/sandbox';

const fx = useSandbox();

describe('agencies list', () => {
	it('answers the page envelope of the agencies linked to the interface, in both path languages', async () => {
		const es = await fx.les.get('/v1/inmobiliarias');
		const pt = await fx.les.get('/v1/imobiliarias');
		expect(es.status).toBe(200);
		for (const agency of es.json.content)
			expect(() => agencySchema.strict().parse(agency)).not.toThrow();
		expect(es.json.content.map((a: any) => a.codigoInmobiliaria)).toEqual(['INMO-001', 'INMO-002']);
		expect(es.json).toMatchObject({ number: 0, size: 2, total: 2 });
		expect(pt.json).toEqual(es.json);
		expect(typeof es.json.content[0].bloqueada).toBe('boolean');
	});

	it('gives a LEC the same agencies as the LES of its integrator (rule 1)', async () => {
		expect((await fx.lec.get('/v1/inmobiliarias')).json).toEqual(
			(await fx.les.get('/v1/inmobiliarias')).json,
		);
	});

	it('shows another integrator only its own agency', async () => {
		const answer = await fx.other.get('/v1/inmobiliarias');
		expect(answer.json.content.map((a: any) => a.codigoInmobiliaria)).toEqual(['INMO-900']);
	});

	it('pages with pageable.page and pageable.size, and answers 204 past the end', async () => {
		const second = await fx.les.get('/v1/inmobiliarias', {
			'pageable.page': 1,
			'pageable.size': 1,
		});
		expect(second.json).toMatchObject({ number: 1, size: 1, total: 2 });
		expect(second.json.content[0].codigoInmobiliaria).toBe('INMO-002');
		const past = await fx.les.get('/v1/inmobiliarias', { 'pageable.page': 2, 'pageable.size': 1 });
		expect(past.status).toBe(204);
		expect(past.text).toBe('');
	});

	it.each([
		['pageable.page', '-1'],
		['pageable.page', 'x'],
		['pageable.size', '0'],
	])('refuses %s=%s with 400 naming it', async (name, value) => {
		const answer = await fx.les.get('/v1/inmobiliarias', { [name]: value });
		expect(answer.status).toBe(400);
		expect(answer.json).toEqual({ code: 'bad_request', message: expect.stringContaining(name) });
	});
});

describe('lookups', () => {
	it('lists the operations in both path languages', async () => {
		const es = await fx.les.get('/v1/operaciones');
		expect(es.json).toEqual([
			{ operacion: 'VENTA' },
			{ operacion: 'ALQUILER' },
			{ operacion: 'ALQUILER_TEMPORAL' },
		]);
		expect((await fx.les.get('/v1/operacoes')).json).toEqual(es.json);
	});

	it('lists the currencies in both path languages', async () => {
		const es = await fx.lec.get('/v1/monedas');
		expect(es.json.map((c: any) => c.codigoMoneda)).toEqual(['USD', 'ARS']);
		expect(es.json[0]).toEqual({ codigoMoneda: 'USD', nombre: expect.any(String) });
		expect((await fx.lec.get('/v1/moedas')).json).toEqual(es.json);
	});

	it('needs a token', async () => {
		expect((await fx.anonymous.get('/v1/monedas')).status).toBe(401);
	});
});
