import { createServer } from 'node:net';
import { startSandbox } from '../../sandbox';
import { portal } from './helpers/http';
import { startReceiver, useReceiver } from './helpers/receiver';
import { deliveryRecords, simulateContact, useSandbox } from './helpers/sandbox';

const SCHEDULE = [30, 30, 30];
const fx = useSandbox({ retrySchedule: SCHEDULE, deliveryTimeoutMs: 300 });
const hook = useReceiver();

beforeEach(() => fx.admin.post('/reset'));
afterEach(() => fx.sandbox.waitForIdle());

const simulateTo = (url: string) => simulateContact(fx.les, { url, authorizationHeaderValue: 'k' });

describe('callback delivery', () => {
	it('retries a failing receiver with the same idEvento and stops on success', async () => {
		hook.current.respondWith((n) => (n <= 2 ? [503, 500][n - 1] : 200));
		const idEvento = await simulateTo(hook.current.url);
		const [success] = await deliveryRecords(fx, { idEvento, outcome: 'success' });
		await fx.sandbox.waitForIdle();
		const all = (await fx.admin.get('/deliveries', { idEvento })).json;
		expect(success.attempt).toBe(3);
		expect(all.map((r: any) => [r.attempt, r.status, r.outcome, r.final])).toEqual([
			[1, 503, 'failure', false],
			[2, 500, 'failure', false],
			[3, 200, 'success', true],
		]);
		expect(hook.current.received.map((r) => r.body.idEvento)).toEqual([
			idEvento,
			idEvento,
			idEvento,
		]);
	});

	it('gives up after the last retry of the schedule', async () => {
		hook.current.respondWith(() => 500);
		const idEvento = await simulateTo(hook.current.url);
		await fx.sandbox.waitForIdle();
		const all = (await fx.admin.get('/deliveries', { idEvento })).json;
		expect(all).toHaveLength(SCHEDULE.length + 1);
		expect(all.map((r: any) => r.final)).toEqual([false, false, false, true]);
		expect(new Set(hook.current.received.map((r) => r.body.idEvento))).toEqual(new Set([idEvento]));
	});

	it.each([
		[204, 'success', 1],
		[302, 'success', 1],
		[404, 'failure', 4],
		[429, 'failure', 4],
	])('counts a %i answer as %s', async (status, outcome, attempts) => {
		hook.current.respondWith(() => status);
		const idEvento = await simulateTo(hook.current.url);
		await fx.sandbox.waitForIdle();
		const all = (await fx.admin.get('/deliveries', { idEvento })).json;
		expect(all[0]).toMatchObject({ status, outcome });
		expect(all).toHaveLength(attempts);
	});

	it('times out a slow receiver and retries it', async () => {
		hook.current.respondWith((n) => (n === 1 ? { status: 200, delayMs: 1_000 } : 200));
		const idEvento = await simulateTo(hook.current.url);
		await fx.sandbox.waitForIdle();
		const all = (await fx.admin.get('/deliveries', { idEvento })).json;
		expect(all.map((r: any) => [r.outcome, r.status])).toEqual([
			['timeout', null],
			['success', 200],
		]);
		expect(all[0].error).toContain('300 ms');
	});

	it('records an unreachable receiver as an error, retried', async () => {
		const closedPort = await new Promise<number>((resolve) => {
			const probe = createServer().listen(0, '127.0.0.1', () => {
				const { port } = probe.address() as { port: number };
				probe.close(() => resolve(port));
			});
		});
		const idEvento = await simulateTo(`http://127.0.0.1:${closedPort}/hook`);
		await fx.sandbox.waitForIdle();
		const all = (await fx.admin.get('/deliveries', { idEvento })).json;
		expect(all).toHaveLength(4);
		expect(all.every((r: any) => r.outcome === 'error' && r.status === null)).toBe(true);
	});

	it('records what was sent: url, headers and the translated body', async () => {
		const idEvento = await simulateTo(hook.current.url);
		const [record] = await deliveryRecords(fx, { idEvento });
		expect(record).toMatchObject({
			url: hook.current.url,
			headers: { Authorization: 'k', 'content-type': 'application/json' },
			body: { idEvento, tipoEvento: 'CONTACTO' },
			responseBody: 'ok',
		});
		expect(new Date(record.startedAt).getTime()).not.toBeNaN();
	});

	it('forgets a delivery in flight when reset, without retrying it', async () => {
		hook.current.respondWith(() => ({ status: 500, delayMs: 150 }));
		await simulateTo(hook.current.url);
		await hook.current.waitFor(1);
		await fx.admin.post('/reset');
		await fx.sandbox.waitForIdle();
		await new Promise((resolve) => setTimeout(resolve, 200));
		expect((await fx.admin.get('/deliveries')).json).toEqual([]);
		expect(hook.current.received).toHaveLength(1);
	});

	it('clears the records on request', async () => {
		const idEvento = await simulateTo(hook.current.url);
		await deliveryRecords(fx, { idEvento });
		expect((await fx.admin.delete('/deliveries')).status).toBe(204);
		expect((await fx.admin.get('/deliveries')).json).toEqual([]);
	});
});

describe('a receiver asking to be retried later (Retry-After)', () => {
	it('is retried after the seconds it asked for instead of the schedule, when the sandbox honours it', async () => {
		const busy = await startReceiver((n) =>
			n === 1 ? { status: 503, headers: { 'retry-after': '1' } } : 200,
		);
		const sandbox = await startSandbox({
			port: 0,
			retrySchedule: [60_000],
			honourRetryAfter: true,
		});
		try {
			await simulateContact(portal(sandbox.url, 'demo-les-token'), { url: busy.url });
			const attempts = await sandbox.waitForDeliveries((all) => all.length === 2, 5_000);
			expect(attempts.map((attempt) => [attempt.attempt, attempt.status])).toEqual([
				[1, 503],
				[2, 200],
			]);
			const waitedMs = Date.parse(attempts[1].startedAt) - Date.parse(attempts[0].startedAt);
			expect(waitedMs).toBeGreaterThanOrEqual(1_000);
		} finally {
			await sandbox.close();
			await busy.close();
		}
	});
});

describe('closing the sandbox', () => {
	it('cancels pending retries so nothing is sent afterwards', async () => {
		const failing = await startReceiver(() => 500);
		const sandbox = await startSandbox({ port: 0, retrySchedule: [200, 200] });
		try {
			await simulateContact(portal(sandbox.url, 'demo-les-token'), { url: failing.url });
			await failing.waitFor(1);
			await sandbox.waitForDeliveries((attempts) => attempts.length === 1);
		} finally {
			await sandbox.close();
		}
		await new Promise((resolve) => setTimeout(resolve, 400));
		expect(failing.received).toHaveLength(1);
		await failing.close();
	});
});
