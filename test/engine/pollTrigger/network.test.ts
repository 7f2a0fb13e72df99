/**
 * The Poll Trigger over a network of 1,000 agencies behind one interface (the emulator's
 * `network-les`): concurrent reads within the pool's bound, partial failure and catch-up, agencies
 * unlinked, a poll's time.
 */
import { POLL_REQUESTS_IN_FLIGHT } from '../../../nodes/RealEstatePortalPollTrigger/network';
import { useSandbox } from '../action/support';
import { portalProxy } from '../action/portalProxy';
import {
	admin,
	adminAds,
	aimFault,
	bulkLeads,
	emitted,
	listedIds,
	networkWorkflow,
} from './support';
import type { PollWorkflow } from '../harness';

const sandbox = useSandbox({ agencies: 1_000, agencyAds: 3, agencyLeads: 1 });

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
/** A proxy's hold of `ms` on each agency's lead list, none on the rest (the list of agencies). */
const agencyReads = (ms: number) => (url: URL) => (url.pathname.endsWith('/mensajes') ? ms : 0);
const FAILING = ['NET-0005', 'NET-0250', 'NET-0500', 'NET-0750', 'NET-1000'];
/** Leads registered over the last minute, two per agency of the network. */
const twoPerAgency = () => ({ count: 2_000, from: Date.now() - 60_000, to: Date.now() });

/**
 * The ids `workflow`'s next polls list until `count` are seen. How far one poll gets within its time
 * depends on the machine's load; what must hold is that the polls move on from where the last one
 * stopped. A poll whose whole time went before it read an agency (the agency list, on a loaded
 * machine) lists nothing and stays where it was; three such polls in a row are a poll that no
 * longer moves.
 */
async function listedUntil(workflow: PollWorkflow, count: number, seen: number[] = []) {
	for (let stalled = 0; seen.length < count; ) {
		const resumedAt = workflow.nodeStaticData.resumeAt;
		const listed = listedIds(await workflow.poll());
		const moved = listed.length > 0 || workflow.nodeStaticData.resumeAt !== resumedAt;
		stalled = moved ? 0 : stalled + 1;
		expect(stalled).toBeLessThan(3);
		seen.push(...listed);
	}
	return seen;
}

describe('Real Estate Portal Poll Trigger over a network of 1,000 agencies', () => {
	it('5 agencies failing for 3 polls: the others emit each poll, the five catch up once they answer, 0 lost, 0 twice', async () => {
		const workflow = networkWorkflow(sandbox());
		expect((await workflow.activate()).items).toBeNull();
		for (const code of FAILING) await aimFault(sandbox(), code, { status: 500 });
		const made: number[] = [];
		const seen: number[] = [];
		for (let poll = 1; poll <= 2; poll++) {
			made.push(...(await bulkLeads(sandbox(), twoPerAgency())));
			const outcome = await workflow.poll();
			expect(emitted(outcome)).toHaveLength(2_000 - 2 * FAILING.length);
			expect(
				emitted(outcome).filter((lead) => FAILING.includes(lead.agencyCode as string)),
			).toEqual([]);
			seen.push(...listedIds(outcome));
		}
		// The third failed poll in a row: a failed execution names them, nothing moves.
		made.push(...(await bulkLeads(sandbox(), twoPerAgency())));
		const kept = workflow.liveNodeStaticData;
		const report = await workflow.poll();
		expect(report.items).toBeNull();
		expect(report.error?.message).toBe(
			`5 of 1,000 agencies could not be read for 3 polls or more in a row: ${FAILING.join(', ')}`,
		);
		expect((report.error as { description?: string }).description).toContain(
			'NET-0005: The portal failed to process the request (HTTP 500) (3 polls since ',
		);
		expect(workflow.liveNodeStaticData).toEqual(kept);
		// Still failing: the others' leads come with the next poll, and no second report.
		const next = await workflow.poll();
		expect(emitted(next)).toHaveLength(2_000 - 2 * FAILING.length);
		seen.push(...listedIds(next));
		expect(workflow.failures).toHaveLength(1);
		expect(workflow.nodeStaticData.failing).toMatchObject({
			'NET-0005': { polls: 3, error: 'The portal failed to process the request (HTTP 500)' },
		});

		for (const code of FAILING) await aimFault(sandbox(), code, null);
		const recovered = await workflow.poll();
		expect(emitted(recovered)).toHaveLength(3 * 2 * FAILING.length);
		const registered = emitted(recovered).map((lead) => Date.parse(lead.registeredAt as string));
		expect(registered).toEqual([...registered].sort((a, b) => a - b));
		seen.push(...listedIds(recovered));
		expect(await workflow.poll()).toEqual({ items: null });

		expect(seen).toHaveLength(made.length);
		expect(sorted(seen)).toEqual(sorted(made));
		expect(workflow.nodeStaticData.failing).toBeUndefined();
	}, 300_000);

	it('drops an agency no longer linked with a message naming it, and does not ask it again', async () => {
		const workflow = networkWorkflow(sandbox());
		await workflow.activate();
		// Being unlinked: the list still names it, its lead list answers 404. It waits like any failure.
		await aimFault(sandbox(), 'NET-0008', { notLinked: true });
		const first = await bulkLeads(sandbox(), { count: 1_000 });
		const partial = await workflow.poll();
		expect(sorted(listedIds(partial))).toEqual(sorted(first.filter((_id, i) => i !== 7)));
		expect(workflow.nodeStaticData.failing).toEqual({
			'NET-0008': { since: expect.any(Number), polls: 1, error: 'Agency "NET-0008" not found' },
		});

		// Unlinked: the list no longer names it.
		await aimFault(sandbox(), 'NET-0008', null);
		await admin(sandbox(), 'DELETE', '/__sandbox/interfaces/network-les/agencies/NET-0008');
		const second = await bulkLeads(sandbox(), { count: 999 });
		const report = await workflow.poll();
		expect(report.error?.message).toBe(
			'1 agency is no longer linked to this credential and no longer read: NET-0008',
		);
		expect((report.error as { description?: string }).description).toContain(
			'No longer linked: NET-0008. Their starting point is dropped',
		);
		expect(sorted(listedIds(await workflow.poll()))).toEqual(sorted(second));
		const saved = workflow.nodeStaticData;
		expect(Object.keys(saved.leads as object)).toHaveLength(999);
		expect(Object.keys(saved.leads as object)).not.toContain('NET-0008');
		expect(saved.failing).toBeUndefined();
		expect(await workflow.poll()).toEqual({ items: null });
		expect(workflow.failures).toHaveLength(1);
	}, 120_000);

	it(`never has more than ${POLL_REQUESTS_IN_FLIGHT} requests in flight, over 1,000 agencies read at once`, async () => {
		const proxy = await portalProxy(sandbox().url, { fillTo: POLL_REQUESTS_IN_FLIGHT });
		try {
			const leads = networkWorkflow(sandbox(), { credentials: { baseUrl: proxy.url } });
			await leads.activate();
			expect(proxy.most()).toBe(POLL_REQUESTS_IN_FLIGHT);
			const ads = networkWorkflow(sandbox(), {
				parameters: { event: 'adChanged' },
				credentials: { baseUrl: proxy.url },
			});
			await ads.activate();
			expect(proxy.most()).toBe(POLL_REQUESTS_IN_FLIGHT);
			// The agencies list and one request per agency, each poll.
			expect(proxy.requests.filter((url) => url.pathname.endsWith('/mensajes'))).toHaveLength(
				1_000,
			);
			expect(proxy.requests.filter((url) => url.pathname.endsWith('/resumen'))).toHaveLength(1_000);
		} finally {
			await proxy.close();
		}
	}, 120_000);

	it('an agency that never answers does not hold the poll past its time; it catches up later', async () => {
		const workflow = networkWorkflow(sandbox(), { pollBudgetMs: 8_000 });
		await workflow.activate();
		await aimFault(sandbox(), 'NET-0003', { hangMs: 120_000 });
		const made = await bulkLeads(sandbox(), { count: 1_000 });
		const started = Date.now();
		const first = listedIds(await workflow.poll());
		expect(Date.now() - started).toBeLessThan(15_000);
		expect(first.length).toBeGreaterThan(0);
		expect(first).not.toContain(made[2]);
		expect(workflow.nodeStaticData.failing).toMatchObject({ 'NET-0003': { polls: 1 } });
		await aimFault(sandbox(), 'NET-0003', null);
		// The agencies the first poll's time left unread, NET-0003 among them, come next.
		const seen = await listedUntil(workflow, made.length, [...first]);
		expect(sorted(seen)).toEqual(sorted(made));
	}, 120_000);

	it('a poll cut short by its time goes on from where it stopped, losing nothing', async () => {
		const proxy = await portalProxy(sandbox().url, { holdMs: agencyReads(60) });
		try {
			const workflow = networkWorkflow(sandbox(), {
				pollBudgetMs: 1_000,
				credentials: { baseUrl: proxy.url },
			});
			await workflow.activate();
			expect(workflow.nodeStaticData.resumeAt).toMatch(/^NET-/);
			const made = await bulkLeads(sandbox(), { count: 1_000 });
			expect(sorted(await listedUntil(workflow, made.length))).toEqual(sorted(made));
			expect(workflow.failures).toEqual([]);
		} finally {
			await proxy.close();
		}
	}, 120_000);

	it('a poll whose time runs out while it reads its first agencies ends without an error, and the next ones go on', async () => {
		const proxy = await portalProxy(sandbox().url, { holdMs: 0 });
		try {
			const workflow = networkWorkflow(sandbox(), {
				pollBudgetMs: 1_500,
				credentials: { baseUrl: proxy.url },
			});
			await workflow.activate();
			const made = await bulkLeads(sandbox(), { count: 1_000 });
			// The agency list answers within the poll's time; every agency's read it starts does not.
			proxy.setHold(agencyReads(2_000));
			const cut = await workflow.poll();
			expect(cut.error).toBeUndefined();
			expect(cut.items).toBeNull();
			proxy.setHold(0);
			expect(sorted(await listedUntil(workflow, made.length))).toEqual(sorted(made));
			expect(workflow.failures).toEqual([]);
		} finally {
			await proxy.close();
		}
	}, 120_000);

	it('"Fetch test event" shows the latest lead of the network, some agencies failing or not', async () => {
		const workflow = networkWorkflow(sandbox());
		const [ad] = await adminAds(sandbox(), 'NET-0999');
		const answer = await admin(sandbox(), 'POST', `/__sandbox/ads/${ad.idAvisoPlat}/leads`, {});
		await aimFault(sandbox(), 'NET-0004', { status: 503 });
		const sample = await workflow.fetchTestEvent();
		expect(sample.items.map((item) => Number(item.json.eventId))).toEqual([
			(answer.json as { idMensaje: number }).idMensaje,
		]);
		expect(workflow.staticData).toEqual({});
	}, 120_000);

	it('Ad Changed: the agencies that answer emit, in the listed order; a failing one catches up', async () => {
		const workflow = networkWorkflow(sandbox(), { parameters: { event: 'adChanged' } });
		await workflow.activate();
		await new Promise((resolve) => setTimeout(resolve, 5));
		const changed: number[] = [];
		for (const code of ['NET-0900', 'NET-0002', 'NET-0003']) {
			const [ad] = await adminAds(sandbox(), code);
			await admin(sandbox(), 'PATCH', `/__sandbox/ads/${ad.idAvisoPlat}`, { precio: 101_000 });
			changed.push(ad.idAvisoPlat);
		}
		await aimFault(sandbox(), 'NET-0003', { status: 500 });
		const partial = emitted(await workflow.poll());
		expect(partial.map((item) => [item.agencyCode, item.platformAdId])).toEqual([
			['NET-0002', changed[1]],
			['NET-0900', changed[0]],
		]);
		await aimFault(sandbox(), 'NET-0003', null);
		expect(emitted(await workflow.poll()).map((item) => item.platformAdId)).toEqual([changed[2]]);
	}, 120_000);
});
