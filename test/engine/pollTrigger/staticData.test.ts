/**
 * What the Poll Trigger keeps in static data for New Lead: the ids of about three days per agency
 * however long it runs, and the state saved by version 0.1.0 (a window of 2,000 ids per agency)
 * read on upgrade.
 */
import type { IDataObject } from 'n8n-workflow';
import type { Sandbox } from '../../../sandbox';
import { useSandbox } from '../action/support';
import { takeClock } from './clock';
import {
	bulkLeads,
	makeLead,
	listedIds,
	networkWorkflow,
	pollWorkflow,
	portalDay,
} from './support';

const AGENCIES = 100;
const sandbox = useSandbox({ agencies: AGENCIES, agencyAds: 3, agencyLeads: 0 });

const HOUR_MS = 3_600_000;
const NODE_KEY = 'node:Real Estate Portal Poll Trigger';
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

interface Cursor {
	fromDay: string;
	/** Keys: a message id, `l<list id>` or `d<digest>`, by day. */
	keysUntil: Record<string, Array<number | string>>;
	/** Listed ids kept by earlier versions, by day. */
	idsUntil?: Record<string, number[]>;
}

/** The ids a cursor keeps, whichever version kept them. */
const keptIds = (cursor: Cursor) =>
	sorted([
		...Object.values(cursor.keysUntil)
			.flat()
			.map((key) => (typeof key === 'number' ? key : Number(key.slice(1)))),
		...Object.values(cursor.idsUntil ?? {}).flat(),
	]);

describe('Real Estate Portal Poll Trigger: static data', () => {
	it('after a simulated month of polls keeps about three days of lead ids per agency, not a growing window', async () => {
		const portalDays = Array.from({ length: 31 }, (_unused, day) => portalDay(day));
		const clock = takeClock(Date.now());
		try {
			const workflow = networkWorkflow(sandbox());
			await workflow.activate();
			const perDay = AGENCIES * 8;
			const sizes: number[] = [];
			const days: number[][] = [];
			// A month of days: each day 8 leads per agency between 09:00 and 20:00, and one poll at
			// 21:00 (the portal's time), the clock at that poll.
			for (let day = 1; day <= 30; day++) {
				const { start } = portalDays[day];
				const made = await bulkLeads(sandbox(), {
					count: perDay,
					from: start + 9 * HOUR_MS,
					to: start + 20 * HOUR_MS,
				});
				clock.set(start + 21 * HOUR_MS);
				expect(sorted(listedIds(await workflow.poll()))).toEqual(made);
				days.push(made);
				sizes.push(JSON.stringify(workflow.nodeStaticData).length);
			}
			const cursors = workflow.nodeStaticData.leads as Record<string, Cursor>;
			expect(Object.keys(cursors)).toHaveLength(AGENCIES);
			// Round-robin: agency k got the leads k, k + 100, ... of each day; the last three days kept.
			const ofFirstAgency = (ids: number[]) => ids.filter((_id, i) => i % AGENCIES === 0);
			expect(cursors['NET-0001'].fromDay).toBe(portalDays[29].day);
			expect(keptIds(cursors['NET-0001'])).toEqual(sorted(days.slice(-3).flatMap(ofFirstAgency)));
			expect(sizes[29]).toBeLessThanOrEqual(sizes[9] + AGENCIES);
			expect(sizes[29]).toBeLessThan(AGENCIES * 600);
		} finally {
			clock.restore();
		}
	}, 300_000);
});

/** Today in the portal's time, once at least `seconds` of it have passed (waits past midnight). */
async function portalDayWithSecondsBehind(seconds: number) {
	const today = portalDay(0);
	const wait = today.start + seconds * 1_000 - Date.now();
	if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
	return today;
}

/** The lead list as the portal answers it (demo interface): polled id → registration instant. */
async function registrations(s: Sandbox, agency: string, fromDay: string) {
	const url = `${s.url}/v2/inmobiliarias/${agency}/mensajes?fromDate=${fromDay}&pageable.size=200&access_token=demo-les-token`;
	const instants = new Map<number, number>();
	for (let page = 0; ; page++) {
		const response = await fetch(`${url}&pageable.page=${page}`);
		if (response.status === 204) return instants;
		const body = (await response.json()) as {
			total: number;
			// The recorded list shape: `id`, and `fecha` in ISO 8601 (docs/portal-api.md, "Lead list").
			content: Array<{ id: number; fecha: string }>;
		};
		for (const lead of body.content) {
			instants.set(lead.id, Date.parse(lead.fecha));
		}
		if (instants.size >= body.total) return instants;
	}
}

/** The static data version 0.1.0 saved after emitting these leads: `[id, registration]`, oldest first, the last 2,000. */
async function savedByVersion010(s: Sandbox, emitted: Record<string, number[]>) {
	const today = portalDay(0).day;
	const leads: IDataObject = {};
	for (const [agency, ids] of Object.entries(emitted)) {
		const instants = await registrations(s, agency, today);
		const seen = ids
			.map((id) => [id, instants.get(id)!])
			.sort((a, b) => a[1] - b[1] || a[0] - b[0])
			.slice(-2_000);
		leads[agency] = { fromDay: today, seen };
	}
	return { [NODE_KEY]: { leads, keptFor: '["newLead",null]' } };
}

describe('Real Estate Portal Poll Trigger: upgrading from version 0.1.0', () => {
	it('reads the saved window: the leads of the downtime once, none of the saved ones again', async () => {
		const before = {
			'INMO-001': [await makeLead(sandbox()), await makeLead(sandbox())],
			'INMO-002': [await makeLead(sandbox(), 'INMO-002')],
		};
		const staticData = await savedByVersion010(sandbox(), before);
		// n8n is down for the upgrade meanwhile.
		const whileDown = [await makeLead(sandbox(), 'INMO-002'), await makeLead(sandbox())];
		const upgraded = pollWorkflow(sandbox(), { staticData });
		expect(listedIds(await upgraded.activate('init'))).toEqual(whileDown);
		expect(await upgraded.poll()).toEqual({ items: null });
		const cursors = upgraded.nodeStaticData.leads as Record<string, Cursor & { seen?: unknown }>;
		expect(cursors['INMO-001'].fromDay).toBe(portalDay(0).day);
		expect(keptIds(cursors['INMO-001'])).toEqual([...before['INMO-001'], whileDown[1]]);
		expect(cursors['INMO-002'].seen).toBeUndefined();
	});

	it('an agency of the saved state that is no longer linked is reported once, then dropped', async () => {
		const staticData = await savedByVersion010(sandbox(), { 'INMO-001': [], 'INMO-002': [] });
		const leads = (staticData[NODE_KEY] as { leads: IDataObject }).leads;
		leads['INMO-404'] = { fromDay: portalDay(0).day, seen: [] };
		const upgraded = pollWorkflow(sandbox(), { staticData });
		const lead = await makeLead(sandbox());
		// The first poll saves what the report needs; the next one reports; then the others emit.
		expect(listedIds(await upgraded.activate('init'))).toEqual([lead]);
		expect(Object.keys(upgraded.nodeStaticData.leads as object)).toContain('INMO-404');
		const report = await upgraded.poll();
		expect(report.error?.message).toBe(
			'1 agency is no longer linked to this credential and no longer read: INMO-404',
		);
		const after = await makeLead(sandbox(), 'INMO-002');
		expect(listedIds(await upgraded.poll())).toEqual([after]);
		expect(Object.keys(upgraded.nodeStaticData.leads as object)).toEqual(['INMO-001', 'INMO-002']);
		expect(await upgraded.poll()).toEqual({ items: null });
		expect(upgraded.failures).toHaveLength(1);
	});

	it('reads the day cursor of earlier builds (ids of its day, undated ids with their last day)', async () => {
		const dated = [await makeLead(sandbox()), await makeLead(sandbox())];
		const undated = await makeLead(sandbox());
		const today = portalDay(0).day;
		const staticData = {
			[NODE_KEY]: {
				keptFor: '["newLead",null]',
				pollerId: 'saved-by-an-earlier-build',
				leads: {
					'INMO-001': { fromDay: today, ids: dated, undated: [[undated, portalDay(1).day]] },
					'INMO-002': { fromDay: today, ids: [] },
				},
			},
		};
		const upgraded = pollWorkflow(sandbox(), { staticData });
		const fresh = await makeLead(sandbox(), 'INMO-002');
		expect(listedIds(await upgraded.activate('init'))).toEqual([fresh]);
		expect(await upgraded.poll()).toEqual({ items: null });
		const cursor = (upgraded.nodeStaticData.leads as Record<string, Cursor>)['INMO-001'];
		expect(keptIds(cursor)).toEqual(sorted([...dated, undated]));
	});

	it('reads the listed ids kept by the version before, and keeps them no longer than their day', async () => {
		const emittedBefore = [await makeLead(sandbox()), await makeLead(sandbox())];
		const today = portalDay(0).day;
		const staticData = {
			[NODE_KEY]: {
				keptFor: '["newLead",null]',
				pollerId: 'saved-by-the-version-before',
				leads: {
					'INMO-001': { fromDay: today, idsUntil: { [portalDay(1).day]: emittedBefore } },
					'INMO-002': { fromDay: today, idsUntil: {} },
				},
			},
		};
		const upgraded = pollWorkflow(sandbox(), { staticData });
		const fresh = await makeLead(sandbox());
		expect(listedIds(await upgraded.activate('init'))).toEqual([fresh]);
		expect(await upgraded.poll()).toEqual({ items: null });
		const cursor = (upgraded.nodeStaticData.leads as Record<string, Cursor>)['INMO-001'];
		expect(cursor.idsUntil).toEqual({ [portalDay(1).day]: emittedBefore });
		expect(keptIds(cursor)).toEqual(sorted([...emittedBefore, fresh]));
	});

	it('a full window (2,000 ids) still rules out the older leads it had let go of', async () => {
		// Registered today in the portal's time, over the last hour at most: the upgraded cursor keeps
		// one day (in the portal's first hour, an hour back was yesterday, and the test failed).
		const today = await portalDayWithSecondsBehind(5);
		const made = await bulkLeads(sandbox(), {
			count: 2_003,
			agencies: ['INMO-001'],
			from: Math.max(today.start, Date.now() - HOUR_MS),
			to: Date.now() - 1_000,
		});
		const staticData = await savedByVersion010(sandbox(), { 'INMO-001': made, 'INMO-002': [] });
		const upgraded = pollWorkflow(sandbox(), { staticData });
		expect(await upgraded.activate('init')).toEqual({ items: null });
		const fresh = await makeLead(sandbox());
		expect(listedIds(await upgraded.poll())).toEqual([fresh]);
		const cursor = (upgraded.nodeStaticData.leads as Record<string, Cursor>)['INMO-001'];
		expect(keptIds(cursor)).toHaveLength(2_004);
	}, 60_000);
});
