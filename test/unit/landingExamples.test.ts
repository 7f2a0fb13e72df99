/**
 * The examples that land leads keep one column per field of the flat lead, the tables they create
 * are the ones they write, and each path of a landing workflow writes only what it may.
 */
import { detailsMissing } from '../../nodes/shared/leadDetails/detailFields';
import { simplifyLead } from '../../nodes/shared/normalizeEvent';
import { readEvent } from '../../nodes/shared/readEvent';
import { readExample, type ExampleName } from '../../harness/n8n/examples';
import { messageLead } from './trigger/fixtures';

interface ExampleNode {
	name: string;
	type: string;
	typeVersion: number;
	parameters: Record<string, any>;
	credentials?: Record<string, { id: string; name: string }>;
}

const nodesOf = (name: ExampleName) => readExample(name).nodes as unknown as ExampleNode[];
const withOperation = (name: ExampleName, operation: string) =>
	nodesOf(name).find((node) => node.parameters.operation === operation)!;
const triggerOf = (name: ExampleName) => nodesOf(name).find((node) => /Trigger$/i.test(node.type))!;

const parsed = readEvent(messageLead);
if (!parsed.ok) throw new Error(parsed.problem);
/** The flat lead with its property details (Add Property Details, on in the examples' version). */
const flatLeadFields = [
	...new Set([
		...Object.keys(simplifyLead(parsed.event.lead!)),
		...Object.keys(detailsMissing({}, 'unknown')),
	]),
];
/** Beside the flat lead: where the row came from, and what the trigger could not read. */
const EXTRA_COLUMNS = ['source', 'unreadableFields', 'rawBody'];
const PROPERTY_COLUMNS = ['adTitle', 'adLocation', 'adImageUrl', 'agencyName', 'contactType'];

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

/** The node the named node's output goes to. */
function next(example: ExampleName, from: string): ExampleNode {
	const connections = readExample(example).connections as Record<
		string,
		{ main: Array<Array<{ node: string }>> }
	>;
	const name = connections[from].main[0][0].node;
	return nodesOf(example).find((node) => node.name === name)!;
}
const ofType = (example: ExampleName, type: string) =>
	nodesOf(example).find((node) => node.type === type)!;

describe.each(['leadsToDataTable', 'pollLeadsToDataTable'] as const)('%s', (example) => {
	const created = withOperation(example, 'create').parameters.columns.column as Array<{
		name: string;
		type: string;
	}>;
	const firstTrigger = ofType(
		example,
		example === 'leadsToDataTable' ? CALLBACK_TRIGGER : LIST_TRIGGER,
	);
	const upsert = next(example, firstTrigger.name).parameters;

	it('creates a column for every field of the flat lead, and writes exactly those columns', () => {
		const names = created.map((column) => column.name);
		expect([...names].sort()).toEqual([...flatLeadFields, ...EXTRA_COLUMNS].sort());
		expect(Object.keys(upsert.columns.value).sort()).toEqual([...names].sort());
		expect(upsert.columns.schema.map((field: { id: string }) => field.id)).toEqual(names);
	});

	it("has the property's columns, and a trigger that fills them (Add Property Details is on)", () => {
		expect(created.map((column) => column.name)).toEqual(expect.arrayContaining(PROPERTY_COLUMNS));
		expect(firstTrigger.typeVersion).toBe(2);
		expect(firstTrigger.parameters.propertyDetails).not.toBe(false);
	});

	it('maps each lead field from the field of that name, and upserts on leadKey', () => {
		for (const field of flatLeadFields)
			expect(upsert.columns.value[field]).toContain(`$json.${field}`);
		expect(upsert.filters.conditions).toEqual([
			{ keyName: 'leadKey', condition: 'eq', keyValue: '={{ $json.leadKey }}' },
		]);
		expect(upsert.dataTableId).toMatchObject({ mode: 'name', value: 'Portal leads' });
	});
});

describe('the Data table landing workflow: callback and lead list into one table', () => {
	const list = ofType('leadsToDataTable', LIST_TRIGGER);
	const notYet = next('leadsToDataTable', list.name).parameters;
	const listSave = next(
		'leadsToDataTable',
		notYet.name ?? next('leadsToDataTable', list.name).name,
	);
	const listWrite = next('leadsToDataTable', next('leadsToDataTable', list.name).name).parameters;

	it('reads the lead list of every agency at most every 5 minutes', () => {
		expect(list.parameters).toMatchObject({ event: 'newLead', agencyScope: 'all' });
		expect(list.parameters.pollTimes.item).toEqual([{ mode: 'everyX', value: 5, unit: 'minutes' }]);
	});

	it('skips a listed lead already saved with its property details, and rewrites one saved without', () => {
		expect(notYet).toMatchObject({ operation: 'rowNotExists', matchType: 'allConditions' });
		expect(notYet.filters.conditions).toEqual([
			{ keyName: 'leadKey', condition: 'eq', keyValue: '={{ $json.leadKey }}' },
			{ keyName: 'detailsMissing', condition: 'isEmpty' },
		]);
		expect(listSave.parameters.operation).toBe('upsert');
	});

	it('never blanks or replaces what only the callback carries, and says which path wrote', () => {
		const written = Object.keys(listWrite.columns.value);
		expect(written.filter((column) => CALLBACK_ONLY.includes(column))).toEqual([]);
		expect(listWrite.filters.conditions).toEqual([
			{ keyName: 'leadKey', condition: 'eq', keyValue: '={{ $json.leadKey }}' },
		]);
		expect(listWrite.columns.value.source).toBe('list');
		const callbackWrite = next(
			'leadsToDataTable',
			ofType('leadsToDataTable', CALLBACK_TRIGGER).name,
		);
		expect(callbackWrite.parameters.columns.value.source).toBe('callback');
	});

	it('uses one credential for both triggers', () => {
		expect(list.credentials).toEqual(ofType('leadsToDataTable', CALLBACK_TRIGGER).credentials);
	});
});

it('the Data table examples create the same table, so that they can write into it side by side', () => {
	const [callback, poll] = (['leadsToDataTable', 'pollLeadsToDataTable'] as const).map(
		(example) => withOperation(example, 'create').parameters,
	);
	expect(poll).toEqual(callback);
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

	it('the callback completes a row and never blanks it; the list only adds missing details', () => {
		const updates = (sql: string) =>
			sql
				.split('DO UPDATE SET')[1]
				.split(',\n')
				.map((line) => line.trim());
		for (const update of updates(callbackWrite.query).filter((line) => !line.startsWith('source')))
			expect(update).toMatch(
				/^(\w+) = (COALESCE\(EXCLUDED\.\1, portal_leads\.\1\)|CASE WHEN EXCLUDED\.details_missing IS NULL THEN EXCLUDED\.\1 ELSE portal_leads\.\1 END)/,
			);
		expect(listWrite.query).toMatch(/WHERE portal_leads\.details_missing IS NOT NULL/);
		expect(
			insertedColumns(listWrite.query).filter((column) =>
				CALLBACK_ONLY.map((field) =>
					field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
				).includes(column),
			),
		).toEqual([]);
	});
});

describe('the Google Sheets template', () => {
	const sheet = withOperation('sheetsTemplate', 'appendOrUpdate').parameters;
	const columnsOf = (name: string) =>
		nodesOf('sheetsTemplate')
			.find((node) => node.name === name)!
			.parameters.assignments.assignments.map((assignment: { name: string }) => assignment.name);
	const dataTable = withOperation('leadsToDataTable', 'create').parameters.columns.column.map(
		(column: { name: string }) => column.name,
	);

	it('matches rows on the lead key, and writes the header row itself on an empty sheet', () => {
		expect(sheet.columns).toMatchObject({
			mappingMode: 'autoMapInputData',
			matchingColumns: ['leadKey'],
		});
	});

	it("carries the Data table's columns; the list path only those the list carries", () => {
		expect(columnsOf('Columns of a Callback Lead')).toEqual(dataTable);
		const listed = columnsOf('Columns of a Listed Lead');
		expect(listed.filter((column: string) => CALLBACK_ONLY.includes(column))).toEqual([]);
		expect(listed).toEqual(expect.arrayContaining(['leadKey', ...PROPERTY_COLUMNS]));
	});
});

it.each(['leadsToDataTable', 'leadsToPostgres'] as const)(
	'%s answers the portal once the lead is written',
	(example) => {
		expect(triggerOf(example).parameters.responseMode).toBe('lastNode');
	},
);
