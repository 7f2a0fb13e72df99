/**
 * Listings that repeat a key (issue 36, defect 1): a message listed once per contact action, a
 * phone view whose list id is another lead's message id, a row listed twice byte for byte, leads
 * listed without a readable instant.
 * Ten simulated days of polls through n8n's engine against a lead list the test serves
 * (stubLeadList.ts): every lead emitted once, the day the cursor asks from moves, what it keeps and
 * the requests of a poll stay those of a few days.
 */
import type { IDataObject } from 'n8n-workflow';
import { RealEstatePortalPollTrigger } from '../../../nodes/RealEstatePortalPollTrigger/RealEstatePortalPollTrigger.node';
import { credentialType } from '../action/support';
import { PollWorkflow } from '../harness';
import { takeClock } from './clock';
import { emitted } from './support';
import { stubLeadList, type StubLeadList, type StubRow } from './stubLeadList';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const POLL_EVERY_MS = 3 * HOUR_MS;
const DAYS = 10;
const STUB_PAGE_ITEMS = 25;

let stub: StubLeadList;
beforeAll(async () => {
	stub = await stubLeadList();
});
afterAll(async () => await stub.close());

function workflowOn(list: StubLeadList, agency: string): PollWorkflow {
	return new PollWorkflow({
		nodeType: RealEstatePortalPollTrigger,
		parameters: { agencyScope: 'one', agencyCode: agency, propertyDetails: false },
		credentials: {
			realEstatePortalApi: {
				environment: 'sandbox',
				baseUrl: list.url,
				pathLanguage: 'es',
				interfaceKind: 'LES',
				authentication: 'accessToken',
				accessToken: 'stub-token',
			},
		},
		credentialTypes: [credentialType],
	});
}

/** A row in the recorded shape (docs/portal-api.md, "Lead list items"). */
function row(at: number, fields: IDataObject): StubRow {
	return {
		registeredAt: at,
		fields: {
			idContacto: null,
			idAvisoPlat: 9_001,
			codigoAviso: 'AD-9001',
			fecha: new Date(at).toISOString(),
			nombre: 'Prospect',
			telefono: '+54 11 5555-0000',
			textoMensaje: null,
			...fields,
		},
	};
}

let nextId = 700_000;

const sent = { idContactoAccion: 1, textoMensaje: 'Hola, ¿sigue disponible?' };

/** The rows of one interval, ending at `end`, and the e-mail of each lead they are (one per lead). */
type Interval = (end: number, interval: number) => { rows: StubRow[]; emails: string[] };

/**
 * A plain message listed twice byte for byte (the list's total counts both rows; some polls find
 * them across two pages), a message listed once per contact action (message and call-me-back), a
 * message and a phone view whose list id is that message's id.
 */
const repeatedKeys: Interval = (end, interval) => {
	const at = (minutesBefore: number) => end - minutesBefore * 60_000;
	const email = (what: string) => `${what}-${interval}@example.com`;
	const [twice, message, listId, plain] = [nextId++, nextId++, nextId++, nextId++];
	return {
		rows: [
			...Array.from({ length: 2 }, () =>
				row(at(110), { id: plain, idMensaje: plain, ...sent, email: email('plain') }),
			),
			row(at(100), { id: twice, idMensaje: twice, ...sent, email: email('twice') }),
			row(at(100), {
				id: twice,
				idMensaje: twice,
				...sent,
				idContactoAccion: 2,
				email: email('twice'),
			}),
			row(at(90), { id: listId, idMensaje: message, ...sent, email: email('message') }),
			row(at(80), { id: message, idMensaje: null, idContactoAccion: 6, email: email('view') }),
		],
		emails: ['twice', 'message', 'view', 'plain'].map(email),
	};
};

/**
 * Leads listed without an instant the reader can take (none, words, a local time without its
 * offset, epoch ms as text), messages and phone views, one of them also without any id.
 */
const unreadableInstants: Interval = (end, interval) => {
	const at = (minutesBefore: number) => end - minutesBefore * 60_000;
	const email = (what: string) => `${what}-${interval}@example.com`;
	const local = new Date(at(70) - 3 * HOUR_MS).toISOString().slice(0, 19).replace('T', ' ');
	const [none, words, view, epoch] = [nextId++, nextId++, nextId++, nextId++];
	return {
		rows: [
			row(at(100), { id: none, idMensaje: none, ...sent, email: email('none'), fecha: undefined }),
			row(at(90), { id: words, idMensaje: words, ...sent, email: email('words'), fecha: 'ayer' }),
			row(at(80), {
				id: view,
				idMensaje: null,
				idContactoAccion: 6,
				email: email('view'),
				fecha: null,
			}),
			row(at(70), {
				id: undefined,
				idMensaje: null,
				idContactoAccion: 6,
				email: email('noid'),
				fecha: local,
			}),
			row(at(60), {
				id: epoch,
				idMensaje: epoch,
				...sent,
				email: email('epoch'),
				fecha: String(at(60)),
			}),
		],
		emails: ['none', 'words', 'view', 'noid', 'epoch'].map(email),
	};
};

/** The yyyyMMdd of an instant in the portal's time (UTC-3). */
const portalDayOf = (epochMs: number) =>
	new Date(epochMs - 3 * HOUR_MS).toISOString().slice(0, 10).replace(/-/g, '');

/** How many keys (of leads emitted) a saved cursor holds, whatever its fields are named. */
function keysKept(cursor: IDataObject): number {
	return Object.entries(cursor)
		.filter(([name]) => name !== 'fromDay' && name !== 'floor')
		.flatMap(([, byDay]) => Object.values(byDay as Record<string, unknown[]>).flat()).length;
}

/**
 * DAYS days of a poll every POLL_EVERY_MS, the rows of one interval added before each: the leads
 * made and emitted, the requests of each poll, the keys the cursor keeps after each, its last day.
 */
async function tenDays(agency: string, interval: Interval) {
	const clock = takeClock(Date.UTC(2026, 2, 2, 12));
	try {
		const workflow = workflowOn(stub, agency);
		expect(await workflow.activate()).toEqual({ items: null });
		const figures = {
			made: [] as string[],
			got: [] as string[],
			requests: [] as number[],
			kept: [] as number[],
		};
		for (let poll = 0; poll < (DAYS * DAY_MS) / POLL_EVERY_MS; poll++) {
			clock.advance(POLL_EVERY_MS);
			const { rows, emails } = interval(clock.now() - 60_000, poll);
			stub.add(agency, ...rows);
			figures.made.push(...emails);
			stub.takeRequests();
			const outcome = await workflow.poll();
			figures.requests.push(stub.takeRequests());
			expect(outcome.error).toBeUndefined();
			figures.got.push(...emitted(outcome).map((lead) => String(lead.email)));
			const cursors = workflow.liveNodeStaticData.leads as Record<string, IDataObject>;
			figures.kept.push(keysKept(cursors[agency]));
		}
		const cursor = (workflow.nodeStaticData.leads as Record<string, IDataObject>)[agency];
		return { ...figures, fromDay: String(cursor.fromDay), now: clock.now() };
	} finally {
		clock.restore();
	}
}

/**
 * Every lead once; the day moved to the portal's day before yesterday or later; three days kept,
 * and read at most `reads` times by a poll.
 */
function expectBounded(
	figures: Awaited<ReturnType<typeof tenDays>>,
	rowsPerInterval: number,
	reads = 1,
) {
	const { made, got } = figures;
	const twice = got.filter((email, i) => got.indexOf(email) !== i);
	const lost = made.filter((email) => !got.includes(email));
	expect({ lost, twice }).toEqual({ lost: [], twice: [] });
	expect(figures.fromDay >= portalDayOf(figures.now - 2 * DAY_MS)).toBe(true);
	const intervalsInThreeDays = (3 * DAY_MS) / POLL_EVERY_MS + 1;
	const leadsPerInterval = made.length / figures.kept.length;
	expect(Math.max(...figures.kept)).toBeLessThanOrEqual(intervalsInThreeDays * leadsPerInterval);
	const threeDaysOfPages = Math.ceil((intervalsInThreeDays * rowsPerInterval) / STUB_PAGE_ITEMS);
	expect(Math.max(...figures.requests)).toBeLessThanOrEqual(reads * (threeDaysOfPages + 1));
}

describe('Real Estate Portal Poll Trigger: listings that repeat a key', () => {
	it("ten days of one lead in two rows, a row listed twice and a list id that is another lead's message id: every lead once, the day moves, state and requests bounded", async () => {
		// A row listed twice across two pages may be a list that shifted: it is read again to tell.
		expectBounded(await tenDays('STUB-1', repeatedKeys), 6, 2);
	}, 120_000);

	it('ten days of leads listed without a readable instant: every lead once, the day moves, state and requests bounded', async () => {
		expectBounded(await tenDays('STUB-2', unreadableInstants), 5);
	}, 120_000);
});
