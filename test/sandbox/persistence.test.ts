/**
 * The emulator outlives its clients, as a real portal does (`stateFile`, `SANDBOX_STATE_FILE`):
 * a new emulator started on the file of a closed one lists the same leads with the same ids, keeps
 * the callback configuration, subscriptions and associations, delivers what was still pending, and
 * never gives an id twice.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox';
import { until } from '../e2e/support/until';
import { portal, send, type Portal } from './helpers/http';
import { startReceiver, type Receiver } from './helpers/receiver';
import { CALLBACKS } from './helpers/sandbox';

const LEADS = '/v2/inmobiliarias/INMO-001/mensajes';
/** A day before any lead a test makes: the lead list from then on. */
const SINCE = { fromDate: '20200101' };

let folder: string;
let file: string;
let receiver: Receiver;
const running: Sandbox[] = [];

beforeAll(async () => {
	receiver = await startReceiver();
});
afterAll(() => receiver.close());
beforeEach(() => {
	folder = mkdtempSync(join(tmpdir(), 'sandbox-state-'));
	file = join(folder, 'state.json');
	receiver.received.length = 0;
	receiver.respondWith(() => 200);
});
afterEach(async () => {
	await Promise.all(running.splice(0).map((sandbox) => sandbox.close()));
	rmSync(folder, { recursive: true, force: true });
});

async function start(options: SandboxOptions = {}) {
	const sandbox = await startSandbox({ port: 0, stateFile: file, ...options });
	running.push(sandbox);
	return { sandbox, les: portal(sandbox.url, 'demo-les-token'), admin: adminOf(sandbox) };
}

async function stop(sandbox: Sandbox) {
	running.splice(running.indexOf(sandbox), 1);
	await sandbox.close();
}

const adminOf = (sandbox: Sandbox) => ({
	get: (path: string) => send(sandbox.url, 'GET', `/__sandbox${path}`),
	post: (path: string, body?: unknown) => send(sandbox.url, 'POST', `/__sandbox${path}`, { body }),
});

async function subscribe(les: Portal, kinds = ['CONTACTO', 'CONTACTO_MENSAJE']) {
	await les.put(CALLBACKS, {
		url: receiver.url,
		authorizationHeaderValue: 'Bearer kept-secret',
		lenguajeCallbackBody: 'ES',
	});
	for (const kind of kinds) expect((await les.put(`${CALLBACKS}/${kind}`)).status).toBe(204);
}

/** demo-les's associations: its first online ad of INMO-001 with a code, and one without. */
async function adsOf(admin: ReturnType<typeof adminOf>) {
	const associations: Array<{ idAvisoPlat: number }> = (await admin.get('/interfaces/demo-les'))
		.json.associations;
	const online: Array<{ idAvisoPlat: number }> = (
		await admin.get('/agencies/INMO-001/ads?online=true')
	).json;
	const isAssociated = (ad: { idAvisoPlat: number }) =>
		associations.some((a) => a.idAvisoPlat === ad.idAvisoPlat);
	return {
		associated: online.find(isAssociated)!.idAvisoPlat,
		free: online.find((ad) => !isAssociated(ad))!.idAvisoPlat,
	};
}

const lead = (admin: ReturnType<typeof adminOf>, adId: number, tipoEvento = 'CONTACTO_MENSAJE') =>
	admin.post(`/ads/${adId}/leads`, { tipoEvento, email: `p${Math.random()}@example.com` });

describe('a new emulator on the state file of a closed one', () => {
	it('lists the same leads with the same ids, keeps the configuration, subscriptions and associations, and gives new ids after the old ones', async () => {
		const first = await start();
		await subscribe(first.les);
		const ads = await adsOf(first.admin);
		const associated = await first.les.put(
			`/v1/inmobiliarias/INMO-001/avisos/KEPT-1/asociar/${ads.free}`,
		);
		expect(associated.status).toBe(200);
		const made = [
			await lead(first.admin, ads.associated),
			await lead(first.admin, ads.associated, 'CONTACTO'),
			await lead(first.admin, ads.free),
		].map((answer) => answer.json.idMensaje as number);
		const added = (await first.admin.post('/agencies/INMO-001/ads', { online: false })).json.ad;
		await first.sandbox.waitForIdle();
		const listed = (await first.les.get(LEADS, SINCE)).json;
		const configuration = (await first.les.get(CALLBACKS)).json;
		const demoLes = (await first.admin.get('/interfaces/demo-les')).json;
		await stop(first.sandbox);

		const second = await start();

		expect((await second.les.get(LEADS, SINCE)).json).toEqual(listed);
		expect(listed.content.map((item: { id: number }) => item.id)).toEqual(made);
		expect((await second.les.get(CALLBACKS)).json).toEqual(configuration);
		const restored = (await second.admin.get('/interfaces/demo-les')).json;
		expect(restored.subscriptions.sort()).toEqual(['CONTACTO', 'CONTACTO_MENSAJE']);
		expect(restored.associations).toEqual(demoLes.associations);
		expect(restored.associations).toContainEqual({ idAvisoPlat: ads.free, codigoAviso: 'KEPT-1' });
		const next = (await lead(second.admin, ads.associated)).json;
		expect(next.idMensaje).toBeGreaterThan(Math.max(...made));
		const nextAd = (await second.admin.post('/agencies/INMO-001/ads', { online: false })).json.ad;
		expect(nextAd.idAvisoPlat).toBeGreaterThan(added.idAvisoPlat);
		// The kept configuration and subscription deliver the new lead.
		const [delivered] = await until(
			() => receiver.received.filter((r) => r.body.idMensaje === next.idMensaje),
			(found) => found.length === 1,
			'the new lead delivered',
			5_000,
		);
		expect(delivered.headers.authorization).toBe('Bearer kept-secret');
	});

	it('delivers a delivery still pending to a receiver that refused it, once the receiver accepts; one due while it was down goes out at once', async () => {
		receiver.respondWith(() => 503);
		// Retries close together: whichever attempt is pending at close is due soon after.
		const first = await start({ retrySchedule: [150, 150, 150, 150, 150, 150] });
		await subscribe(first.les, ['CONTACTO_MENSAJE']);
		const ads = await adsOf(first.admin);
		const [event] = (await lead(first.admin, ads.associated)).json.events;
		const refused = () =>
			first.sandbox.deliveries().filter((d) => d.idEvento === event.idEvento && !d.final);
		await first.sandbox.waitForDeliveries(() => refused().length > 0);
		await stop(first.sandbox);
		const lastRefused = Math.max(...refused().map((d) => d.attempt));
		const pending = JSON.parse(readFileSync(file, 'utf8')).deliveries;
		expect(pending).toHaveLength(1);
		// Down past the attempt's time.
		await until(
			() => Date.now(),
			(now) => now > pending[0].dueAt,
			'the attempt to be due',
		);
		receiver.respondWith(() => 200);

		// A schedule of its own that would wait ten minutes: the saved time is what counts.
		const second = await start({ retrySchedule: [600_000] });

		const attempts = await second.sandbox.waitForDeliveries((all) =>
			all.some((d) => d.idEvento === event.idEvento && d.outcome === 'success'),
		);
		const delivered = attempts.find((d) => d.idEvento === event.idEvento)!;
		expect(delivered).toMatchObject({ attempt: lastRefused + 1, status: 200 });
		expect(receiver.received.at(-1)!.body.idEvento).toBe(event.idEvento);
		await second.sandbox.waitForIdle();
		expect(JSON.parse(readFileSync(file, 'utf8')).deliveries).toEqual([]);
	});

	it('has every change saved shortly after it is made, not only on close', async () => {
		const first = await start();
		const ads = await adsOf(first.admin);
		const { idMensaje } = (await lead(first.admin, ads.associated)).json;

		await until(
			() => JSON.parse(readFileSync(file, 'utf8')).leads,
			(leads: Array<{ idMensaje: number }>) => leads.some((l) => l.idMensaje === idMensaje),
			'the lead in the state file',
			5_000,
		);
		// As after a crash: the file as it is now, the first emulator still running.
		file = join(folder, 'copy.json');
		copyFileSync(join(folder, 'state.json'), file);
		const second = await start();
		const ids = (await second.les.get(LEADS, SINCE)).json.content.map(
			(item: { id: number }) => item.id,
		);
		expect(ids).toEqual([idMensaje]);
	});

	it('starts in the world the file was saved in; refuses an option asking for another, naming it', async () => {
		const first = await start({ seed: 42, ads: 30 });
		const ads = (await first.admin.get('/agencies/INMO-001/ads')).json;
		await stop(first.sandbox);

		const second = await start();
		expect((await second.admin.get('/agencies/INMO-001/ads')).json).toEqual(ads);
		await stop(second.sandbox);

		await expect(startSandbox({ port: 0, stateFile: file, seed: 7 })).rejects.toThrow(
			/saved with seed \(SANDBOX_SEED\) 42, and this start asks for 7/,
		);
		await expect(startSandbox({ port: 0, stateFile: file, ads: 31 })).rejects.toThrow(
			/ads \(SANDBOX_ADS\) 30/,
		);
	});

	it('refuses a file it did not write, naming the file, the field and the fix', async () => {
		writeFileSync(file, 'not json');
		await expect(startSandbox({ port: 0, stateFile: file })).rejects.toThrow(
			`The state file ${file} is not JSON`,
		);
		writeFileSync(file, JSON.stringify({ format: 'something else' }));
		await expect(startSandbox({ port: 0, stateFile: file })).rejects.toThrow(
			new RegExp(`${file} is not one this emulator wrote \\(format: .*\\): remove ${file}`),
		);
	});

	it('keeps a large seeded world out of the file: only what changed is saved', async () => {
		const first = await start({ ads: 5_000, agencies: 100, agencyLeads: 0 });
		await lead(first.admin, (await adsOf(first.admin)).associated);
		await stop(first.sandbox);
		expect(statSync(file).size).toBeLessThan(4_000);
	});

	it('after a reset, starts from the seeded world again', async () => {
		const first = await start();
		await lead(first.admin, (await adsOf(first.admin)).associated);
		await first.admin.post('/reset');
		await stop(first.sandbox);

		const second = await start();
		expect((await second.les.get(LEADS, SINCE)).status).toBe(204);
	});
});
