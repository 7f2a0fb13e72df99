/**
 * The Poll Trigger against an untidy portal (sandbox/untidy.ts) and n8n's activation rules: lists
 * that shift while paged, leads visible late around the portal's midnight, instants the reader
 * cannot read, an agency failing across a restart, an agency list slower than the poll's time.
 */
import type { IDataObject } from 'n8n-workflow';
import { failOnce, useSandbox } from '../action/support';
import { takeClock } from './clock';
import {
	aimFault,
	bulkLeads,
	makeLead,
	listedIds,
	networkWorkflow,
	pollWorkflow,
	portalDay,
	setUntidy,
} from './support';

const NETWORK = 120;
const sandbox = useSandbox({ ads: 300, agencies: NETWORK, agencyAds: 2, agencyLeads: 0 });

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const ONE_AGENCY = { agencyScope: 'one', agencyCode: 'INMO-001' };

/** Ids emitted more than once, over every poll so far. */
function repeated(emitted: number[]): number[] {
	const seen = new Set<number>();
	return emitted.filter((id) => seen.has(id) || !seen.add(id));
}

/** How many lead ids (polled ids start at 880,000,001) a saved state holds, whatever its shape. */
const idsIn = (state: IDataObject) => JSON.stringify(state).match(/\b88\d{7}\b/g)?.length ?? 0;

describe('Real Estate Portal Poll Trigger: lists that shift while paged', () => {
	it('a lead repeated across pages is emitted once, one skipped comes with a later poll', async () => {
		await setUntidy(sandbox(), { shiftingPages: true });
		// Listed at activation, skipped or not: the starting point.
		await bulkLeads(sandbox(), { count: 300, agencies: ['INMO-001'] });
		const workflow = pollWorkflow(sandbox(), { parameters: ONE_AGENCY });
		await workflow.activate();
		const made = await bulkLeads(sandbox(), { count: 400, agencies: ['INMO-001'] });
		const emitted: number[] = [];
		for (let poll = 0; poll < 8; poll++) emitted.push(...listedIds(await workflow.poll()));
		expect(repeated(emitted)).toEqual([]);
		expect([...emitted].sort()).toEqual(made);
	}, 30_000);

	it('an ad repeated or skipped by a shifting summary is no ad gone online or offline', async () => {
		await setUntidy(sandbox(), { shiftingPages: true });
		const events = ['adWentOnline', 'adWentOffline'].map((event) =>
			pollWorkflow(sandbox(), { parameters: { ...ONE_AGENCY, event } }),
		);
		for (const workflow of events) await workflow.activate();
		for (let poll = 0; poll < 6; poll++) {
			for (const workflow of events) expect(await workflow.poll()).toEqual({ items: null });
		}
	}, 30_000);

	it('an agency repeated by a shifting agency list is polled once', async () => {
		await setUntidy(sandbox(), { shiftingPages: true });
		const workflow = networkWorkflow(sandbox());
		await workflow.activate();
		const made: number[] = [];
		const emitted: number[] = [];
		for (let poll = 0; poll < 6; poll++) {
			made.push(...(await bulkLeads(sandbox(), { count: NETWORK })));
			emitted.push(...listedIds(await workflow.poll()));
		}
		emitted.push(...listedIds(await workflow.poll()));
		expect(workflow.failures).toEqual([]);
		expect(repeated(emitted)).toEqual([]);
		expect([...emitted].sort()).toEqual(made);
	}, 30_000);
});

describe('Real Estate Portal Poll Trigger: the day it asks from', () => {
	it("a lead of the portal's last minutes of a day, listed only after leads of the next day, is emitted", async () => {
		await setUntidy(sandbox(), { lateLeads: true });
		const midnight = portalDay(1).start;
		const clock = takeClock(midnight - 25 * MINUTE_MS);
		try {
			const workflow = pollWorkflow(sandbox(), { parameters: ONE_AGENCY });
			await workflow.activate();
			clock.set(midnight - 20 * MINUTE_MS);
			const late = await makeLead(sandbox());
			clock.set(midnight + 10 * MINUTE_MS);
			const next = await makeLead(sandbox());
			expect(listedIds(await workflow.poll())).toEqual([next]);
			clock.set(midnight + 2 * HOUR_MS);
			expect(listedIds(await workflow.poll())).toEqual([late]);
		} finally {
			clock.restore();
		}
	});

	it('with instants the reader cannot read, the day still moves and the state keeps about three days', async () => {
		await setUntidy(sandbox(), { instantForms: true });
		const clock = takeClock(portalDay(0).start + 9 * HOUR_MS);
		try {
			const workflow = pollWorkflow(sandbox(), { parameters: ONE_AGENCY });
			await workflow.activate();
			const emitted: number[] = [];
			const made: number[] = [];
			// Six days, a poll every two hours, two leads before each.
			for (let poll = 0; poll < 72; poll++) {
				clock.advance(2 * HOUR_MS);
				made.push(await makeLead(sandbox()), await makeLead(sandbox()));
				emitted.push(...listedIds(await workflow.poll()));
			}
			expect(emitted).toEqual(made);
			const cursor = (workflow.nodeStaticData.leads as IDataObject)['INMO-001'] as IDataObject;
			expect(cursor.fromDay).toBe(portalDay(-1).day);
			// The leads of three days at most: 24 a day.
			expect(idsIn(cursor)).toBeLessThanOrEqual(3 * 24);
		} finally {
			clock.restore();
		}
	}, 60_000);
});

describe('Real Estate Portal Poll Trigger: activation', () => {
	it('a restart while an agency fails activates; a later poll reports it', async () => {
		const failing = { since: Date.now() - HOUR_MS, polls: 3, error: 'HTTP 503' };
		const seed = pollWorkflow(sandbox());
		await seed.activate();
		const staticData = {
			...seed.staticData,
			'node:Real Estate Portal Poll Trigger': {
				...seed.nodeStaticData,
				failing: { 'INMO-002': failing },
				pollerId: 'saved-before-the-restart',
			},
		};
		await aimFault(sandbox(), 'INMO-002', { status: 503 });
		const restarted = pollWorkflow(sandbox(), { staticData });
		const lead = await makeLead(sandbox());
		expect(listedIds(await restarted.activate('init'))).toEqual([lead]);
		const report = await restarted.poll();
		expect(report.error?.message).toBe(
			'1 of 2 agencies could not be read for 3 polls or more in a row: INMO-002',
		);
	});

	it('the agency list is read within the poll’s time: a Retry-After beyond it fails the poll, the next one catches up', async () => {
		const workflow = pollWorkflow(sandbox(), { pollBudgetMs: 1_000 });
		await workflow.activate();
		const lead = await makeLead(sandbox());
		await failOnce(sandbox(), {
			method: 'GET',
			path: '^/v1/inmobiliarias$',
			status: 429,
			headers: { 'retry-after': '3' },
		});
		const late = await workflow.poll();
		expect(late.items).toBeNull();
		expect(late.error?.message).toMatch(/too many requests|rate/i);
		expect(listedIds(await workflow.poll())).toEqual([lead]);
	});
});
