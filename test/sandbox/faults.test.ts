import { request } from 'undici';
import { startSandbox } from '../../sandbox';
import { portal, urlOf } from './helpers/http';
import { startReceiver } from './helpers/receiver';
import {
	AD_SUMMARY,
	CALLBACKS,
	deliveryRecords,
	simulateContact,
	useSandbox,
} from './helpers/sandbox';

const fx = useSandbox();
afterEach(() => fx.admin.delete('/faults'));

async function statuses(client: typeof fx.les, count: number): Promise<number[]> {
	const seen: number[] = [];
	for (let i = 0; i < count; i++) seen.push((await client.get('/v1/monedas')).status);
	return seen;
}

describe('fault injection', () => {
	it('repeats exactly with the same seed, across sandboxes and after a reconfiguration', async () => {
		const faults = { seed: 42, rate: 0.4, statuses: [500, 502, 503] };
		const other = await startSandbox({ port: 0, faults });
		try {
			await fx.admin.put('/faults', faults);
			const here = await statuses(fx.les, 40);
			const there = await statuses(portal(other.url, 'demo-les-token'), 40);
			expect(here).toEqual(there);
			expect(here).toEqual(expect.arrayContaining([200, 500]));
			expect(here.filter((s) => s !== 200).length).toBeGreaterThan(5);
			await fx.admin.put('/faults', faults);
			expect(await statuses(fx.les, 40)).toEqual(here);
			await fx.admin.put('/faults', { ...faults, seed: 43 });
			expect(await statuses(fx.les, 40)).not.toEqual(here);
		} finally {
			await other.close();
		}
	});

	it('answers 429 with Retry-After', async () => {
		await fx.admin.put('/faults', { rate: 1, statuses: [429], retryAfterSeconds: 3 });
		const answer = await fx.les.get(AD_SUMMARY);
		expect(answer.status).toBe(429);
		expect(answer.headers['retry-after']).toBe('3');
		expect(answer.json.code).toBeDefined();
	});

	it('can answer errors with an XML body', async () => {
		await fx.admin.put('/faults', { rate: 1, statuses: [503], xmlRate: 1 });
		const answer = await fx.les.get(AD_SUMMARY);
		expect(answer.status).toBe(503);
		expect(answer.headers['content-type']).toContain('xml');
		expect(answer.text).toMatch(/^<\?xml/);
	});

	it('can reset connections', async () => {
		await fx.admin.put('/faults', { resetRate: 1 });
		await expect(
			request(urlOf(fx.sandbox.url, '/v1/monedas', { access_token: 'demo-les-token' })),
		).rejects.toThrow();
	});

	it('adds latency', async () => {
		await fx.admin.put('/faults', { latencyMs: 120 });
		const started = Date.now();
		expect((await fx.les.get('/v1/monedas')).status).toBe(200);
		expect(Date.now() - started).toBeGreaterThanOrEqual(110);
	});

	it('never touches the admin endpoints', async () => {
		await fx.admin.put('/faults', { rate: 1, resetRate: 1 });
		expect((await fx.admin.get('/deliveries')).status).toBe(200);
		expect((await fx.admin.get('/faults')).json.settings.resetRate).toBe(1);
	});

	it('limits faults to paths matching pathPattern', async () => {
		await fx.admin.put('/faults', { rate: 1, statuses: [502], pathPattern: '/resumen$' });
		expect((await fx.les.get(AD_SUMMARY)).status).toBe(502);
		expect((await fx.les.get('/v1/monedas')).status).toBe(200);
	});

	it('counts injected faults and goes back to none on DELETE', async () => {
		await fx.admin.put('/faults', { rate: 1, statuses: [500] });
		await statuses(fx.les, 3);
		expect((await fx.admin.get('/faults')).json.injected).toBe(3);
		await fx.admin.delete('/faults');
		expect(await statuses(fx.les, 3)).toEqual([200, 200, 200]);
	});

	it('refuses invalid settings with 400', async () => {
		for (const body of [{ rate: 2 }, { statuses: [200] }, { pathPattern: '(' }, { unknown: 1 }]) {
			expect((await fx.admin.put('/faults', body)).status).toBe(400);
		}
	});
});

describe('one-shot targeted faults', () => {
	beforeEach(async () => {
		await fx.admin.post('/reset');
		await fx.les.put(CALLBACKS, { url: 'https://example.invalid/hook' });
	});

	it('fails the third subscription only', async () => {
		const added = await fx.admin.post('/faults/once', {
			method: 'PUT',
			path: '^/v1/configuracion/callbacks/',
			status: 503,
			skip: 2,
		});
		expect(added.status).toBe(201);
		const results = [];
		for (const kind of ['CONTACTO', 'CONTACTO_MENSAJE', 'AVISO_CALIDAD', 'AVISO_ACTIVIDAD']) {
			results.push((await fx.les.put(`${CALLBACKS}/${kind}`)).status);
		}
		expect(results).toEqual([204, 204, 503, 204]);
		expect((await fx.admin.get('/faults')).json.once).toEqual([]);
	});

	it('fails as many times as asked, with the given body', async () => {
		await fx.admin.post('/faults/once', {
			path: 'monedas',
			status: 500,
			times: 2,
			body: '<error>boom</error>',
		});
		const first = await fx.les.get('/v1/monedas');
		expect(first.status).toBe(500);
		expect(first.headers['content-type']).toContain('xml');
		expect(first.text).toBe('<error>boom</error>');
		expect(await statuses(fx.les, 2)).toEqual([500, 200]);
	});

	it('can reset the connection of a matching request', async () => {
		await fx.admin.post('/faults/once', { path: 'monedas', reset: true });
		await expect(
			request(urlOf(fx.sandbox.url, '/v1/monedas', { access_token: 'demo-les-token' })),
		).rejects.toThrow();
		expect((await fx.les.get('/v1/monedas')).status).toBe(200);
	});

	it('refuses a fault without status or reset, or with a bad pattern', async () => {
		expect((await fx.admin.post('/faults/once', { path: 'x' })).status).toBe(400);
		expect((await fx.admin.post('/faults/once', { path: '(', status: 500 })).status).toBe(400);
	});
});

describe('duplicate deliveries', () => {
	it('sends a successful delivery twice with the same idEvento', async () => {
		const receiver = await startReceiver();
		try {
			await fx.admin.put('/faults', { duplicateRate: 1 });
			const idEvento = await simulateContact(fx.les, { url: receiver.url });
			const records = await deliveryRecords(fx, { idEvento }, 2);
			expect(records.map((r) => [r.attempt, r.duplicate, r.final])).toEqual([
				[1, false, false],
				[2, true, true],
			]);
			await receiver.waitFor(2);
			expect(receiver.received[0].body).toEqual(receiver.received[1].body);
		} finally {
			await fx.sandbox.waitForIdle();
			await receiver.close();
		}
	});

	it("with duplicateTiming 'together', sends both copies at the same moment, before either is answered", async () => {
		// Each answer takes 300 ms: sent one after the other, the second would start 300 ms later.
		const receiver = await startReceiver(() => ({ status: 200, delayMs: 300 }));
		try {
			await fx.admin.put('/faults', { duplicateRate: 1, duplicateTiming: 'together' });
			const idEvento = await simulateContact(fx.les, { url: receiver.url });
			const records = await deliveryRecords(fx, { idEvento }, 2);
			expect(records.map((r) => r.duplicate).sort()).toEqual([false, true]);
			expect(records.every((r) => r.outcome === 'success' && r.final)).toBe(true);
			const [first, second] = records.map((r) => Date.parse(r.startedAt)).sort();
			expect(second - first).toBeLessThan(200);
			expect(receiver.received[0].body).toEqual(receiver.received[1].body);
		} finally {
			await fx.sandbox.waitForIdle();
			await receiver.close();
		}
	});
});
