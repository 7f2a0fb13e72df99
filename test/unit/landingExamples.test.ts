/**
 * The examples that land leads keep one column per field of the flat lead, the tables they create
 * are the ones they write, and the README shows the PostgreSQL table as the example creates it.
 */
import fs from 'node:fs';
import path from 'node:path';

import { detailsMissing } from '../../nodes/shared/leadDetails/detailFields';
import { simplifyLead } from '../../nodes/shared/normalizeEvent';
import { readEvent } from '../../nodes/shared/readEvent';
import { readExample, type ExampleName } from '../e2e/support/examples';
import { projectRoot } from '../e2e/support/projectPaths';
import { messageLead } from './trigger/fixtures';

interface ExampleNode {
	name: string;
	type: string;
	typeVersion: number;
	parameters: Record<string, any>;
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

describe.each(['leadsToDataTable', 'pollLeadsToDataTable'] as const)('%s', (example) => {
	const created = withOperation(example, 'create').parameters.columns.column as Array<{
		name: string;
		type: string;
	}>;
	const upsert = withOperation(example, 'upsert').parameters;

	it('creates a column for every field of the flat lead, and writes exactly those columns', () => {
		const names = created.map((column) => column.name);
		expect([...names].sort()).toEqual([...flatLeadFields, ...EXTRA_COLUMNS].sort());
		expect(Object.keys(upsert.columns.value).sort()).toEqual([...names].sort());
		expect(upsert.columns.schema.map((field: { id: string }) => field.id)).toEqual(names);
	});

	it("has the property's columns, and a trigger that fills them (Add Property Details is on)", () => {
		expect(created.map((column) => column.name)).toEqual(expect.arrayContaining(PROPERTY_COLUMNS));
		const trigger = triggerOf(example);
		expect(trigger.typeVersion).toBe(2);
		expect(trigger.parameters.propertyDetails).not.toBe(false);
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

it('both Data table examples create the same table, so that they can write into it side by side', () => {
	const [callback, poll] = (['leadsToDataTable', 'pollLeadsToDataTable'] as const).map(
		(example) => withOperation(example, 'create').parameters,
	);
	expect(poll).toEqual(callback);
});

describe('the PostgreSQL example', () => {
	const ddl: string = withOperation('leadsToPostgres', 'executeQuery').parameters.query;
	const insert = withOperation('leadsToPostgres', 'insert').parameters;

	it('creates the columns it inserts, lead_key the primary key, and skips a lead already there', () => {
		const declared = [...ddl.matchAll(/^\t(\w+) /gm)].map(([, column]) => column);
		expect(declared).toEqual(expect.arrayContaining(Object.keys(insert.columns.value)));
		expect(declared).toHaveLength(Object.keys(insert.columns.value).length + 1);
		expect(ddl).toMatch(/^\tlead_key text PRIMARY KEY,$/m);
		expect(insert.columns.value.lead_key).toBe('={{ $json.leadKey }}');
		expect(insert.options.skipOnConflict).toBe(true);
	});

	it('is in the README as the example creates it', () => {
		const readme = fs.readFileSync(path.join(projectRoot, 'README.md'), 'utf8');
		expect(readme).toContain(ddl);
	});
});

it('the Google Sheets template matches rows on the lead key', () => {
	const row = withOperation('sheetsTemplate', 'appendOrUpdate').parameters.columns;
	expect(row.matchingColumns).toEqual(['Lead Key']);
	expect(row.value['Lead Key']).toBe('={{ $json.leadKey }}');
});

it.each(['leadsToDataTable', 'leadsToPostgres'] as const)(
	'%s answers the portal once the lead is written',
	(example) => {
		expect(triggerOf(example).parameters.responseMode).toBe('lastNode');
	},
);
