/** The untidy portal's switches (sandbox/untidy.ts): off by default, each doing what it says once on. */
import { useSandbox } from './helpers/sandbox';

const fx = useSandbox();

beforeEach(() => fx.admin.post('/reset'));

const MESSAGES = '/v2/inmobiliarias/INMO-001/mensajes';
const HOUR_MS = 3_600_000;
const OFFSET_MS = -3 * HOUR_MS;

/** The portal's (UTC-3) midnight starting the day `days` from today, epoch ms. */
function portalMidnight(days = 0): number {
	const local = new Date(Date.now() + OFFSET_MS);
	return (
		Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + days) - OFFSET_MS
	);
}

const dayOf = (epochMs: number) =>
	new Date(epochMs + OFFSET_MS).toISOString().slice(0, 10).replace(/-/g, '');

async function makeLeads(count: number, from: number, to: number): Promise<number[]> {
	const made = (await fx.admin.post('/leads', { count, agencies: ['INMO-001'], from, to })).json;
	return Array.from({ length: made.created }, (_unused, i) => made.firstIdMensaje + i);
}

/** The lead list from `fromDate`, page after page as a client reads it: every item as served. */
async function readLeads(fromDate: string): Promise<Array<Record<string, unknown>>> {
	const items: Array<Record<string, unknown>> = [];
	for (let page = 0; page < 100; page++) {
		const answer = await fx.les.get(MESSAGES, {
			fromDate,
			'pageable.page': page,
			'pageable.size': 200,
		});
		if (answer.status === 204) break;
		items.push(...answer.json.content);
	}
	return items;
}

const idsOf = (items: Array<Record<string, unknown>>) => items.map((item) => item.id as number);

describe('untidy portal switches', () => {
	it('are all off by default: each listed lead comes once, in order, its instant a Z text', async () => {
		expect((await fx.admin.get('/untidy')).json).toEqual({
			shiftingPages: false,
			lateLeads: false,
			instantForms: false,
		});
		const made = await makeLeads(450, Date.now() - HOUR_MS, Date.now() - 1_000);
		const items = await readLeads(dayOf(Date.now() - 2 * HOUR_MS));
		expect(idsOf(items).filter((id) => made.includes(id))).toEqual(made);
		// The recorded list shape writes `fecha` in UTC (sandbox/contract/leadList.ts).
		for (const item of items) expect(item.fecha).toMatch(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/);
	});

	it('shiftingPages: small pages, items repeated across pages or skipped, never beyond a few', async () => {
		await fx.admin.put('/untidy', { shiftingPages: true });
		const made = await makeLeads(450, Date.now() - HOUR_MS, Date.now() - 1_000);
		const first = await fx.les.get(MESSAGES, {
			fromDate: dayOf(Date.now() - 2 * HOUR_MS),
			'pageable.size': 200,
		});
		expect(first.json.content).toHaveLength(50);
		let untidyReads = 0;
		const seenOnce = new Set<number>();
		for (let read = 0; read < 5; read++) {
			const ids = idsOf(await readLeads(dayOf(Date.now() - 2 * HOUR_MS))).filter((id) =>
				made.includes(id),
			);
			ids.forEach((id) => seenOnce.add(id));
			const repeated = ids.length !== new Set(ids).size;
			const skipped = made.some((id) => !ids.includes(id));
			if (repeated || skipped) untidyReads++;
		}
		expect(untidyReads).toBeGreaterThan(0);
		// A shift moves a page by a few items: what one read skips, another lists.
		expect(made.filter((id) => !seenOnce.has(id))).toEqual([]);
	});

	it("lateLeads: a lead of the portal's last half hour of a day is listed two hours after it was made", async () => {
		await fx.admin.put('/untidy', { lateLeads: true });
		const yesterdayLate = await makeLeads(1, portalMidnight(0) - 15 * 60_000, portalMidnight(0));
		const todayLate = await makeLeads(1, portalMidnight(1) - 15 * 60_000, portalMidnight(1));
		const todayEarlier = await makeLeads(1, portalMidnight(1) - 60 * 60_000, portalMidnight(1));
		const listed = idsOf(await readLeads(dayOf(portalMidnight(-1))));
		// Now is at least two hours after yesterday's last quarter; today's last quarter is to come.
		if (Date.now() >= portalMidnight(0) + 2 * HOUR_MS) expect(listed).toContain(yesterdayLate[0]);
		expect(listed).not.toContain(todayLate[0]);
		expect(listed).toContain(todayEarlier[0]);
		await fx.admin.put('/untidy', { lateLeads: false });
		expect(idsOf(await readLeads(dayOf(portalMidnight(-1))))).toContain(todayLate[0]);
	});

	it('instantForms: the listed instant comes as an offset text, a Z text, epoch ms, or not at all', async () => {
		await fx.admin.put('/untidy', { instantForms: true });
		const from = Date.now() - HOUR_MS;
		const made = await makeLeads(8, from, Date.now() - 1_000);
		const items = (await readLeads(dayOf(from))).filter((item) => made.includes(item.id as number));
		const forms = items.map((item) => {
			const value = item.fecha;
			if (value === undefined) return 'missing';
			if (typeof value === 'number') return 'epoch ms';
			return String(value).endsWith('Z') ? 'Z text' : 'offset text';
		});
		expect(new Set(forms)).toEqual(new Set(['offset text', 'Z text', 'epoch ms', 'missing']));
	});

	it('a reset puts the switches back as the sandbox started', async () => {
		await fx.admin.put('/untidy', { shiftingPages: true, lateLeads: true });
		await fx.admin.post('/reset');
		expect((await fx.admin.get('/untidy')).json.shiftingPages).toBe(false);
	});
});
