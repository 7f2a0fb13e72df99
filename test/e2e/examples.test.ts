import {
	loadExample,
	nodeBinaryOutput,
	nodeOutput,
	productionWebhookUrl,
	publishWorkflow,
	runManually,
	startPortalStack,
	TRIGGER_TYPE,
	type ExampleName,
	type PortalStack,
	type StoredWorkflow,
} from './support';

describe('the example workflows in a real n8n', () => {
	let stack: PortalStack;

	beforeAll(async () => {
		stack = await startPortalStack('examples');
	}, 900_000);

	afterAll(async () => {
		await stack?.stop();
	});

	async function imported(name: ExampleName): Promise<StoredWorkflow> {
		return await stack.owner.api.createWorkflow(loadExample(name, stack.credential));
	}

	it('nightly export: lists every online ad of INMO-001 and turns them into one CSV file', async () => {
		const workflow = await imported('inventoryExport');
		const onlineAds = await stack.portal.ads('INMO-001');

		const execution = await runManually(stack.owner, workflow.id, 'Every Night at 2');

		expect(execution.status).toBe('success');
		const ads = nodeOutput(execution, 'Online Ads of INMO-001');
		// More than one page of the service (20 by default): Return All went through every page.
		expect(ads.map((ad) => ad.platformAdId).sort()).toEqual(
			onlineAds.map((ad) => ad.idAvisoPlat).sort(),
		);
		expect(ads[0]).toEqual(
			expect.objectContaining({
				platformAdId: expect.any(Number),
				title: expect.any(String),
				isAssociated: expect.any(Boolean),
			}),
		);
		const [{ data: file }] = nodeBinaryOutput(execution, 'Inventory CSV');
		expect(file).toMatchObject({
			mimeType: 'text/csv',
			fileName: expect.stringMatching(/^ad-inventory-INMO-001-\d{4}-\d{2}-\d{2}\.csv$/),
		});
		const csv = await stack.owner.session.getText(
			`/rest/binary-data?id=${encodeURIComponent(file.id!)}&action=download`,
		);
		const [header, ...rows] = csv.trim().split('\n');
		expect(header.split(',')).toEqual(
			expect.arrayContaining(['platformAdId', 'adCode', 'title', 'modifiedAt']),
		);
		expect(rows).toHaveLength(onlineAds.length);
	}, 120_000);

	it('bulk association: associates the listed ads and counts an already associated one as done', async () => {
		const workflow = await imported('bulkAssociation');

		const execution = await runManually(stack.owner, workflow.id, 'Run It');

		expect(execution.status).toBe('success');
		expect(nodeOutput(execution, 'Associate Ad')).toEqual([
			expect.objectContaining({
				adCode: 'CRM-10010',
				platformAdId: 54000010,
				associated: true,
				alreadyAssociated: false,
			}),
			expect.objectContaining({
				adCode: 'CRM-10016',
				platformAdId: 54000016,
				associated: true,
				alreadyAssociated: false,
			}),
			expect.objectContaining({
				adCode: 'CRM-10030',
				platformAdId: 54000030,
				associated: true,
				alreadyAssociated: false,
			}),
			expect.objectContaining({
				adCode: 'DEMO-0001',
				platformAdId: 54000002,
				associated: true,
				alreadyAssociated: true,
			}),
		]);
		expect((await stack.portal.interface()).associations).toEqual(
			expect.arrayContaining([
				{ idAvisoPlat: 54000010, codigoAviso: 'CRM-10010' },
				{ idAvisoPlat: 54000016, codigoAviso: 'CRM-10016' },
				{ idAvisoPlat: 54000030, codigoAviso: 'CRM-10030' },
			]),
		);

		// Run again: every ad is already associated, and the run still succeeds.
		const again = await runManually(stack.owner, workflow.id, 'Run It');
		expect(again.status).toBe('success');
		expect(nodeOutput(again, 'Associate Ad').map((result) => result.alreadyAssociated)).toEqual([
			true,
			true,
			true,
			true,
		]);
	}, 120_000);

	it('callback check: reports a missing callback, then the production URL of the published lead workflow', async () => {
		const check = await imported('callbackCheck');

		const before = await runManually(stack.owner, check.id, 'Run It');
		expect(before.status).toBe('success');
		expect(nodeOutput(before, 'Callback Missing')).toEqual([
			expect.objectContaining({ status: 'not set up' }),
		]);
		expect(before.data?.resultData.runData['Callback Set Up']).toBeUndefined();

		const leads = await imported('leadsToDataTable');
		expect(await publishWorkflow(stack.owner, leads.id)).toMatchObject({ status: 'published' });
		const trigger = leads.nodes.find((node) => node.type === TRIGGER_TYPE)!;

		const after = await runManually(stack.owner, check.id, 'Run It');
		expect(after.status).toBe('success');
		expect(nodeOutput(after, 'Callback Set Up')).toEqual([
			{
				status: 'ok',
				callbackUrl: productionWebhookUrl(stack.n8n.url, trigger.webhookId as string),
				bodyLanguage: 'ES',
			},
		]);
	}, 120_000);
});
