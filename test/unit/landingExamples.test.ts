/**
 * The examples that land leads keep one column per field of the flat lead, the tables they create
 * are the ones they write, and a row only grows: whichever path writes, a value is never replaced
 * by a null or by a later path's, `source` names the path that brought the lead first, and a lead
 * with nothing new for its row is skipped.
 */
import { detailsMissing } from '../../nodes/shared/leadDetails/detailFields';
import type { ExampleName } from '../../harness/n8n/examples';
import {
	DATA_TABLE_EXAMPLES,
	DECIDING,
	FOUND_DETAILS,
	decide,
	decisionOf,
	evaluated,
	flatLead,
	isBlank,
	leadItem,
	next,
	nodesOf,
	settle,
	settleOf,
	stored,
	writePath,
	type DataTableExample,
	type Deciding,
	type Row,
} from './landingDecision';
import { land } from './landingTable';

const withOperation = (name: ExampleName, operation: string) =>
	nodesOf(name).find((node) => node.parameters.operation === operation)!;
const triggerOf = (name: ExampleName) => nodesOf(name).find((node) => /Trigger$/i.test(node.type))!;
const ofType = (example: ExampleName, type: string) =>
	nodesOf(example).find((node) => node.type === type)!;

/** The flat lead with its property details (Add Property Details, on in the examples' version). */
const flatLeadFields = [
	...new Set([...Object.keys(flatLead), ...Object.keys(detailsMissing({}, 'unknown')), 'matchKey']),
];
/** Beside the flat lead: what the write sets itself, and what the trigger could not read. */
const WRITE_COLUMNS = ['source', 'possibleDuplicateOf'];
const EXTRA_COLUMNS = [
	...WRITE_COLUMNS,
	'unreadable',
	'registeredAtLocal',
	'unreadableFields',
	'rawBody',
];
const PROPERTY_COLUMNS = ['adTitle', 'adLocation', 'adImageUrl', 'agencyName', 'contactType'];
/** The property details a lead gives a row, without the note of their absence. */
const PROPERTY_DETAILS: Row = { ...FOUND_DETAILS };
delete PROPERTY_DETAILS.detailsMissing;

const LIST_TRIGGER = 'n8n-nodes-real-estate-portal.realEstatePortalPollTrigger';
const CALLBACK_TRIGGER = 'n8n-nodes-real-estate-portal.realEstatePortalTrigger';
/** What only a callback body carries: the list path must never blank or replace it. */
const CALLBACK_ONLY = [
	'eventId',
	'publicationPlan',
	'clientCode',
	'prospectId',
	'internalKey',
	'leadOrigin',
	'developmentCode',
	'developmentId',
	'parentAdId',
];

const created = (example: ExampleName) =>
	withOperation(example, 'create').parameters.columns.column as Array<{
		name: string;
		type: string;
	}>;

describe.each(Object.keys(DATA_TABLE_EXAMPLES) as DataTableExample[])('%s', (example) => {
	const names = created(example).map((column) => column.name);
	const path = writePath(example);

	it('creates a column for every field of the flat lead, and the write knows each of them', () => {
		expect([...names].sort()).toEqual([...flatLeadFields, ...EXTRA_COLUMNS].sort());
		const written = /const COLUMNS = (\[[^\]]*\]);/.exec(decisionOf(example))![1];
		expect(JSON.parse(written.replace(/'/g, '"').replace(/,\s*\]/, ']'))).toEqual(
			names.filter((name) => !WRITE_COLUMNS.includes(name)),
		);
	});

	it("reads the table first: the lead key's row, always handing on", () => {
		expect(path.find.parameters).toMatchObject({
			operation: 'get',
			matchType: 'allConditions',
			returnAll: true,
			dataTableId: { mode: 'name', value: 'Portal leads' },
		});
		expect(path.find.parameters.filters.conditions).toEqual([
			{ keyName: 'leadKey', condition: 'eq', keyValue: '={{ $json.leadKey }}' },
		]);
		expect(path.find.alwaysOutputData).toBe(true);
		for (const from of DATA_TABLE_EXAMPLES[example])
			expect(next(example, from).name).toBe(path.find.name);
	});

	it('decides once for all the leads of an execution, then writes each of its writes', () => {
		expect(path.decide).toMatchObject({ type: 'n8n-nodes-base.set', executeOnce: true });
		expect(path.decide.parameters.assignments.assignments).toEqual([
			expect.objectContaining({ name: 'writes', type: 'array' }),
		]);
		expect(path.split.parameters).toMatchObject({
			fieldToSplitOut: 'writes',
			include: 'noOtherFields',
		});
	});

	it('writes only what the decision hands on: a new row, or the columns a row lacks by its lead key', () => {
		expect(path.isNew.parameters.conditions.conditions).toEqual([
			expect.objectContaining({
				leftValue: '={{ $json.source }}',
				operator: expect.objectContaining({ operation: 'exists' }),
			}),
		]);
		// A new row is upserted: should the other path add the lead between the lookup and the
		// write, its row is completed, never doubled.
		expect(path.add.parameters).toMatchObject({ operation: 'upsert', matchType: 'allConditions' });
		expect(path.fill.parameters).toMatchObject({ operation: 'update', matchType: 'allConditions' });
		for (const write of [path.add, path.fill])
			expect(write.parameters.filters.conditions).toEqual([
				{ keyName: 'leadKey', condition: 'eq', keyValue: '={{ $json.leadKey }}' },
			]);
		// Nothing mapped from an expression: a write carries exactly the columns the decision gave.
		for (const write of [path.add, path.fill])
			expect(write.parameters.columns).toMatchObject({
				mappingMode: 'autoMapInputData',
				value: {},
			});
		const writes = nodesOf(example).filter((node) =>
			['insert', 'update', 'upsert'].includes(node.parameters.operation),
		);
		expect(writes.map((node) => node.name).sort()).toEqual(
			[path.add.name, path.fill.name, path.settleUpdate.name].sort(),
		);
	});

	it('after either write, reads the written rows and their pairs again, then settles them', () => {
		for (const write of [path.add, path.fill])
			expect(next(example, write.name).name).toBe(path.reread.name);
		expect(path.reread.parameters).toMatchObject({
			operation: 'get',
			matchType: 'anyCondition',
			returnAll: true,
		});
		expect(path.reread.parameters.filters.conditions).toEqual([
			{ keyName: 'leadKey', condition: 'eq', keyValue: '={{ $json.leadKey }}' },
			{ keyName: 'matchKey', condition: 'eq', keyValue: '={{ $json.matchKey ?? $json.leadKey }}' },
		]);
		expect(path.settle).toMatchObject({ type: 'n8n-nodes-base.set', executeOnce: true });
		expect(path.settleSplit.parameters).toMatchObject({ fieldToSplitOut: 'writes' });
		expect(path.settleUpdate.parameters).toMatchObject({
			operation: 'update',
			columns: { mappingMode: 'autoMapInputData', value: {} },
		});
		expect(path.settleUpdate.parameters.filters.conditions).toEqual([
			{ keyName: 'leadKey', condition: 'eq', keyValue: '={{ $json.leadKey }}' },
		]);
		// Every Data table example settles alike.
		expect(settleOf(example)).toBe(settleOf('leadsToDataTable'));
	});

	it("has the property's columns, and a trigger that fills them (Add Property Details is on)", () => {
		expect(names).toEqual(expect.arrayContaining(PROPERTY_COLUMNS));
		const trigger = nodesOf(example).find((node) => node.name === DATA_TABLE_EXAMPLES[example][0])!;
		expect(trigger.typeVersion).toBe(2);
		expect(trigger.parameters.propertyDetails).not.toBe(false);
	});

	it('reads at a glance: unreadable, who, what was asked and which property first, the local instant beside UTC', () => {
		expect(names.slice(0, 14)).toEqual([
			'unreadable',
			'name',
			'email',
			'phone',
			'contactType',
			'message',
			'adTitle',
			'adLocation',
			'adOperation',
			'adPropertyTypeId',
			'agencyName',
			'adImageUrl',
			'registeredAtLocal',
			'registeredAt',
		]);
	});
});

it('the decision iterates arrays only: n8n 2.41 runs no loop over a Map or Set iterator in an expression', () => {
	// In a real n8n, `for (const row of rowOf.values())` ran no iteration: the pair's row never got
	// its details (test/e2e/everyLeadOnce.test.ts), while this file's plain-JS evaluation passed.
	for (const example of Object.keys(DECIDING) as Deciding[]) {
		expect(decisionOf(example)).not.toMatch(/\bof\s+[\w.]+\.(values|keys|entries)\(\)/);
	}
});

it('every example that decides decides alike: only which path, and what a new row holds, differ', () => {
	const rule = (example: Deciding) =>
		decisionOf(example).slice(decisionOf(example).indexOf('const AS_TEXT'));
	for (const example of Object.keys(DECIDING) as Deciding[])
		expect(rule(example)).toBe(rule('leadsToDataTable'));
});

describe('the Data table write: a row that only grows', () => {
	const [CALLBACK, LIST] = DATA_TABLE_EXAMPLES.leadsToDataTable;
	const callback = (leads: Row[], rows: Row[] = []) =>
		decide('leadsToDataTable', CALLBACK, leads, rows);
	const list = (leads: Row[], rows: Row[] = []) => decide('leadsToDataTable', LIST, leads, rows);
	/** The table after each execution in turn, each started by its trigger with its leads. */
	const landed = (...executions: Array<[string, Row[]]>) => {
		const table: Row[] = [];
		for (const [from, leads] of executions) land('leadsToDataTable', from, leads, table);
		return table;
	};
	const rowOf = (table: Row[], leadKey: string) => table.find((row) => row.leadKey === leadKey)!;

	it('a new lead: its row with every value it carries, never a null, source the path', () => {
		const [row] = callback([leadItem()]);
		expect(row).toMatchObject({
			source: 'callback',
			leadKey: leadItem().leadKey,
			name: 'María González',
		});
		expect(Object.values(row).filter(isBlank)).toEqual([]);
		expect(row.registeredAtLocal).toBe('2024-05-14 10:31:07 -03:00');
		expect(row).not.toHaveProperty('possibleDuplicateOf');
		expect(list([leadItem()])[0]).toMatchObject({ source: 'list' });
	});

	it('the list skips a row that has everything it carries', () => {
		const landed = callback([leadItem()]).map(stored);
		expect(list([leadItem()], landed)).toEqual([]);
		expect(callback([leadItem()], landed)).toEqual([]);
	});

	it('fills in the details a row lacks, whichever path landed it; the settle step clears the reason they were missing', () => {
		const withoutDetails = callback([leadItem({}, 'missing')]).map(stored);
		const [filled] = list([leadItem()], withoutDetails);
		expect(filled).toEqual({
			leadKey: leadItem().leadKey,
			matchKey: leadItem().matchKey,
			...PROPERTY_DETAILS,
		});
		const listedFirst = list([leadItem({}, 'missing')]).map(stored);
		expect(callback([leadItem()], listedFirst)[0]).toMatchObject(PROPERTY_DETAILS);
		for (const [first, then] of [
			[CALLBACK, LIST],
			[LIST, CALLBACK],
		]) {
			const [row] = landed([first, [leadItem({}, 'missing')]], [then, [leadItem()]]);
			expect(row).toMatchObject(FOUND_DETAILS);
		}
	});

	it('never writes a null or a new value over a column, nor source, whatever the order', () => {
		const variants = [
			leadItem(),
			leadItem({}, 'missing'),
			leadItem({ name: null, phone: 'other' }),
		];
		for (const first of variants)
			for (const second of variants)
				for (const [landing, later] of [
					[callback, list],
					[list, callback],
				]) {
					const row = stored(landing([first])[0]);
					for (const write of later([second], [row])) {
						expect(write).not.toHaveProperty('source');
						expect(write).not.toHaveProperty('possibleDuplicateOf');
						for (const [column, value] of Object.entries(write)) {
							if (column === 'leadKey') continue;
							// The row's own matchKey: the read after the write finds the row's pairs by it.
							if (column === 'matchKey' && value === row.matchKey) continue;
							const filled = { column, rowEmpty: isBlank(row[column]), given: !isBlank(value) };
							expect(filled).toEqual({ column, rowEmpty: true, given: true });
						}
					}
				}
	});

	it("the list never writes a listed lead's own id as the portal's event id", () => {
		const [listed] = list([leadItem()]);
		expect(listed).not.toHaveProperty('eventId');
	});

	it('a lead the trigger could not fully read: unreadable, with the fields and the body as text', () => {
		const [row] = callback([leadItem({ unreadableFields: 'telefono', rawBody: { telefono: {} } })]);
		expect(row).toMatchObject({
			unreadable: true,
			unreadableFields: 'telefono',
			rawBody: '{"telefono":{}}',
		});
	});

	describe('two rows the paths could not tie (the same matchKey, different lead keys)', () => {
		const onCallback = leadItem({ leadKey: 'event:1' });
		const listed = (
			leadKey: string,
			registeredAt = '2024-05-14T10:32:00-03:00',
			details: 'found' | 'missing' = 'found',
		) => leadItem({ leadKey, registeredAt }, details);

		it("the decision writes only the lead's own row: pairs and shared details are the settle step's", () => {
			const rows = [stored(callback([leadItem({ leadKey: 'event:7' }, 'missing')])[0])];
			const writes = list([listed('listed:2')], rows);
			expect(writes).toEqual([expect.objectContaining({ leadKey: 'listed:2', source: 'list' })]);
			expect(writes[0]).not.toHaveProperty('possibleDuplicateOf');
		});
		it('the newer names the other when the other path added it within minutes of its instant', () => {
			const table = landed([CALLBACK, [onCallback]], [LIST, [listed('listed:2')]]);
			expect(rowOf(table, 'listed:2')).toMatchObject({
				source: 'list',
				possibleDuplicateOf: 'event:1',
			});
			expect(rowOf(table, 'event:1')).not.toHaveProperty('possibleDuplicateOf');
		});
		it('not when the instants are far apart, nor when the same path added it', () => {
			for (const registeredAt of ['2024-05-14T10:51:07-03:00', '2024-05-15T01:31:07-03:00']) {
				const table = landed([CALLBACK, [onCallback]], [LIST, [listed('listed:3', registeredAt)]]);
				expect(rowOf(table, 'listed:3')).not.toHaveProperty('possibleDuplicateOf');
			}
			const sameSide = landed(
				[CALLBACK, [onCallback]],
				[CALLBACK, [leadItem({ leadKey: 'event:4' })]],
			);
			expect(sameSide.filter((row) => 'possibleDuplicateOf' in row)).toEqual([]);
		});
		it("names the other path's row of the nearest instant: one prospect's leads of a kind share matchKey", () => {
			const earlier = leadItem({ leadKey: 'event:13', registeredAt: '2024-05-14T10:25:07-03:00' });
			const table = landed(
				[CALLBACK, [earlier]],
				[CALLBACK, [onCallback]],
				[LIST, [listed('listed:14', '2024-05-14T10:31:08-03:00')]],
			);
			expect(rowOf(table, 'listed:14')).toMatchObject({ possibleDuplicateOf: 'event:1' });
		});
		it('names no row already in a pair: two rows never name one', () => {
			const second = listed('listed:18', '2024-05-14T10:31:30-03:00');
			const table = landed(
				[CALLBACK, [onCallback]],
				[LIST, [listed('listed:17')]],
				[LIST, [second]],
			);
			expect(rowOf(table, 'listed:17')).toMatchObject({ possibleDuplicateOf: 'event:1' });
			expect(rowOf(table, 'listed:18')).not.toHaveProperty('possibleDuplicateOf');
			// Two leads of one execution: one of them names it.
			const once = landed([CALLBACK, [onCallback]], [LIST, [listed('listed:19'), second]]);
			expect(once.filter((row) => row.possibleDuplicateOf === 'event:1')).toHaveLength(1);
		});
		it('names it when a local time read in the wrong zone puts the instants whole hours apart', () => {
			// The callback's 10:31:07 at UTC-3; the list's, read 3 hours off, 20 s short of it.
			const hoursOff = landed(
				[CALLBACK, [onCallback]],
				[LIST, [listed('listed:5', '2024-05-14T13:30:47-03:00')]],
			);
			expect(rowOf(hoursOff, 'listed:5')).toMatchObject({ possibleDuplicateOf: 'event:1' });
			const halfHourOff = landed(
				[CALLBACK, [onCallback]],
				[LIST, [listed('listed:6', '2024-05-14T16:01:07-03:00')]],
			);
			expect(rowOf(halfHourOff, 'listed:6')).not.toHaveProperty('possibleDuplicateOf');
		});

		const withoutDetails = leadItem({ leadKey: 'event:7' }, 'missing');
		it('gives its property details to the other row of the same ad that lacks them, nothing else', () => {
			const before = rowOf(landed([CALLBACK, [withoutDetails]]), 'event:7');
			const table = landed([CALLBACK, [withoutDetails]], [LIST, [listed('listed:8')]]);
			expect(rowOf(table, 'event:7')).toEqual({ ...before, ...FOUND_DETAILS });
			// The list's row lacks what only the callback carries: the callback gives it no more.
			const listedRow = listed('listed:9', undefined, 'missing');
			const listedBefore = rowOf(landed([LIST, [listedRow]]), 'listed:9');
			const listedFirst = landed(
				[LIST, [listedRow]],
				[CALLBACK, [leadItem({ leadKey: 'event:10' })]],
			);
			expect(rowOf(listedFirst, 'listed:9')).toEqual({ ...listedBefore, ...FOUND_DETAILS });
		});
		it('gives nothing to a row of another ad, nor without details of its own', () => {
			const otherAd = leadItem({ leadKey: 'event:7', adCode: 'DEMO-0002' }, 'missing');
			const otherBefore = rowOf(landed([CALLBACK, [otherAd]]), 'event:7');
			const table = landed([CALLBACK, [otherAd]], [LIST, [listed('listed:11')]]);
			expect(rowOf(table, 'event:7')).toEqual(otherBefore);
			const before = rowOf(landed([CALLBACK, [withoutDetails]]), 'event:7');
			const noneToGive = landed(
				[CALLBACK, [withoutDetails]],
				[LIST, [listed('listed:12', undefined, 'missing')]],
			);
			expect(rowOf(noneToGive, 'event:7')).toEqual(before);
		});
	});
});

describe('the settle step after the writes: pairs, details and notes from the rows as they are', () => {
	const settled = (rows: Row[]) => settle('leadsToDataTable', rows);
	const row = (id: number, fields: Row, details: 'found' | 'missing' = 'found') =>
		stored({ ...leadItem(fields, details), id });
	const callbackRow = row(1, { leadKey: 'view:1', source: 'callback' }, 'missing');
	const listRow = row(2, { leadKey: 'listed:2', source: 'list', email: null });

	it('two rows the paths added at once: the newer names the older, the details pass, the note goes', () => {
		expect(settled([listRow, callbackRow])).toEqual([
			{ leadKey: 'listed:2', possibleDuplicateOf: 'view:1' },
			{ leadKey: 'view:1', ...FOUND_DETAILS },
		]);
	});

	it('the same rows, in any order or read twice, give the same writes; once written, none', () => {
		const writes = settled([callbackRow, listRow]);
		expect(settled([listRow, callbackRow, { ...listRow }])).toEqual(writes);
		const after = [callbackRow, listRow].map((one) => ({
			...one,
			...writes.find((write) => write.leadKey === one.leadKey),
		}));
		expect(settled(after)).toEqual([]);
	});

	it("a poll's many leads at once: each pair named within its own matchKey", () => {
		// Lead n's two rows, a second apart; leads of one matchKey 37.5 hours apart.
		const side = (n: number, source: string, leadKey: string, second: number) =>
			row(source === 'list' ? 2 * n + 2 : 2 * n + 1, {
				leadKey,
				source,
				matchKey: `match:${n % 150}`,
				registeredAt: new Date(Date.UTC(2024, 4, 14, 13, 0, second) + n * 900_000).toISOString(),
			});
		const pairs = Array.from({ length: 300 }, (_, n) => [
			side(n, 'callback', `view:${n}`, 0),
			side(n, 'list', `listed:${n}`, 1),
		]);
		const writes = settled(pairs.flat());
		expect(writes.filter((write) => 'possibleDuplicateOf' in write)).toEqual(
			pairs.map(([callbackSide, listSide]) => ({
				leadKey: listSide.leadKey,
				possibleDuplicateOf: callbackSide.leadKey,
			})),
		);
	});

	it('names no row already in a pair, nor one of the same path, nor one far off in time', () => {
		const paired = { ...listRow, possibleDuplicateOf: 'view:1' };
		const third = row(3, { leadKey: 'listed:3', source: 'list' });
		expect(settled([{ ...callbackRow, ...FOUND_DETAILS }, paired, third])).toEqual([]);
		const sameSide = row(4, { leadKey: 'view:4', source: 'callback' });
		const farOff = row(5, {
			leadKey: 'listed:5',
			source: 'list',
			registeredAt: '2024-05-14T10:51:07-03:00',
		});
		expect(settled([{ ...callbackRow, ...FOUND_DETAILS }, sameSide, farOff])).toEqual([]);
	});

	it('names the other across whole hours (a local time read in the wrong zone)', () => {
		const hoursOff = row(6, {
			leadKey: 'listed:6',
			source: 'list',
			registeredAt: '2024-05-14T13:30:47-03:00',
		});
		expect(settled([{ ...callbackRow, ...FOUND_DETAILS }, hoursOff])).toEqual([
			{ leadKey: 'listed:6', possibleDuplicateOf: 'view:1' },
		]);
	});

	it('gives details only to a row of the same ad, and clears a note the row no longer needs', () => {
		const otherAd = row(7, { leadKey: 'listed:7', source: 'list', adCode: 'DEMO-0002' });
		expect(settled([callbackRow, otherAd])).toEqual([
			{ leadKey: 'listed:7', possibleDuplicateOf: 'view:1' },
		]);
		const staleNote = { ...row(8, { leadKey: 'view:8', matchKey: null }), detailsMissing: 'late' };
		expect(settled([staleNote])).toEqual([{ leadKey: 'view:8', detailsMissing: null }]);
	});
});

describe('the Data table landing workflow: callback and lead list into one table', () => {
	const list = ofType('leadsToDataTable', LIST_TRIGGER);

	it('reads the lead list of every agency at most every 5 minutes', () => {
		expect(list.parameters).toMatchObject({ event: 'newLead', agencyScope: 'all' });
		expect(list.parameters.pollTimes.item).toEqual([{ mode: 'everyX', value: 5, unit: 'minutes' }]);
	});

	it('uses one credential for both triggers', () => {
		expect(list.credentials).toEqual(ofType('leadsToDataTable', CALLBACK_TRIGGER).credentials);
	});
});

it('the Data table examples create the same table, so that they can write into it side by side', () => {
	const [callback, ...others] = (Object.keys(DATA_TABLE_EXAMPLES) as DataTableExample[]).map(
		(example) => withOperation(example, 'create').parameters,
	);
	for (const other of others) expect(other).toEqual(callback);
});

describe('the PostgreSQL landing workflow', () => {
	const queries = nodesOf('leadsToPostgres').filter(
		(node) => node.parameters.operation === 'executeQuery',
	);
	const ddl: string = queries.find((node) => /CREATE TABLE/.test(node.parameters.query))!.parameters
		.query;
	const callbackWrite = next(
		'leadsToPostgres',
		ofType('leadsToPostgres', CALLBACK_TRIGGER).name,
	).parameters;
	const listWrite = next(
		'leadsToPostgres',
		ofType('leadsToPostgres', LIST_TRIGGER).name,
	).parameters;
	const declared = [...ddl.matchAll(/^\t(\w+) /gm)].map(([, column]) => column);
	const insertedColumns = (sql: string) =>
		/INSERT INTO portal_leads \(([^)]*)\)/.exec(sql)![1].split(', ');
	const recordFields = (sql: string) =>
		[.../AS lead\((.*)\)/.exec(sql)![1].matchAll(/"(\w+)"/g)].map(([, field]) => field);

	it('creates every column it writes, lead_key the primary key', () => {
		for (const write of [callbackWrite, listWrite])
			expect(declared).toEqual(expect.arrayContaining(insertedColumns(write.query)));
		expect(ddl).toMatch(/^\tlead_key text PRIMARY KEY,$/m);
	});

	it('reads each column from the field of the flat lead it names, one JSON parameter per lead', () => {
		for (const write of [callbackWrite, listWrite]) {
			const fields = recordFields(write.query);
			expect(
				fields.filter((field) => !flatLeadFields.includes(field) && !EXTRA_COLUMNS.includes(field)),
			).toEqual([]);
			expect(write.options.queryReplacement).toBe('={{ [$json] }}');
			expect(write.query).toMatch(/ON CONFLICT \(lead_key\) DO UPDATE SET/);
		}
		expect(recordFields(callbackWrite.query)).toEqual(
			expect.arrayContaining([...flatLeadFields, 'unreadableFields', 'rawBody']),
		);
	});

	it('a row only grows: each path fills what the row lacks, never blanks it, never changes source', () => {
		const updates = (sql: string) =>
			sql
				.split('DO UPDATE SET')[1]
				.replace(/\nRETURNING lead_key;\s*$/, '')
				.split(',\n')
				.map((line) => line.trim());
		for (const write of [callbackWrite, listWrite]) {
			for (const update of updates(write.query).filter(
				(line) => !line.startsWith('details_missing'),
			))
				expect(update).toMatch(/^(\w+) = COALESCE\(portal_leads\.\1, EXCLUDED\.\1\)$/);
			expect(updates(write.query).map((line) => line.split(' ')[0])).not.toContain('source');
		}
		expect(
			insertedColumns(listWrite.query).filter((column) =>
				CALLBACK_ONLY.map((field) =>
					field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
				).includes(column),
			),
		).toEqual([]);
	});

	it('after either save, settles the rows of its lead: pair, property details and note, nothing else', () => {
		const settleNode = nodesOf('leadsToPostgres').find((node) => /^Settle/.test(node.name))!;
		for (const write of [callbackWrite, listWrite]) {
			expect(write.query).toMatch(/\nRETURNING lead_key;$/);
			expect(write.query).not.toMatch(/possible_duplicate_of/);
		}
		for (const trigger of [CALLBACK_TRIGGER, LIST_TRIGGER]) {
			const saveNode = next('leadsToPostgres', ofType('leadsToPostgres', trigger).name);
			expect(next('leadsToPostgres', saveNode.name).name).toBe(settleNode.name);
		}
		expect(settleNode.parameters.options.queryReplacement).toBe('={{ [$json.lead_key] }}');
		const sets = /\nUPDATE portal_leads r SET\n([\s\S]*?)\nFROM settled s\n/.exec(
			settleNode.parameters.query,
		)![1];
		const lines = sets.split(',\n').map((line) => line.trim());
		expect(lines.pop()).toMatch(
			/^details_missing = CASE WHEN COALESCE\(r\.ad_title, s\.ad_title\) IS NULL/,
		);
		for (const line of lines) expect(line).toMatch(/^(\w+) = COALESCE\(r\.\1, s\.(\w+)\)$/);
		const snake = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
		expect(lines.map((line) => line.split(' ')[0]).sort()).toEqual(
			[
				'possible_duplicate_of',
				...Object.keys(FOUND_DETAILS)
					.filter((field) => field !== 'detailsMissing')
					.map(snake),
			].sort(),
		);
	});
});

describe('the Google Sheets template: the same write, a sheet for a table', () => {
	const sheets = (leads: Row[], rows: Row[] = [], from = 'New Portal Lead') =>
		decide('sheetsTemplate', from, leads, rows);
	const path = writePath('sheetsTemplate');
	const dataTable = created('leadsToDataTable').map((column) => column.name);

	it("finds the lead key's row, appends a new lead, fills in an existing row", () => {
		expect(path.find.parameters).toMatchObject({ operation: 'read' });
		expect(path.find.parameters.filtersUI.values.map((filter: Row) => filter.lookupColumn)).toEqual(
			['leadKey'],
		);
		expect(path.find.alwaysOutputData).toBe(true);
		expect(path.add.parameters).toMatchObject({ operation: 'appendOrUpdate' });
		expect(path.add.parameters.columns).toMatchObject({ matchingColumns: ['leadKey'] });
		expect(path.fill.parameters).toMatchObject({ operation: 'update' });
		expect(path.fill.parameters.columns).toMatchObject({ matchingColumns: ['leadKey'] });
		for (const write of [path.add, path.fill])
			expect(write.parameters.columns).toMatchObject({
				mappingMode: 'autoMapInputData',
				value: {},
			});
	});

	it("a new lead's row has the Data table's columns in its order: the first writes the header row", () => {
		const [row] = sheets([leadItem()]);
		expect(Object.keys(row)).toEqual(dataTable);
		expect(row).toMatchObject({
			source: 'callback',
			possibleDuplicateOf: '',
			eventId: flatLead.eventId,
		});
	});

	it("fills only the cells a row lacks (a sheet's empty cell is ''), and skips a complete row", () => {
		const blankDetails = { ...sheets([leadItem({}, 'missing')])[0], row_number: 2 };
		const [filled] = sheets([leadItem()], [blankDetails], 'Leads From the Lead List');
		expect(filled).toEqual({
			leadKey: leadItem().leadKey,
			matchKey: leadItem().matchKey,
			...PROPERTY_DETAILS,
		});
		const complete = { ...sheets([leadItem()])[0], row_number: 2 };
		expect(sheets([leadItem()], [complete], 'Leads From the Lead List')).toEqual([]);
	});

	it('after either write, reads the written rows and their pairs, and settles them as the Data table does', () => {
		for (const write of [path.add, path.fill])
			expect(next('sheetsTemplate', write.name).name).toBe(path.reread.name);
		expect(path.reread.parameters).toMatchObject({ operation: 'read', combineFilters: 'OR' });
		expect(path.reread.parameters.filtersUI.values).toEqual([
			{ lookupColumn: 'leadKey', lookupValue: '={{ $json.leadKey }}' },
			{ lookupColumn: 'matchKey', lookupValue: '={{ $json.matchKey ?? $json.leadKey }}' },
		]);
		expect(settleOf('sheetsTemplate')).toBe(settleOf('leadsToDataTable'));
		expect(path.settleSplit.parameters).toMatchObject({ fieldToSplitOut: 'writes' });
		expect(path.settleUpdate.parameters).toMatchObject({
			operation: 'update',
			columns: { mappingMode: 'autoMapInputData', value: {}, matchingColumns: ['leadKey'] },
		});
	});

	it("settles a sheet's rows in the order of their row numbers: the newer names the other, details pass, the note is emptied", () => {
		const blank = { ...sheets([leadItem({ leadKey: 'event:7' }, 'missing')])[0], row_number: 3 };
		const listed = sheets([leadItem({ leadKey: 'listed:8' })], [], 'Leads From the Lead List')[0];
		// The note is emptied with '': n8n's Google Sheets update skips a column given null.
		const detailed = { ...PROPERTY_DETAILS, detailsMissing: '' };
		const writes = settle('sheetsTemplate', [{ ...listed, row_number: 12 }, blank]);
		expect(writes).toEqual([
			{ leadKey: 'listed:8', possibleDuplicateOf: 'event:7' },
			{ leadKey: 'event:7', ...detailed },
		]);
		// Added the other way round, the other names it.
		expect(settle('sheetsTemplate', [{ ...listed, row_number: 2 }, blank])).toEqual([
			{ leadKey: 'event:7', possibleDuplicateOf: 'listed:8', ...detailed },
		]);
	});
});

describe('the HubSpot template: a contact only grows', () => {
	const decision = nodesOf('hubspotTemplate').find((node) => node.type === 'n8n-nodes-base.set')!;
	/** The template's decision on the leads with an e-mail and the contacts the search found. */
	function writes(leads: Row[], contacts: Row[]): Row[] {
		const found = contacts.length > 0 ? contacts.map((properties) => ({ properties })) : [{}];
		const outputs: Record<string, Row[]> = {
			'Has an Email?': leads,
			'Find the Contact (by Email)': found,
		};
		const $ = (name: string) => ({ all: () => outputs[name].map((json) => ({ json })) });
		return evaluated(decision.parameters.assignments.assignments[0].value, { $ }) as Row[];
	}

	it('a new e-mail: a contact with everything the lead says, stage lead, status new', () => {
		expect(writes([leadItem()], [])).toEqual([
			expect.objectContaining({
				email: 'maria.gonzalez@example.com',
				firstname: 'María',
				lastname: 'González',
				lifecyclestage: 'lead',
				hs_lead_status: 'NEW',
				message: expect.stringContaining('About: Departamento 3 ambientes (DEMO-0001)'),
			}),
		]);
	});

	it('a contact already there only gets what it lacks; its stage and status are never reset', () => {
		const contact = {
			email: 'maria.gonzalez@example.com',
			firstname: 'María',
			lastname: 'González',
			lifecyclestage: 'opportunity',
			hs_lead_status: 'IN_PROGRESS',
			message: 'the first lead',
		};
		expect(writes([leadItem()], [contact])).toEqual([
			{ email: 'maria.gonzalez@example.com', phone: '+54 11 5555-0101' },
		]);
		expect(writes([leadItem()], [{ ...contact, phone: '+54 11 5555-0101' }])).toEqual([]);
		// HubSpot's node sends no property whose value is empty: a property left out writes nothing.
		const upsert = nodesOf('hubspotTemplate').find(
			(node) => node.parameters.operation === 'upsert',
		)!;
		for (const value of Object.values(upsert.parameters.additionalFields))
			expect(value).toMatch(/^=\{\{ \$json\.\w+ \?\? '' \}\}$/);
	});
});

it.each(['leadsToDataTable', 'leadsToPostgres'] as const)(
	'%s answers the portal once the lead is written',
	(example) => {
		expect(triggerOf(example).parameters.responseMode).toBe('lastNode');
	},
);
