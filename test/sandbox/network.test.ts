import { startSandbox } from '../../sandbox';
import { portal } from './helpers/http';
import { adminAds, allPages, useSandbox } from './helpers/sandbox';

const AGENCIES = 120;
const fx = useSandbox({ agencies: AGENCIES, agencyAds: 5, agencyLeads: 2 });
const network = () => portal(fx.sandbox.url, 'network-les-token');

beforeEach(() => fx.admin.post('/reset'));
afterEach(() => fx.admin.delete('/faults'));

const MESSAGES = (agency: string) => `/v2/inmobiliarias/${agency}/mensajes`;
const SUMMARY = (agency: string) => `/v1/inmobiliarias/${agency}/avisos/online/resumen`;
const DAY_MS = 86_400_000;

/** The portal's local day (UTC-3) of an instant, as yyyyMMdd. */
const portalDay = (epochMs: number) =>
	new Date(epochMs - 3 * 3_600_000).toISOString().slice(0, 10).replace(/-/g, '');

describe('a network of agencies (SANDBOX_AGENCIES)', () => {
	it('links NET-0001… to the network interface only, each with its ads and leads', async () => {
		const agencies = await allPages(network(), '/v1/inmobiliarias', {}, 50);
		expect(agencies).toHaveLength(AGENCIES);
		expect(agencies[0]).toMatchObject({ codigoInmobiliaria: 'NET-0001', idPlat: 40001 });
		expect(agencies[AGENCIES - 1].codigoInmobiliaria).toBe('NET-0120');
		expect(await allPages(fx.les, '/v1/inmobiliarias')).toHaveLength(2);
		expect((await fx.les.get(SUMMARY('NET-0001'))).status).toBe(404);

		for (const code of ['NET-0001', 'NET-0120']) {
			expect(await allPages(network(), SUMMARY(code))).toHaveLength(5);
			const leads = await allPages(network(), MESSAGES(code), {
				fromDate: portalDay(Date.now() - 2 * DAY_MS),
			});
			expect(leads).toHaveLength(2);
			const own = new Set((await adminAds(fx, code)).map((ad) => ad.idAvisoPlat));
			expect(leads.every((lead: any) => own.has(lead.idAvisoPlat))).toBe(true);
		}
		const view = (await fx.admin.get('')).json;
		expect(view.interfaces.map((i: any) => i.id)).toContain('network-les');
		expect(view.agencies).toHaveLength(7 + AGENCIES);
	});

	it('leaves the seeded world as it is', async () => {
		const plain = await startSandbox({ port: 0 });
		try {
			const seeded = await adminAds(fx, 'INMO-002');
			const response = await fetch(`${plain.url}/__sandbox/agencies/INMO-002/ads`);
			expect(await response.json()).toEqual(seeded);
			const view = (await (await fetch(`${plain.url}/__sandbox`)).json()) as {
				interfaces: Array<{ id: string }>;
			};
			expect(view.interfaces.map((i) => i.id)).not.toContain('network-les');
		} finally {
			await plain.close();
		}
	});

	it('makes leads in bulk over the network, registered when asked, listed by day, oldest first', async () => {
		const from = Date.now() + 3 * DAY_MS;
		const made = await fx.admin.post('/leads', {
			count: AGENCIES * 4,
			from,
			to: from + 2 * DAY_MS,
		});
		expect(made.status).toBe(201);
		expect(made.json.created).toBe(AGENCIES * 4);
		// A lead made now with an earlier instant is listed before the later ones.
		const [ad] = await adminAds(fx, 'NET-0007', true);
		const early = await fx.admin.post(`/ads/${ad.idAvisoPlat}/leads`, {
			registeredAt: new Date(from - 1_000).toISOString(),
		});
		const leads = await allPages(network(), MESSAGES('NET-0007'), { fromDate: portalDay(from) });
		expect(leads.map((lead: any) => lead.id)[0]).toBe(early.json.idMensaje);
		expect(leads).toHaveLength(5);
		const registered = leads.map((lead: any) => Date.parse(lead.fecha));
		expect([...registered].sort((a, b) => a - b)).toEqual(registered);
		const lastDay = await allPages(network(), MESSAGES('NET-0007'), {
			fromDate: portalDay(from + 2 * DAY_MS),
		});
		expect(lastDay.length).toBeLessThan(leads.length);
	});

	it('aims faults at chosen agencies: a status, a request held and dropped, "not linked"', async () => {
		await fx.admin.put('/faults/agencies/NET-0002', { status: 500 });
		await fx.admin.put('/faults/agencies/NET-0003', { notLinked: true });
		await fx.admin.put('/faults/agencies/NET-0004', { hangMs: 150 });
		expect((await network().get(SUMMARY('NET-0002'))).status).toBe(500);
		expect((await network().get(MESSAGES('NET-0002'), { fromDate: '20250101' })).status).toBe(500);
		const notLinked = await network().get(SUMMARY('NET-0003'));
		expect(notLinked).toMatchObject({
			status: 404,
			json: { code: 'not_found', message: 'Agency NET-0003 is not linked to this interface' },
		});
		const started = Date.now();
		await expect(network().get(SUMMARY('NET-0004'))).rejects.toThrow();
		expect(Date.now() - started).toBeGreaterThanOrEqual(140);
		// Everything else answers, the agencies list names all of them.
		expect((await network().get(SUMMARY('NET-0001'))).status).toBe(200);
		expect(await allPages(network(), '/v1/inmobiliarias', {}, 200)).toHaveLength(AGENCIES);

		await fx.admin.delete('/faults/agencies/NET-0002');
		expect((await network().get(SUMMARY('NET-0002'))).status).toBe(200);
		expect(
			(await fx.admin.put('/faults/agencies/NET-0002', { status: 500, hangMs: 1 })).status,
		).toBe(400);
		await fx.admin.delete('/faults/agencies');
		expect((await network().get(SUMMARY('NET-0003'))).status).toBe(200);
	});

	it('takes agency faults from the fault settings too (SANDBOX_FAULTS)', async () => {
		await fx.admin.put('/faults', { agencies: { 'NET-0009': { status: 503 } } });
		expect((await network().get(SUMMARY('NET-0009'))).status).toBe(503);
		expect((await network().get(SUMMARY('NET-0010'))).status).toBe(200);
	});

	it('unlinks an agency for real: it leaves the list and its paths answer 404', async () => {
		expect((await fx.admin.delete('/interfaces/network-les/agencies/NET-0005')).status).toBe(204);
		const listed = await allPages(network(), '/v1/inmobiliarias', {}, 200);
		expect(listed.map((agency: any) => agency.codigoInmobiliaria)).not.toContain('NET-0005');
		expect((await network().get(SUMMARY('NET-0005'))).status).toBe(404);
		expect((await fx.admin.put('/interfaces/network-les/agencies/NET-0005')).status).toBe(204);
		expect((await network().get(SUMMARY('NET-0005'))).status).toBe(200);
	});

	it('counts the service requests and the most in flight at once', async () => {
		await fx.admin.put('/faults', { latencyMs: 50 });
		await fx.admin.delete('/requests');
		await Promise.all(
			['NET-0001', 'NET-0002', 'NET-0003'].map((code) => network().get(SUMMARY(code))),
		);
		expect((await fx.admin.get('/requests')).json).toMatchObject({ count: 3, mostInFlight: 3 });
	});

	it('spreads the activity leads over every agency in turn', async () => {
		const codes = ['NET-0001', 'NET-0002', 'NET-0003', 'NET-0004'];
		const today = { fromDate: portalDay(Date.now()) };
		const count = async () =>
			await Promise.all(
				codes.map(async (code) => (await allPages(network(), MESSAGES(code), today)).length),
			);
		const before = await count();
		// The seven seeded agencies come first, then the network's.
		for (let i = 0; i < 7 + 3; i++) fx.sandbox.activity.lead();
		const after = await count();
		expect(after.map((n, i) => n - before[i])).toEqual([1, 1, 1, 0]);
	});
});
