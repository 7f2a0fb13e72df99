/**
 * The landing examples only wire what the package keeps: the triggers (and Lead → Get Many) emit
 * each lead as its row (nodes/shared/landingRow.ts), and the destination's own keyed write lands it.
 * So each stays as small as n8n's own lead templates: no Code node, no program in an expression
 * (no function, no expression over 120 characters), no SQL statement over 15 lines but the table's
 * CREATE, at most 7 nodes besides sticky notes; every write is keyed (on `leadKey`, or a HubSpot
 * contact's e-mail), and the tables they create have the row's columns, in its order.
 */
import { ROW_COLUMNS } from '../../nodes/shared/landingRow';
import { readExample, type ExampleName } from '../../harness/n8n/examples';

interface ExampleNode {
	name: string;
	type: string;
	typeVersion: number;
	parameters: Record<string, unknown>;
}

const PACKAGE = 'n8n-nodes-real-estate-portal';
const OUR_TYPES = [
	'realEstatePortal',
	'realEstatePortalTrigger',
	'realEstatePortalPollTrigger',
].map((type) => `${PACKAGE}.${type}`);
const POLL_TRIGGER = `${PACKAGE}.realEstatePortalPollTrigger`;
const STICKY = 'n8n-nodes-base.stickyNote';

const MOST_NODES = 7;
const MOST_EXPRESSION_CHARS = 120;
const MOST_STATEMENT_LINES = 15;

const LANDING: ExampleName[] = [
	'leadsToDataTable',
	'pollLeadsToDataTable',
	'importLeads',
	'leadsToPostgres',
	'sheetsTemplate',
	'hubspotTemplate',
];
const DATA_TABLE_LANDING: ExampleName[] = [
	'leadsToDataTable',
	'pollLeadsToDataTable',
	'importLeads',
];

const nodesOf = (name: ExampleName) => readExample(name).nodes as unknown as ExampleNode[];
const working = (name: ExampleName) => nodesOf(name).filter((node) => node.type !== STICKY);

/** Every string of a node's parameters that n8n evaluates (it starts with `=`). */
function expressionsOf(value: unknown): string[] {
	if (typeof value === 'string') return value.startsWith('=') ? [value] : [];
	if (Array.isArray(value)) return value.flatMap(expressionsOf);
	if (value !== null && typeof value === 'object')
		return Object.values(value).flatMap(expressionsOf);
	return [];
}

/** The SQL statements of a Postgres node's query, each without its blank lines. */
function statementsOf(node: ExampleNode): string[][] {
	const query = node.parameters.query;
	if (typeof query !== 'string') return [];
	return query
		.split(';')
		.map((statement) => statement.split('\n').filter((line) => line.trim() !== ''))
		.filter((lines) => lines.length > 0);
}

/** The column definitions of `CREATE TABLE … ( … );`: [quoted name, SQL type] in order. */
function createdColumns(query: string): Array<[string, string]> {
	const body = /CREATE TABLE IF NOT EXISTS portal_leads \(([\s\S]*?)\n\);/.exec(query)?.[1];
	expect(body).toBeDefined();
	return body!
		.split(',\n')
		.map((line) => /^\s*"(\w+)" (\w+)/.exec(line)!)
		.map((match) => [match[1], match[2]]);
}

/** How the Postgres example's CREATE types each of the row's column types. */
const SQL_TYPE = { string: 'text', number: 'bigint', boolean: 'boolean', date: 'timestamptz' };

describe.each(LANDING)('%s stays a wiring of the package', (name) => {
	test(`at most ${MOST_NODES} nodes besides sticky notes, one sticky note that explains it`, () => {
		expect(working(name).length).toBeLessThanOrEqual(MOST_NODES);
		const notes = nodesOf(name).filter((node) => node.type === STICKY);
		expect(notes).toHaveLength(1);
		// What it does, and the two steps to start it.
		expect(notes[0].parameters.content).toMatch(/\n1\. [^\n]+\n2\. /);
	});

	test('no Code node, no Function node', () => {
		const programs = working(name).filter((node) =>
			/\.(code|function|functionItem|aiTransform)$/.test(node.type),
		);
		expect(programs.map((node) => node.name)).toEqual([]);
	});

	test(`no program in an expression: no function, no line break, at most ${MOST_EXPRESSION_CHARS} characters`, () => {
		const tooMuch = working(name).flatMap((node) =>
			expressionsOf(node.parameters)
				.filter(
					(expression) =>
						expression.length > MOST_EXPRESSION_CHARS || /=>|\bfunction\b|\n/.test(expression),
				)
				.map((expression) => `${node.name}: ${expression}`),
		);
		expect(tooMuch).toEqual([]);
	});

	test('no Set node builds a program (its values are plain expressions)', () => {
		const sets = working(name).filter((node) => node.type === 'n8n-nodes-base.set');
		for (const set of sets) {
			for (const expression of expressionsOf(set.parameters)) {
				expect(expression).not.toMatch(/=>|\bfunction\b|\n|;/);
			}
		}
	});

	test(`no SQL statement over ${MOST_STATEMENT_LINES} lines but the table's CREATE`, () => {
		const long = working(name)
			.flatMap(statementsOf)
			.filter((lines) => !/^CREATE TABLE/i.test(lines[0].trim()))
			.filter((lines) => lines.length > MOST_STATEMENT_LINES);
		expect(long).toEqual([]);
	});

	test('our nodes are at version 3 (each lead as its row)', () => {
		const ours = working(name).filter((node) => OUR_TYPES.includes(node.type));
		expect(ours.length).toBeGreaterThan(0);
		for (const node of ours) expect([node.name, node.typeVersion]).toEqual([node.name, 3]);
	});

	test('every Poll Trigger emits again the leads of a while (a destination down lands later)', () => {
		for (const node of working(name).filter((node) => node.type === POLL_TRIGGER)) {
			const options = node.parameters.options as { emitAgainWithinMinutes?: number };
			expect(options.emitAgainWithinMinutes).toBeGreaterThan(0);
		}
	});

	test('every write of a lead is keyed, and every lead path reaches one', () => {
		const writes = working(name).filter((node) => isLeadWrite(node));
		expect(writes.length).toBeGreaterThan(0);
		for (const write of writes)
			expect([write.name, keyOf(write)]).toEqual([write.name, expectedKey(name)]);
		// No insert-only write: a repeat would add a row.
		const inserts = working(name).filter(
			(node) =>
				['insert', 'append', 'create'].includes(String(node.parameters.operation)) &&
				node.parameters.resource !== 'table' &&
				!/manualTrigger/.test(node.type),
		);
		expect(inserts.map((node) => node.name)).toEqual([]);
		// From each source of leads (our nodes), through an If at most, to a keyed write.
		const connections = readExample(name).connections as Record<
			string,
			{ main: Array<Array<{ node: string }>> }
		>;
		const next = (from: string) => (connections[from]?.main[0] ?? []).map((link) => link.node);
		const byName = new Map(working(name).map((node) => [node.name, node]));
		for (const source of working(name).filter((node) => OUR_TYPES.includes(node.type))) {
			const reached = next(source.name).flatMap((to) =>
				byName.get(to)!.type === 'n8n-nodes-base.if' ? next(to) : [to],
			);
			expect(reached.some((to) => isLeadWrite(byName.get(to)!))).toBe(true);
		}
	});
});

/** The node that writes a lead into its destination (not the table's creation, not the fill). */
function isLeadWrite(node: ExampleNode): boolean {
	const { operation } = node.parameters;
	switch (node.type) {
		case 'n8n-nodes-base.dataTable':
			return node.parameters.resource === 'row' && operation === 'upsert';
		case 'n8n-nodes-base.postgres':
		case 'n8n-nodes-base.googleSheets':
			return operation === 'upsert' || operation === 'appendOrUpdate';
		case 'n8n-nodes-base.hubspot':
			return node.parameters.resource === 'contact' && operation === 'upsert';
		default:
			return false;
	}
}

/** What a write is keyed on: the column it matches, as `leadKey` or `email`. */
function keyOf(node: ExampleNode): string | undefined {
	const parameters = node.parameters as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
	if (node.type === 'n8n-nodes-base.dataTable') {
		const conditions = parameters.filters.conditions as Array<Record<string, string>>;
		if (parameters.columns.mappingMode !== 'autoMapInputData') return undefined;
		return conditions.length === 1 &&
			conditions[0].condition === 'eq' &&
			conditions[0].keyValue === `={{ $json.${conditions[0].keyName} }}`
			? conditions[0].keyName
			: undefined;
	}
	if (node.type === 'n8n-nodes-base.hubspot') {
		return parameters.email === '={{ $json.email }}' ? 'email' : undefined;
	}
	const { mappingMode, matchingColumns } = parameters.columns;
	return mappingMode === 'autoMapInputData' && matchingColumns.length === 1
		? matchingColumns[0]
		: undefined;
}

/** A HubSpot contact is keyed on its e-mail; every other destination on the lead's `leadKey`. */
const expectedKey = (name: ExampleName) => (name === 'hubspotTemplate' ? 'email' : 'leadKey');

describe.each(DATA_TABLE_LANDING)('%s creates the table it writes', (name) => {
	test("the Data table's columns are the row's: names, order and types", () => {
		const create = working(name).find(
			(node) => node.parameters.resource === 'table' && node.parameters.operation === 'create',
		)!;
		expect(create.parameters.tableName).toBe('Portal leads');
		const { column } = create.parameters.columns as {
			column: Array<{ name: string; type: string }>;
		};
		expect(column.map(({ name, type }) => [name, type])).toEqual(
			ROW_COLUMNS.map(([name, type]) => [name, type]),
		);
	});
});

describe('the PostgreSQL example', () => {
	const nodes = working('leadsToPostgres');
	const query = (pattern: RegExp) =>
		nodes.map((node) => node.parameters.query).find((text) => pattern.test(String(text))) as string;

	test("CREATE TABLE has the row's columns in order, typed alike, leadKey the primary key", () => {
		const create = query(/CREATE TABLE/);
		expect(createdColumns(create)).toEqual(
			ROW_COLUMNS.map(([name, type]) => [name, SQL_TYPE[type]]),
		);
		expect(create).toContain('"leadKey" text PRIMARY KEY');
		expect(create).toMatch(/CREATE INDEX IF NOT EXISTS \w+ ON portal_leads \("adKey"\)/);
	});

	test('the details fill only touches rows of the ad that lack them', () => {
		const fill = query(/^UPDATE portal_leads/);
		expect(fill).toMatch(/"adKey" = ad\."adKey" AND \w+\."adTitle" IS NULL/);
	});
});

test("the HubSpot template never sends a contact's lifecycle stage or lead status", () => {
	const upsert = working('hubspotTemplate').find((node) => node.type === 'n8n-nodes-base.hubspot')!;
	const fields = Object.keys(upsert.parameters.additionalFields as object);
	expect(fields).toEqual(expect.arrayContaining(['firstName', 'phoneNumber', 'message']));
	expect(fields).not.toContain('lifeCycleStage');
	expect(fields).not.toContain('leadStatus');
});
