/**
 * Any body with the right secret (docs/reliability.md, "What the trigger does with a body it cannot
 * fully read"): bodies of random shape, field names (the alias table's and others), value types,
 * encodings (UTF-8 with and without a byte-order mark, Latin-1 bytes) and content types, posted to
 * the trigger active in n8n's engine, with n8n 2.41.1's body rules (test/engine/harness). Each JSON
 * body yields exactly one item (or is a repeat of an event already emitted); a body that is not
 * JSON is answered 4xx, with a warning when the node answered it. No item has a registeredAt that
 * n8n's date validation refuses, and none holds a national id (Include National ID is off).
 */
import * as fc from 'fast-check';
import { validateFieldType } from 'n8n-workflow';
import { EVENT_FIELDS } from '../../nodes/shared/eventFields';
import { EVENT_KINDS } from '../../nodes/shared/schemas';
import { useAttackBench } from './support/attackBench';
import { isJson } from './support/isJson';

jest.setTimeout(120_000);

const RUNS = 200;

/** Every name the alias table reads, in any language: the portal's names, which the reader knows. */
const KNOWN_NAMES = [
	...new Set(
		Object.values(EVENT_FIELDS).flatMap((sources) =>
			Object.values(sources).flatMap((names) => (typeof names === 'string' ? [names] : names)),
		),
	),
];
/** The national id's names in the published bodies (field notes), some in another case. */
const NATIONAL_ID_NAMES = ['dni', 'cpf', 'identificationId', 'DNI', 'Cpf'];
/** Every national id sent carries this mark: it must appear in no item and no log line. */
const NATIONAL_ID_MARK = 'NID-';

/** Characters a Latin-1 sender can write, and a few it cannot. */
const latin1Char = fc
	.oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0xa0, max: 0xff }))
	.map((code) => String.fromCharCode(code));
const anyChar = fc.oneof(
	{ weight: 5, arbitrary: latin1Char },
	{ weight: 1, arbitrary: fc.constantFrom('€', '中', '😀', '\u0000', '\n', '"', '\\') },
);
const text = fc.string({ unit: anyChar, maxLength: 24 });

const instantLike = fc.oneof(
	fc.constantFrom(
		'2026-11-26T10:49:35.123-0300',
		'2026-11-26 10:49:35',
		'26/11/2026 10:49:35',
		'1795700975000',
		'2026-11-26',
		'31/02/2026 10:00:00',
		'ayer',
		'',
	),
	fc.integer({ min: -1, max: 4_200_000_000_000 }),
	fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
);

const value = fc.oneof(
	text,
	instantLike,
	fc.constantFrom(...EVENT_KINDS, 'FOO', 'contacto'),
	fc.integer(),
	fc.double({ noNaN: true, noDefaultInfinity: true }),
	fc.boolean(),
	fc.constant(null),
	fc.jsonValue({ maxDepth: 2 }),
);

const nationalId = fc
	.tuple(fc.constantFrom(...NATIONAL_ID_NAMES), fc.nat())
	.map(([name, id]) => [name, `${NATIONAL_ID_MARK}${id}`] as const);

/** An object of the portal's names and others, some holding a national id, one level nested or not. */
const objectBody = fc
	.tuple(
		fc.dictionary(fc.constantFrom(...KNOWN_NAMES), value, { maxKeys: 10 }),
		fc.dictionary(text, value, { maxKeys: 3 }),
		fc.array(nationalId, { maxLength: 2 }),
		fc.boolean(),
	)
	.map(([known, unknown, ids, nestIds]) => {
		const idFields = Object.fromEntries(ids);
		return nestIds
			? { ...unknown, ...known, contacto: idFields }
			: { ...unknown, ...known, ...idFields };
	});

const bodyText = fc.oneof(
	{ weight: 6, arbitrary: objectBody.map((body) => JSON.stringify(body)) },
	{ weight: 1, arbitrary: fc.array(objectBody, { maxLength: 2 }).map((b) => JSON.stringify(b)) },
	{ weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }).map((body) => JSON.stringify(body)) },
	{ weight: 1, arbitrary: objectBody.map((body) => JSON.stringify(body).slice(0, -1)) },
	{ weight: 1, arbitrary: text.filter((candidate) => !isJson(candidate)) },
);

type Encoding = 'utf8' | 'utf8 with BOM' | 'latin1';
const CONTENT_TYPES = [
	'application/json',
	'application/json; charset=utf-8',
	'text/plain',
	'text/json',
	'application/octet-stream',
	null,
] as const;

const delivery = fc
	.record({
		text: bodyText,
		encoding: fc.constantFrom<Encoding>('utf8', 'utf8 with BOM', 'latin1'),
		contentType: fc.constantFrom(...CONTENT_TYPES),
		declareLatin1: fc.boolean(),
	})
	.map(({ text: written, encoding, contentType, declareLatin1 }) => {
		// Latin-1 only for what Latin-1 can write.
		const canLatin1 = [...written].every((char) => char.charCodeAt(0) <= 0xff);
		const used: Encoding = encoding === 'latin1' && !canLatin1 ? 'utf8' : encoding;
		const bytes =
			used === 'latin1'
				? Buffer.from(written, 'latin1')
				: Buffer.concat([
						Buffer.from(used === 'utf8 with BOM' ? [0xef, 0xbb, 0xbf] : []),
						Buffer.from(written, 'utf8'),
					]);
		const declared =
			used === 'latin1' && declareLatin1 && contentType === 'application/json'
				? 'application/json; charset=latin1'
				: contentType;
		return { text: written, bytes, encoding: used, contentType: declared };
	});

const bench = useAttackBench('any body with the right secret (real HTTP, engine)');
const { board } = bench;

const n8nTakesDate = (registeredAt: unknown) =>
	validateFieldType('registeredAt', registeredAt, 'dateTime').valid === true;

test(`${RUNS} bodies of any shape, encoding and content type: one item each, or a 4xx for what is not JSON`, async () => {
	const deliveries = fc.sample(delivery, { numRuns: RUNS, seed: 36 });
	const attack = await bench.start();
	const emitted = new Set<string>();
	const problems: string[] = [];
	const tally = { items: 0, unknown: 0, repeats: 0, refused: 0 };
	for (const [index, sent] of deliveries.entries()) {
		const answer = await attack.call({ body: sent.bytes, contentType: sent.contentType });
		const [received] = (await attack.receiver.waitForReceived(index + 1)).slice(index);
		const problem = (what: string) =>
			problems.push(`${what}: ${JSON.stringify({ ...sent, bytes: undefined, answer })}`);
		const warned = received.logs.some((line) => line.startsWith('warn:'));
		if (received.logs.join('\n').includes(NATIONAL_ID_MARK)) problem('a national id in the log');

		if (!isJson(sent.text)) {
			tally.refused++;
			if (!/^4\d\d$/.test(String(answer.status)) || received.items.length > 0)
				problem('not JSON, not refused');
			// n8n answers 422 itself for a content type it parses; the node's answers are logged.
			if (answer.status === 400 && !warned) problem('refused without a warning');
			continue;
		}
		if (answer.status !== 200) {
			problem('JSON refused');
			continue;
		}
		if (received.items.length === 0) {
			const repeat = /"ignored":"duplicate of event (.*)"/.exec(answer.text)?.[1];
			if (repeat === undefined || !emitted.has(repeat)) problem('JSON dropped');
			else tally.repeats++;
			continue;
		}
		if (received.items.length !== 1) problem('not one item');
		const item = received.items[0].json;
		tally.items++;
		if (item.eventType === 'UNKNOWN') tally.unknown++;
		emitted.add(String(item.eventId));
		if ('registeredAt' in item && !n8nTakesDate(item.registeredAt))
			problem(`registeredAt ${JSON.stringify(item.registeredAt)} refused by n8n`);
		if (JSON.stringify(item).includes(NATIONAL_ID_MARK)) problem('a national id in the item');
		if (item.unreadableFields !== undefined && !warned) problem('not read, not logged');
	}
	const { crashes } = await attack.finish();
	board.add({
		scenario: `${RUNS} bodies (fast-check, seed 36)`,
		inputs: RUNS,
		executions: tally.items,
		lost: problems.filter((line) => /dropped|refused/.test(line)).length,
		duplicated: problems.filter((line) => line.startsWith('not one item')).length,
		crashes,
		notes: `${tally.unknown} UNKNOWN, ${tally.repeats} repeats dropped, ${tally.refused} not JSON (4xx)`,
	});
	expect(problems).toEqual([]);
	expect(crashes).toBe(0);
});
