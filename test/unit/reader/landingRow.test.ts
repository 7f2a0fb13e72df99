/**
 * The row version 3 of the triggers emits (nodes/shared/landingRow.ts): what a keyed write needs
 * so that the callback's and the list's writes of one lead end in one row, in any order.
 */
import fc from 'fast-check';
import { ROW_COLUMNS, leadRow, localWhen } from '../../../nodes/shared/landingRow';
import { readListedLead } from '../../../nodes/shared/listedLead';
import { isExactInstant } from '../../../nodes/shared/instants';
import { receivedItem } from '../trigger/fixtures';
import { ALL_BODIES } from '../../engine/published/bodies';

const ZONE = 'America/Argentina/Buenos_Aires';
const logger = { info: () => undefined };
const COLUMN_NAMES = ROW_COLUMNS.map(([name]) => name);
const TYPE_OF = new Map(ROW_COLUMNS);

async function callbackRow(body: unknown) {
	return leadRow(await receivedItem(body), 'callback', ZONE);
}

function listRow(item: Record<string, unknown>, agencyCode = 'INMO-001') {
	const read = readListedLead(item as never, agencyCode, {
		includeNationalId: false,
		logger,
		forRow: true,
	});
	const { trigger: _trigger, ...flat } = read.item;
	return leadRow(flat, 'list', ZONE);
}

/** What a keyed write that leaves absent columns as they are makes of `writes`, in their order. */
const upserted = (...writes: Array<Record<string, unknown>>) => Object.assign({}, ...writes);

/** Whether a value is one its column takes. */
function fitsColumn(column: string, value: unknown): boolean {
	switch (TYPE_OF.get(column)) {
		case 'number':
			return typeof value === 'number' && Number.isFinite(value);
		case 'boolean':
			return typeof value === 'boolean';
		case 'date':
			return typeof value === 'string' && !Number.isNaN(Date.parse(value));
		default:
			return typeof value === 'string' && value !== '';
	}
}

describe('a lead read by both paths', () => {
	it.each(ALL_BODIES.map((one) => [one.language, one.event, one.edition, one.body] as const))(
		'%s %s (edition %s): the two writes of one key end in the same row in either order, nothing replaced',
		async (_language, _event, _edition, body) => {
			const pushed = await callbackRow(body);
			const listed = listRow({ ...body });
			if (pushed.leadKey !== listed.leadKey) {
				// Keyed apart: two rows, the list's and the callback's, each its path's alone.
				expect(pushed.leadKey).toMatch(/^event:/);
				return;
			}
			expect(upserted(pushed, listed)).toEqual(upserted(listed, pushed));
			// The path's own columns are written by that path alone.
			expect(listed).not.toHaveProperty('eventId');
			expect(pushed).not.toHaveProperty('listId');
		},
	);
});

describe('the row', () => {
	it('has only its columns, in their order, each value one its column takes, none empty', () => {
		const value = fc.oneof(
			fc.constant(null),
			fc.constant(undefined),
			fc.constant(''),
			fc.string(),
			fc.double(),
			fc.integer(),
			fc.boolean(),
			fc.object(),
			fc.array(fc.integer()),
		);
		const item = fc.dictionary(
			fc.oneof(
				fc.constantFrom(...COLUMN_NAMES, 'detailsMissing', 'trigger', 'parentAdId'),
				fc.string(),
			),
			value,
		);
		fc.assert(
			fc.property(item, fc.constantFrom('callback' as const, 'list' as const), (lead, path) => {
				const row = leadRow(lead, path, ZONE);
				const keys = Object.keys(row);
				expect(keys).toEqual(COLUMN_NAMES.filter((column) => keys.includes(column)));
				for (const [column, written] of Object.entries(row))
					expect([column, fitsColumn(column, written)]).toEqual([column, true]);
			}),
		);
	});

	it('leaves out what the flat lead only defaults: the contact type of a kind, anonymity unread', () => {
		const row = leadRow(
			{
				leadKey: 'listed:7',
				eventId: '7',
				eventType: 'CONTACTO',
				contactType: 'phone number viewed',
				contactTypeId: null,
				isAnonymous: false,
				name: null,
				email: null,
				detailsMissing: 'The ad is not online',
				rawBody: { unknownField: { nested: true } },
				unreadableFields: 'unknownField',
			},
			'list',
			ZONE,
		);
		expect(row).toEqual({
			eventType: 'CONTACTO',
			listId: '7',
			leadKey: 'listed:7',
			listUnreadableFields: 'unknownField',
			listRawBody: '{"unknownField":{"nested":true}}',
		});
	});

	it("shows when in the workflow's time zone", () => {
		expect(localWhen('2026-12-02T10:04:05.123Z', ZONE)).toBe('2026-12-02 07:04:05 -03:00');
		expect(localWhen('2026-12-02T10:04:05.123-03:00', 'UTC')).toBe('2026-12-02 13:04:05 +00:00');
		expect(localWhen('not an instant', ZONE)).toBeUndefined();
	});

	it('a body that is not a lead is its own kind: no contact type, no anonymity, its body as text', async () => {
		const row = await callbackRow({ hello: 'world' });
		expect(row).toMatchObject({ eventType: 'UNKNOWN', unreadableFields: 'hello' });
		expect(row).not.toHaveProperty('isAnonymous');
		expect(row).not.toHaveProperty('contactType');
		expect(JSON.parse(String(row.rawBody))).toEqual({ hello: 'world' });
	});
});

describe('adKey', () => {
	const item = (fields: Record<string, unknown>) => ({
		leadKey: 'event:1',
		eventType: 'CONTACTO',
		...fields,
	});
	it('names the ad as both paths do: its code where associated, else its platform id', () => {
		const viaCode = leadRow(item({ adCode: ' AV-1 ', platformAdId: 77 }), 'list', ZONE);
		const viaCallback = leadRow(item({ adCode: 'av-1' }), 'callback', ZONE);
		expect([viaCode.adKey, viaCallback.adKey]).toEqual(['code:av-1', 'code:av-1']);
		// An ad not associated to the interface: no code on either path, its platform id on both.
		const listed = leadRow(item({ adCode: null, platformAdId: 77 }), 'list', ZONE);
		const pushed = leadRow(item({ platformAdId: 77 }), 'callback', ZONE);
		expect([listed.adKey, pushed.adKey]).toEqual(['plat:77', 'plat:77']);
		expect(leadRow(item({}), 'callback', ZONE)).not.toHaveProperty('adKey');
	});
});

describe("the list's instant", () => {
	const listed = (fecha: unknown) =>
		listRow({
			id: 91,
			idMensaje: 5001,
			codigoAviso: 'AV-1',
			fecha,
			nombre: 'Ana',
			email: 'ana@example.com',
			textoMensaje: 'Hola',
			idContactoAccion: 1,
		});

	it.each([
		['text with milliseconds and Z', '2026-12-02T10:00:01.250Z'],
		['text with milliseconds and an offset', '2026-12-02T07:00:01.250-0300'],
		['epoch milliseconds', Date.parse('2026-12-02T10:00:01.250Z')],
	])('exact (%s): registeredAt and when', (_form, fecha) => {
		const row = listed(fecha);
		expect(row.registeredAt).toBeDefined();
		expect(Date.parse(String(row.registeredAt))).toBe(Date.parse('2026-12-02T10:00:01.250Z'));
		expect(row.when).toBe('2026-12-02 07:00:01 -03:00');
		expect(row).not.toHaveProperty('listedAt');
	});

	it.each([
		['to the second', '2026-12-02T10:00:01Z'],
		['epoch to the second', Date.parse('2026-12-02T10:00:01Z')],
		['local, without an offset', '2026-12-02T07:00:01.250'],
	])('not exact (%s): only listedAt, which the callback cannot contradict', (_form, fecha) => {
		const row = listed(fecha);
		expect(row).not.toHaveProperty('registeredAt');
		expect(row).not.toHaveProperty('when');
		expect(row.listedAt).toEqual(expect.any(String));
	});

	it('isExactInstant: an instant that names its zone and carries milliseconds', () => {
		expect(isExactInstant('2026-12-02T10:00:01.001Z')).toBe(true);
		expect(isExactInstant('1764669601001')).toBe(true);
		expect(isExactInstant('2026-12-02T10:00:01Z')).toBe(false);
		expect(isExactInstant(1764669601000)).toBe(false);
		expect(isExactInstant('2026-12-02T10:00:01.001')).toBe(false);
		expect(isExactInstant(null)).toBe(false);
	});
});
