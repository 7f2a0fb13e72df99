import { useSandbox } from '../action/support';
import { admin, adminAds, emitted, pollWorkflow } from './support';

const sandbox = useSandbox({ ads: 20_000 });

const one = (event: string) => ({
	parameters: { event, agencyScope: 'one', agencyCode: 'INMO-001' },
});

describe('Real Estate Portal Poll Trigger over 20,000 online ads', () => {
	it('emits exactly the changes sprinkled through the inventory', async () => {
		const events = ['adWentOnline', 'adWentOffline', 'adChanged'] as const;
		const workflows = events.map((event) => pollWorkflow(sandbox(), one(event)));
		for (const workflow of workflows) expect((await workflow.activate()).items).toBeNull();

		const online = await adminAds(sandbox(), 'INMO-001', true);
		expect(online).toHaveLength(20_000);
		const offline = await adminAds(sandbox(), 'INMO-001', false);
		await new Promise((resolve) => setTimeout(resolve, 5));
		// Every 1,000th ad goes offline, every 1,000th from 500 on is modified, three come back online.
		const gone = online.filter((_ad, i) => i % 1_000 === 0).map((ad) => ad.idAvisoPlat);
		const modified = online.filter((_ad, i) => i % 1_000 === 500).map((ad) => ad.idAvisoPlat);
		const back = offline.slice(0, 3).map((ad) => ad.idAvisoPlat);
		for (const id of gone) await admin(sandbox(), 'POST', `/__sandbox/ads/${id}/baja`);
		for (const id of modified)
			await admin(sandbox(), 'PATCH', `/__sandbox/ads/${id}`, { precio: 123_000 });
		for (const id of back) await admin(sandbox(), 'POST', `/__sandbox/ads/${id}/alta`);

		const [wentOnline, wentOffline, changed] = await Promise.all(workflows.map((w) => w.poll()));
		expect(
			emitted(wentOnline)
				.map((item) => item.platformAdId)
				.sort(),
		).toEqual([...back].sort());
		expect(emitted(wentOffline).map((item) => item.platformAdId)).toEqual(gone);
		expect(emitted(changed).map((item) => item.platformAdId)).toEqual(modified);
		expect(gone).toHaveLength(20);
		expect(modified).toHaveLength(20);
		const snapshot = (workflows[0].nodeStaticData.ads as Record<string, { ids: number[] }>)[
			'INMO-001'
		];
		expect(snapshot.ids).toHaveLength(20_000 - 20 + 3);
		expect(JSON.stringify(workflows[0].nodeStaticData).length).toBeLessThan(1_000_000);
	}, 120_000);
});
