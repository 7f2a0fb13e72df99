/** The untidy portal's switches (sandbox/untidy.ts): off by default, each doing what it says once on. */
import { startSandbox } from '../../sandbox';
import { UNTIDY_SWITCHES } from '../../sandbox/settings';
import { parseUntidy } from '../../sandbox/untidy';
import { portal } from './helpers/http';
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

/** Every listed lead's registration instant, as made (epoch ms), by its id. */
const leadAt = new Map<number, number>();

/** Leads of INMO-001 registered from `from` to `to`, messages and phone views in turn (admin bulk). */
async function makeLeads(count: number, from: number, to: number): Promise<number[]> {
	const made = (await fx.admin.post('/leads', { count, agencies: ['INMO-001'], from, to })).json;
	const step = count > 1 ? (to - from) / (count - 1) : 0;
	return Array.from({ length: made.created }, (_unused, i) => {
		leadAt.set(made.firstIdMensaje + i, Math.round(from + i * step));
		return made.firstIdMensaje + i;
	});
}

const switches = (on: boolean) => Object.fromEntries(UNTIDY_SWITCHES.map((name) => [name, on]));

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
	it('are all off by default: each listed lead comes once, in order, its instant a Z text with ms, its e-mail', async () => {
		expect((await fx.admin.get('/untidy')).json).toEqual({ ...switches(false) });
		const made = await makeLeads(450, Date.now() - HOUR_MS, Date.now() - 1_000);
		const items = await readLeads(dayOf(Date.now() - 2 * HOUR_MS));
		expect(idsOf(items).filter((id) => made.includes(id))).toEqual(made);
		// The recorded list shape writes `fecha` in UTC (sandbox/contract/leadList.ts).
		for (const item of items) {
			expect(item.fecha).toBe(new Date(leadAt.get(item.id as number)!).toISOString());
			expect(item.email).toEqual(expect.stringContaining('@'));
		}
	});

	it('all: every switch at once, the ones named then as given', async () => {
		expect((await fx.admin.put('/untidy', { all: true })).json).toEqual(switches(true));
		const some = await fx.admin.put('/untidy', { all: false, lateLeads: true });
		expect(some.json).toEqual({ ...switches(false), lateLeads: true });
		expect((await fx.admin.put('/untidy', { tidy: true })).status).toBe(400);
		// SANDBOX_UNTIDY: `all` or switch names, comma separated.
		expect(parseUntidy('all, lateLeads')).toEqual({ all: true, lateLeads: true });
		expect(() => parseUntidy('lateLeads,tidy')).toThrow('"tidy" is not all or a switch');
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

	it('listInstantSeconds: the listed instant without milliseconds, truncated for some leads and rounded for others', async () => {
		await fx.admin.put('/untidy', { listInstantSeconds: true });
		const from = Date.now() - HOUR_MS;
		const made = await makeLeads(40, from + 17, Date.now() - 1_000);
		const items = await readLeads(dayOf(from));
		const ways = new Set<string>();
		for (const item of items) {
			expect(item.fecha).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
			const at = leadAt.get(item.id as number)!;
			const listed = Date.parse(item.fecha as string);
			expect([Math.floor(at / 1000) * 1000, Math.round(at / 1000) * 1000]).toContain(listed);
			if (at % 1000 >= 500) ways.add(listed < at ? 'truncated' : 'rounded');
		}
		expect(idsOf(items)).toEqual(made);
		expect(ways).toEqual(new Set(['truncated', 'rounded']));
		// The same lead is listed the same way at every read; the callback-like shape too.
		expect(await readLeads(dayOf(from))).toEqual(items);
		await fx.admin.post('/reset', { leadList: 'callback' });
		await fx.admin.put('/untidy', { listInstantSeconds: true });
		await makeLeads(2, from, Date.now() - 1_000);
		for (const item of await readLeads(dayOf(from))) {
			expect(item.fechaRegistro).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-0300$/);
		}
	});

	/** Each item's instant read as UTC, minus the lead's: the offset of its wall clock, in hours. */
	const wallClockHours = (items: Array<Record<string, unknown>>) =>
		items.map((item) => {
			expect(item.fecha).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$/);
			return (Date.parse(`${item.fecha}Z`) - leadAt.get(item.id as number)!) / HOUR_MS;
		});

	it('listInstantLocal: the listed instant as a wall clock without offset, UTC-3 in arg and bra, one of UTC-6..-3 per agency in rela', async () => {
		await fx.admin.put('/untidy', { listInstantLocal: true });
		const from = Date.now() - HOUR_MS;
		await makeLeads(6, from, Date.now() - 1_000);
		// demo-les's edition follows the path language: rela on the Spanish path, bra on the Portuguese.
		const rela = new Set(wallClockHours(await readLeads(dayOf(from))));
		expect(rela.size).toBe(1);
		expect([-6, -5, -4, -3]).toContain([...rela][0]);
		const bra = await fx.les.get('/v2/imobiliarias/INMO-001/mensagens', { fromDate: dayOf(from) });
		expect(new Set(wallClockHours(bra.json.content))).toEqual(new Set([-3]));
		await fx.admin.put('/interfaces/demo-les/edition', { edition: 'arg' });
		expect(new Set(wallClockHours(await readLeads(dayOf(from))))).toEqual(new Set([-3]));
	});

	it('listInstantLocal picks each rela agency its zone from the seed: zones differ between agencies', async () => {
		const network = await startSandbox({
			port: 0,
			agencies: 12,
			agencyLeads: 1,
			untidy: { listInstantLocal: true },
		});
		try {
			const client = portal(network.url, 'network-les-token');
			const zones = new Set<number>();
			for (let i = 1; i <= 12; i++) {
				const agency = `NET-${String(i).padStart(4, '0')}`;
				const [item] = (
					await client.get(`/v2/inmobiliarias/${agency}/mensajes`, {
						fromDate: dayOf(Date.now() - 2 * 24 * HOUR_MS),
					})
				).json.content;
				const [lead] = network.context.state.messagesSince(agency, 0);
				zones.add((Date.parse(`${item.fecha}Z`) - lead.at) / HOUR_MS);
			}
			expect([...zones].every((hours) => [-6, -5, -4, -3].includes(hours))).toBe(true);
			expect(zones.size).toBeGreaterThan(1);
		} finally {
			await network.close();
		}
	});

	it('instantForms with listInstantLocal: the local wall clock is one more form', async () => {
		await fx.admin.put('/untidy', { instantForms: true, listInstantLocal: true });
		const from = Date.now() - HOUR_MS;
		await makeLeads(10, from, Date.now() - 1_000);
		const forms = (await readLeads(dayOf(from))).map((item) => {
			const value = item.fecha;
			if (value === undefined) return 'missing';
			if (typeof value === 'number') return 'epoch ms';
			if (String(value).endsWith('Z')) return 'Z text';
			return /[+-]\d{4}$/.test(String(value)) ? 'offset text' : 'local text';
		});
		expect(new Set(forms)).toEqual(
			new Set(['offset text', 'Z text', 'epoch ms', 'missing', 'local text']),
		);
	});

	it('viewsListedWithoutEmail: phone views are listed with a null e-mail, messages with theirs', async () => {
		await fx.admin.put('/untidy', { viewsListedWithoutEmail: true });
		const from = Date.now() - HOUR_MS;
		await makeLeads(6, from, Date.now() - 1_000);
		const items = await readLeads(dayOf(from));
		// A phone view is listed without a message id (sandbox/contract/leadList.ts).
		const views = items.filter((item) => item.idMensaje === null);
		const messages = items.filter((item) => item.idMensaje !== null);
		expect([views.length, messages.length]).toEqual([3, 3]);
		for (const view of views) expect(view.email).toBeNull();
		for (const message of messages) expect(message.email).toEqual(expect.stringContaining('@'));
	});

	it('a reset puts the switches back as the sandbox started', async () => {
		await fx.admin.put('/untidy', { shiftingPages: true, lateLeads: true });
		await fx.admin.post('/reset');
		expect((await fx.admin.get('/untidy')).json.shiftingPages).toBe(false);
	});
});
