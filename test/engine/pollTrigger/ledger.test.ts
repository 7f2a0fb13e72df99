/**
 * The ledger: a simulated week of polls through n8n's engine against an untidy portal (shifting
 * pages, late leads, instant forms on), the clock driven by the test (test clock.ts: the emulator's
 * `Date` and the poll's `now` alike), every lead made set against every lead emitted: none lost,
 * none twice, and the saved state's size per agency at the end. The same for the ad events: every
 * ad taken offline, put online or changed against what Ad Went Offline / Online / Changed emit.
 * The figures it prints are quoted in docs/reliability.md, "The ledger".
 */
import type { IDataObject } from 'n8n-workflow';
import type { Sandbox } from '../../../sandbox';
import { BEHAVIOUR } from '../../../sandbox/behaviour';
import { FigureBoard } from '../../reliability/support/figures';
import { useSandbox } from '../action/support';
import { takeClock, type TestClock } from './clock';
import {
	admin,
	adminAds,
	bulkLeads,
	emitted,
	listedIds,
	networkWorkflow,
	pollWorkflow,
	portalDay,
	setUntidy,
} from './support';

const AGENCIES = 50;
const sandbox = useSandbox({ ads: 300, agencies: AGENCIES, agencyAds: 2, agencyLeads: 0 });

const HOUR_MS = 3_600_000;
const DAYS = 7;
const STATE_LIMIT_PER_AGENCY = 50_000;
const board = new FigureBoard('the ledger: a simulated week on an untidy portal (engine)');
afterAll(() => board.print());

const EVERY_SWITCH = { shiftingPages: true, lateLeads: true, instantForms: true };

async function setLinked(s: Sandbox, agency: string, linked: boolean) {
	const path = `/__sandbox/interfaces/${BEHAVIOUR.network.interfaceId}/agencies/${agency}`;
	expect((await admin(s, linked ? 'PUT' : 'DELETE', path)).status).toBe(204);
}

interface Ledger {
	made: number[];
	emitted: number[];
}

function tally(ledger: Ledger) {
	const emittedOnce = new Set(ledger.emitted);
	return {
		lost: ledger.made.filter((id) => !emittedOnce.has(id)).length,
		twice: ledger.emitted.length - emittedOnce.size,
		unknown: [...emittedOnce].filter((id) => !ledger.made.includes(id)).length,
	};
}

const kB = (bytes: number) => `${(bytes / 1_000).toFixed(1)} kB`;

/**
 * A week from today's 09:00 (the portal's time), a poll every `everyMs`, before each poll
 * `perAgencyPerDay` leads a day for each agency, registered evenly since the previous poll.
 */
async function leadWeek(options: {
	clock: TestClock;
	agencies: string[];
	everyMs: number;
	perAgencyPerDay: number;
	poll: () => Promise<number[]>;
	/** Called before each poll, with its index: an agency linked on the second day. */
	before?: (poll: number) => Promise<string[] | undefined>;
}): Promise<Ledger> {
	const { clock, everyMs } = options;
	const ledger: Ledger = { made: [], emitted: [] };
	let agencies = options.agencies;
	const polls = (DAYS * 24 * HOUR_MS) / everyMs;
	const perPoll = (options.perAgencyPerDay * everyMs) / (24 * HOUR_MS);
	for (let poll = 0; poll < polls; poll++) {
		const since = clock.now() + 1;
		clock.advance(everyMs);
		const count =
			Math.round((poll + 1) * perPoll * agencies.length) -
			Math.round(poll * perPoll * agencies.length);
		if (count > 0) {
			ledger.made.push(
				...(await bulkLeads(sandbox(), { count, agencies, from: since, to: clock.now() })),
			);
		}
		ledger.emitted.push(...(await options.poll()));
		agencies = (await options.before?.(poll)) ?? agencies;
	}
	// The leads still hidden around the last midnight become visible, and are read.
	clock.advance(3 * HOUR_MS);
	ledger.emitted.push(...(await options.poll()), ...(await options.poll()));
	return ledger;
}

describe('the ledger: a week of leads on an untidy portal', () => {
	it('one agency, 50 leads a day, a poll every 30 minutes: 0 lost, 0 twice, bounded state', async () => {
		await setUntidy(sandbox(), EVERY_SWITCH);
		const clock = takeClock(portalDay(0).start + 9 * HOUR_MS);
		try {
			const workflow = pollWorkflow(sandbox(), {
				parameters: { agencyScope: 'one', agencyCode: 'INMO-001' },
			});
			await workflow.activate();
			const ledger = await leadWeek({
				clock,
				agencies: ['INMO-001'],
				everyMs: HOUR_MS / 2,
				perAgencyPerDay: 50,
				poll: async () => listedIds(await workflow.poll()),
			});
			const { lost, twice, unknown } = tally(ledger);
			const state = JSON.stringify(workflow.nodeStaticData).length;
			board.add({
				scenario: 'New Lead, 1 agency, 7 days, a poll every 30 min',
				inputs: ledger.made.length,
				executions: workflow.executions.length,
				lost,
				duplicated: twice,
				crashes: workflow.failures.length,
				notes: `state at the end ${kB(state)} per agency`,
			});
			expect({ lost, twice, unknown, failures: workflow.failures }).toEqual({
				lost: 0,
				twice: 0,
				unknown: 0,
				failures: [],
			});
			expect(ledger.made.length).toBeGreaterThanOrEqual(DAYS * 50 - 1);
			expect(state).toBeLessThan(STATE_LIMIT_PER_AGENCY);
		} finally {
			clock.restore();
		}
	}, 120_000);

	it('fifty agencies, one linked on the second day, a poll every 4 hours: 0 lost, 0 twice, bounded state', async () => {
		await setUntidy(sandbox(), EVERY_SWITCH);
		const all = Array.from(
			{ length: AGENCIES },
			(_unused, i) => `NET-${String(i + 1).padStart(4, '0')}`,
		);
		const late = all[AGENCIES - 1];
		await setLinked(sandbox(), late, false);
		const clock = takeClock(portalDay(0).start + 9 * HOUR_MS);
		try {
			const workflow = networkWorkflow(sandbox());
			await workflow.activate();
			const ledger = await leadWeek({
				clock,
				agencies: all.slice(0, -1),
				everyMs: 4 * HOUR_MS,
				perAgencyPerDay: 24,
				poll: async () => listedIds(await workflow.poll()),
				// Linked on the second day; the poll that finds it records its starting point, then
				// its leads count.
				before: async (poll) => {
					if (poll === 6) await setLinked(sandbox(), late, true);
					return poll === 7 ? all : undefined;
				},
			});
			const { lost, twice, unknown } = tally(ledger);
			const state = JSON.stringify(workflow.nodeStaticData).length;
			board.add({
				scenario: `New Lead, ${AGENCIES} agencies (1 linked on day 2), 7 days, a poll every 4 h`,
				inputs: ledger.made.length,
				executions: workflow.executions.length,
				lost,
				duplicated: twice,
				crashes: workflow.failures.length,
				notes: `state at the end ${kB(state / AGENCIES)} per agency`,
			});
			expect({ lost, twice, unknown, failures: workflow.failures }).toEqual({
				lost: 0,
				twice: 0,
				unknown: 0,
				failures: [],
			});
			expect(Object.keys(workflow.nodeStaticData.leads as IDataObject)).toHaveLength(AGENCIES);
			expect(state / AGENCIES).toBeLessThan(STATE_LIMIT_PER_AGENCY);
		} finally {
			clock.restore();
		}
	}, 120_000);
});

type AdEvent = 'adWentOnline' | 'adWentOffline' | 'adChanged';

/** Events made against events emitted, each `event id` counted as often as it happens. */
function countEvents(expected: string[], got: string[]) {
	const count = (list: string[]) => {
		const counts = new Map<string, number>();
		for (const event of list) counts.set(event, (counts.get(event) ?? 0) + 1);
		return counts;
	};
	const made = count(expected);
	const emittedCounts = count(got);
	let lost = 0;
	let twice = 0;
	for (const [event, times] of made) lost += Math.max(0, times - (emittedCounts.get(event) ?? 0));
	const falseEvents: string[] = [];
	for (const [event, times] of emittedCounts) {
		const wanted = made.get(event) ?? 0;
		if (wanted === 0) falseEvents.push(event);
		else twice += Math.max(0, times - wanted);
	}
	return { lost, twice, falseEvents };
}

describe('the ledger: a week of ad events on an untidy portal', () => {
	it('each ad taken offline, put online or changed is emitted once by its event, and nothing else', async () => {
		await setUntidy(sandbox(), EVERY_SWITCH);
		const clock = takeClock(portalDay(0).start + 9 * HOUR_MS);
		try {
			const events: AdEvent[] = ['adWentOnline', 'adWentOffline', 'adChanged'];
			const workflows = events.map((event) =>
				pollWorkflow(sandbox(), {
					parameters: { event, agencyScope: 'one', agencyCode: 'INMO-001' },
				}),
			);
			for (const workflow of workflows) await workflow.activate();
			const expected: string[] = [];
			const got: string[] = [];
			// Each ad changes once in the week (a snapshot diff sees one change per ad between two
			// reads of it): the online ads in a fixed order, one taken offline and two changed per
			// poll; two new ads put online per poll.
			const untouched = (await adminAds(sandbox(), 'INMO-001', true)).map((ad) => ad.idAvisoPlat);
			for (let poll = 0; poll < DAYS * 8; poll++) {
				clock.advance(3 * HOUR_MS);
				const [down, ...changed] = untouched.splice(0, 3);
				await admin(sandbox(), 'POST', `/__sandbox/ads/${down}/baja`);
				expected.push(`adWentOffline ${down}`);
				for (const id of changed) {
					await admin(sandbox(), 'PATCH', `/__sandbox/ads/${id}`, { titulo: `Renovado ${poll}` });
					expected.push(`adChanged ${id}`);
				}
				for (let added = 0; added < 2; added++) {
					const answer = await admin(sandbox(), 'POST', '/__sandbox/agencies/INMO-001/ads', {});
					const { ad } = answer.json as { ad: { idAvisoPlat: number } };
					expected.push(`adWentOnline ${ad.idAvisoPlat}`);
				}
				for (const workflow of workflows) {
					for (const item of emitted(await workflow.poll()))
						got.push(`${String(item.event)} ${String(item.platformAdId)}`);
				}
			}
			// Two more polls, nothing changed meanwhile: what the last shifted reads missed comes.
			for (let poll = 0; poll < 2; poll++) {
				clock.advance(3 * HOUR_MS);
				for (const workflow of workflows) {
					for (const item of emitted(await workflow.poll()))
						got.push(`${String(item.event)} ${String(item.platformAdId)}`);
				}
			}
			const { lost, twice, falseEvents } = countEvents(expected, got);
			const failures = workflows.flatMap((workflow) => workflow.failures);
			const state = JSON.stringify(workflows.map((workflow) => workflow.nodeStaticData)).length;
			board.add({
				scenario: 'Ad Went Online / Offline / Changed, 1 agency, 7 days, a poll every 3 h',
				inputs: expected.length,
				executions: workflows.reduce((sum, workflow) => sum + workflow.executions.length, 0),
				lost,
				duplicated: twice,
				crashes: failures.length,
				notes: `${falseEvents.length} false events; state of the 3 triggers ${kB(state)}`,
			});
			expect({ lost, twice, falseEvents, failures }).toEqual({
				lost: 0,
				twice: 0,
				falseEvents: [],
				failures: [],
			});
		} finally {
			clock.restore();
		}
	}, 120_000);
});
