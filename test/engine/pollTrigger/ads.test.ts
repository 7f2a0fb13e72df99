import type { Sandbox } from '../../../sandbox';
import { failOnce, useSandbox } from '../action/support';
import { admin, adminAds, emitted, pollWorkflow } from './support';

const sandbox = useSandbox();

const one = (event: string) => ({
	parameters: { event, agencyScope: 'one', agencyCode: 'INMO-001' },
});

async function baja(s: Sandbox, id: number) {
	expect((await admin(s, 'POST', `/__sandbox/ads/${id}/baja`)).status).toBe(200);
}
async function alta(s: Sandbox, id: number) {
	expect((await admin(s, 'POST', `/__sandbox/ads/${id}/alta`)).status).toBe(200);
}
async function modify(s: Sandbox, id: number, titulo: string) {
	expect((await admin(s, 'PATCH', `/__sandbox/ads/${id}`, { titulo })).status).toBe(200);
}

/** Modification instants are milliseconds: make the next change visibly later. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('Real Estate Portal Poll Trigger: ad events', () => {
	it('Ad Went Online, Ad Went Offline and Ad Changed each emit their own differences, once', async () => {
		const online = pollWorkflow(sandbox(), one('adWentOnline'));
		const offline = pollWorkflow(sandbox(), one('adWentOffline'));
		const changed = pollWorkflow(sandbox(), one('adChanged'));
		for (const workflow of [online, offline, changed])
			expect((await workflow.activate()).items).toBeNull();

		const [first, second] = await adminAds(sandbox(), 'INMO-001', true);
		const [back] = await adminAds(sandbox(), 'INMO-001', false);
		await tick();
		await baja(sandbox(), first.idAvisoPlat);
		await alta(sandbox(), back.idAvisoPlat);
		await modify(sandbox(), second.idAvisoPlat, 'Departamento renovado en Palermo');

		const wentOnline = emitted(await online.poll());
		expect(wentOnline).toEqual([
			expect.objectContaining({
				event: 'adWentOnline',
				trigger: 'poll',
				agencyCode: 'INMO-001',
				platformAdId: back.idAvisoPlat,
			}),
		]);
		expect(wentOnline[0].modifiedAt).toMatch(/Z$/);
		expect(emitted(await offline.poll())).toEqual([
			expect.objectContaining({
				event: 'adWentOffline',
				platformAdId: first.idAvisoPlat,
				lastModifiedAt: expect.any(String),
			}),
		]);
		expect(emitted(await changed.poll())).toEqual([
			expect.objectContaining({
				event: 'adChanged',
				platformAdId: second.idAvisoPlat,
				title: 'Departamento renovado en Palermo',
				previousModifiedAt: expect.any(String),
			}),
		]);
		for (const workflow of [online, offline, changed])
			expect(await workflow.poll()).toEqual({ items: null });
	});

	it('reads the ad summary in its other shape (a bare array, ISO dates) the same way', async () => {
		sandbox().reset({ adShape: 'A' });
		const workflow = pollWorkflow(sandbox(), one('adChanged'));
		await workflow.activate();
		const [ad] = await adminAds(sandbox(), 'INMO-001');
		await tick();
		await modify(sandbox(), ad.idAvisoPlat, 'Departamento con terraza en Palermo');
		expect(emitted(await workflow.poll())).toEqual([
			expect.objectContaining({
				platformAdId: ad.idAvisoPlat,
				title: 'Departamento con terraza en Palermo',
			}),
		]);
	});

	it('starts over when restarted with another event chosen (an edited workflow)', async () => {
		const online = pollWorkflow(sandbox(), one('adWentOnline'));
		await online.activate();
		const [ad] = await adminAds(sandbox(), 'INMO-001');
		await baja(sandbox(), ad.idAvisoPlat);
		// The same saved static data, now read by an Ad Went Offline trigger after a restart.
		const edited = pollWorkflow(sandbox(), {
			...one('adWentOffline'),
			staticData: online.staticData,
		});
		expect((await edited.activate('init')).items).toBeNull();
		expect(await edited.poll()).toEqual({ items: null });
	});

	it('edited to watch every agency, keeps the snapshot of the agency it watched', async () => {
		const first = pollWorkflow(sandbox(), one('adWentOffline'));
		await first.activate();
		const [ad] = await adminAds(sandbox(), 'INMO-001');
		await baja(sandbox(), ad.idAvisoPlat);
		// Taken offline before the agency was watched: no event of this workflow.
		const [before] = await adminAds(sandbox(), 'INMO-002');
		await baja(sandbox(), before.idAvisoPlat);
		// Published again with every agency ('update': the edited version replaces the active one).
		const every = pollWorkflow(sandbox(), {
			parameters: { event: 'adWentOffline' },
			staticData: first.staticData,
		});
		expect(emitted(await every.activate('update')).map((item) => item.platformAdId)).toEqual([
			ad.idAvisoPlat,
		]);
		expect(await every.poll()).toEqual({ items: null });
	});

	it('keeps ids and modification instants only, and survives a restart', async () => {
		const workflow = pollWorkflow(sandbox(), { parameters: { event: 'adChanged' } });
		await workflow.activate();
		const snapshot = (
			workflow.nodeStaticData.ads as Record<string, { ids: number[]; modified: number[] }>
		)['INMO-001'];
		expect(Object.keys(snapshot)).toEqual(['ids', 'modified']);
		expect(snapshot.ids).toHaveLength((await adminAds(sandbox(), 'INMO-001')).length);
		const [ad] = await adminAds(sandbox(), 'INMO-002');
		await tick();
		await modify(sandbox(), ad.idAvisoPlat, 'Casa con jardín en Núñez');
		expect((await workflow.restart()).items).toEqual([
			expect.objectContaining({ platformAdId: ad.idAvisoPlat, agencyCode: 'INMO-002' }),
		]);
		expect(await workflow.poll()).toEqual({ items: null });
	});

	it('a failed poll moves nothing; the next good one emits what happened in between', async () => {
		const workflow = pollWorkflow(sandbox(), one('adWentOffline'));
		await workflow.activate();
		const [ad] = await adminAds(sandbox(), 'INMO-001');
		await baja(sandbox(), ad.idAvisoPlat);
		const kept = workflow.liveNodeStaticData;
		await failOnce(sandbox(), {
			method: 'GET',
			path: '/avisos/online/resumen$',
			status: 503,
			times: 4,
		});
		const failed = await workflow.poll();
		expect(failed.error?.message).toContain('HTTP 503');
		expect(workflow.liveNodeStaticData).toEqual(kept);
		expect(emitted(await workflow.poll()).map((item) => item.platformAdId)).toEqual([
			ad.idAvisoPlat,
		]);
	});

	it('reads ad changes with a read-only (LEC) credential and on a plan without callbacks', async () => {
		const lec = pollWorkflow(sandbox(), {
			...one('adWentOffline'),
			credentials: { accessToken: 'demo-lec-token', interfaceKind: 'LEC' },
		});
		await lec.activate();
		const free = pollWorkflow(sandbox(), {
			parameters: { event: 'adWentOffline' },
			credentials: { accessToken: 'nocallbacks-les-token' },
		});
		await free.activate();
		const [ad] = await adminAds(sandbox(), 'INMO-001');
		const [own] = await adminAds(sandbox(), 'INMO-500');
		await baja(sandbox(), ad.idAvisoPlat);
		await baja(sandbox(), own.idAvisoPlat);
		expect(emitted(await lec.poll()).map((item) => item.platformAdId)).toEqual([ad.idAvisoPlat]);
		expect(emitted(await free.poll()).map((item) => item.platformAdId)).toEqual([own.idAvisoPlat]);
	});

	it('"Fetch test event" shows the latest real change or says there is none, moving nothing', async () => {
		const changed = pollWorkflow(sandbox(), one('adChanged'));
		const [ad] = await adminAds(sandbox(), 'INMO-001');
		await modify(sandbox(), ad.idAvisoPlat, 'Monoambiente luminoso en Palermo');
		const sample = await changed.fetchTestEvent();
		expect(sample.items.map((item) => item.json.platformAdId)).toEqual([ad.idAvisoPlat]);
		expect(changed.staticData).toEqual({});

		const offline = pollWorkflow(sandbox(), one('adWentOffline'));
		expect((await offline.fetchTestEvent()).error?.message).toBe(
			'No ad gone offline since the last poll of the active workflow to show yet',
		);
		await offline.activate();
		await baja(sandbox(), ad.idAvisoPlat);
		const kept = offline.liveNodeStaticData;
		expect((await offline.fetchTestEvent()).items.map((item) => item.json.platformAdId)).toEqual([
			ad.idAvisoPlat,
		]);
		expect(offline.liveNodeStaticData).toEqual(kept);
	});
});
