import { parseActivity } from '../../sandbox/activity';
import { startSandbox, type Sandbox } from '../../sandbox';
import { allPages, useSandbox } from './helpers/sandbox';
import { portal } from './helpers/http';

const fx = useSandbox();
beforeEach(() => fx.admin.post('/reset'));

const today = () =>
	new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10).replace(/-/g, '');

describe('SANDBOX_ACTIVITY', () => {
	it('reads kind:count/period with s, min and h', () => {
		expect(parseActivity('leads:1/min,ads:1/5min')).toEqual({
			leadsEveryMs: 60_000,
			adsEveryMs: 300_000,
		});
		expect(parseActivity('leads:4/s')).toEqual({ leadsEveryMs: 250 });
		expect(parseActivity('ads:2/h')).toEqual({ adsEveryMs: 1_800_000 });
		for (const wrong of ['leads', 'leads:0/min', 'calls:1/min', 'ads:1/day']) {
			expect(() => parseActivity(wrong)).toThrow(wrong);
		}
	});

	it('makes leads that the polling endpoint lists, on every agency in turn', async () => {
		for (let i = 0; i < 4; i++) fx.sandbox.activity.lead();
		const inmo1 = await allPages(fx.les, '/v2/inmobiliarias/INMO-001/mensajes', {
			fromDate: today(),
		});
		const inmo2 = await allPages(fx.les, '/v2/inmobiliarias/INMO-002/mensajes', {
			fromDate: today(),
		});
		// A message (contact type 1, with its text), then a phone view (6, no text).
		expect(inmo1.map((m: any) => [m.idContactoAccion, typeof m.textoMensaje])).toEqual([
			[1, 'string'],
		]);
		expect(inmo2.map((m: any) => [m.idContactoAccion, m.textoMensaje])).toEqual([[6, null]]);
		const free = await allPages(fx.noCallbacks, '/v2/inmobiliarias/INMO-500/mensajes', {
			fromDate: today(),
		});
		expect(free).toHaveLength(1);
	});

	it('cycles ad changes through a modification, a baja and an alta, keeping the inventory size', async () => {
		const summary = '/v1/inmobiliarias/INMO-001/avisos/online/resumen';
		const before = await allPages(fx.les, summary, {}, 200);
		fx.sandbox.activity.adChange();
		const modified = await allPages(fx.les, summary, {}, 200);
		expect(modified).toHaveLength(before.length);
		expect(
			modified.filter((ad: any, i: number) => ad.fechaModificacion !== before[i].fechaModificacion),
		).toHaveLength(1);
		fx.sandbox.activity.adChange();
		expect(await allPages(fx.les, summary, {}, 200)).toHaveLength(before.length - 1);
		fx.sandbox.activity.adChange();
		expect(await allPages(fx.les, summary, {}, 200)).toHaveLength(before.length);
	});

	it('runs at the chosen rate until the sandbox closes', async () => {
		let busy: Sandbox | undefined;
		try {
			busy = await startSandbox({ port: 0, activity: { leadsEveryMs: 100 } });
			const client = portal(busy.url, 'demo-les-token');
			const listedNow = () =>
				allPages(client, '/v2/inmobiliarias/INMO-001/mensajes', { fromDate: today() });
			// A liveness check, not a timing one: on a loaded machine timers fire late, so wait
			// (bounded) for the second lead instead of counting what 750 ms produced.
			let listed = await listedNow();
			for (let waited = 0; listed.length < 2 && waited < 20_000; waited += 100) {
				await new Promise((resolve) => setTimeout(resolve, 100));
				listed = await listedNow();
			}
			expect(listed.length).toBeGreaterThanOrEqual(2);
		} finally {
			await busy?.close();
		}
	});
});
