/**
 * A lead poll published again goes on from where it stood (leadCursor.ts `resumed`): the leads made
 * while the workflow was unpublished, whose callbacks were refused and given up, come from the
 * list once; those older than 72 hours do not flood the destination of a workflow published again
 * after a long time. A poll of ad changes starts over, as before.
 */
import type { IDataObject } from 'n8n-workflow';

import { useSandbox } from '../action/support';
import { admin, adminAds, bulkLeads, emitted, makeLead, pollWorkflow } from './support';

const sandbox = useSandbox();
const DAY_MS = 86_400_000;

const ids = (outcome: { items: IDataObject[] | null }) =>
	emitted(outcome).map((lead) => lead.messageId);

it('emits the leads made while the workflow was unpublished, once, when it is published again', async () => {
	const workflow = pollWorkflow(sandbox());
	await workflow.activate();
	const before = await makeLead(sandbox(), 'INMO-001', { tipoEvento: 'CONTACTO_MENSAJE' });
	expect(ids(await workflow.poll())).toEqual([before]);

	// Unpublished: no poll runs while these are made.
	const meanwhile = [
		await makeLead(sandbox(), 'INMO-001', {
			tipoEvento: 'CONTACTO_MENSAJE',
			email: 'a@example.com',
		}),
		await makeLead(sandbox(), 'INMO-002', {
			tipoEvento: 'CONTACTO_MENSAJE',
			email: 'b@example.com',
		}),
	];
	expect(ids(await workflow.activate())).toEqual(meanwhile);
	expect(await workflow.poll()).toEqual({ items: null });
});

it('published again after days, emits only the leads of the last 72 hours', async () => {
	const first = pollWorkflow(sandbox());
	await first.activate();
	const saved = first.staticData;
	// Its cursor as if saved ten days ago.
	const node = Object.keys(saved).find((key) => key.startsWith('node:'))!;
	const store = saved[node] as { leads: Record<string, { fromDay: string }> };
	const tenDaysAgo = new Date(Date.now() - 10 * DAY_MS)
		.toISOString()
		.slice(0, 10)
		.replace(/-/g, '');
	for (const cursor of Object.values(store.leads)) cursor.fromDay = tenDaysAgo;
	const [old] = await bulkLeads(sandbox(), {
		count: 1,
		agencies: ['INMO-001'],
		from: Date.now() - 5 * DAY_MS,
		to: Date.now() - 5 * DAY_MS,
		tipoEvento: 'CONTACTO_MENSAJE',
	});
	const [recent] = await bulkLeads(sandbox(), {
		count: 1,
		agencies: ['INMO-001'],
		from: Date.now() - DAY_MS,
		to: Date.now() - DAY_MS,
		tipoEvento: 'CONTACTO_MENSAJE',
	});

	const again = pollWorkflow(sandbox(), { staticData: saved });
	const emittedIds = ids(await again.activate());
	expect(emittedIds).toContain(recent);
	expect(emittedIds).not.toContain(old);
});

it('a poll of ad changes published again starts over: a change made meanwhile is not emitted', async () => {
	const parameters = { event: 'adChanged', agencyScope: 'one', agencyCode: 'INMO-001' };
	const workflow = pollWorkflow(sandbox(), { parameters });
	await workflow.activate();
	const [ad] = await adminAds(sandbox(), 'INMO-001');
	await new Promise((resolve) => setTimeout(resolve, 5));
	await admin(sandbox(), 'PATCH', `/__sandbox/ads/${ad.idAvisoPlat}`, { titulo: 'Cambiado' });
	expect((await workflow.activate()).items).toBeNull();
});
