/**
 * The landing examples' write, read from the example files: the nodes of the path after a node that
 * emits leads, the decision evaluated as n8n evaluates its expression, and leads as the triggers
 * emit them.
 */
import { DateTime } from 'luxon';
import { readExample, type ExampleName } from '../../harness/n8n/examples';
import { detailsMissing } from '../../nodes/shared/leadDetails/detailFields';
import { simplifyLead } from '../../nodes/shared/normalizeEvent';
import { readEvent } from '../../nodes/shared/readEvent';
import { messageLead } from './trigger/fixtures';

export interface ExampleNode {
	name: string;
	type: string;
	typeVersion: number;
	parameters: Record<string, any>;
	credentials?: Record<string, { id: string; name: string }>;
	alwaysOutputData?: boolean;
}
export type Row = Record<string, unknown>;

export const nodesOf = (name: ExampleName) => readExample(name).nodes as unknown as ExampleNode[];

const parsed = readEvent(messageLead);
if (!parsed.ok) throw new Error(parsed.problem);
export const flatLead = simplifyLead(parsed.event.lead!);

type Connections = Record<string, { main: Array<Array<{ node: string }>> }>;
/** The nodes the named node's output `index` goes to. */
function nextAll(example: ExampleName, from: string, index = 0): ExampleNode[] {
	const connections = readExample(example).connections as Connections;
	const names = (connections[from]?.main[index] ?? []).map((link) => link.node);
	return nodesOf(example).filter((node) => names.includes(node.name));
}
export const next = (example: ExampleName, from: string, index = 0) =>
	nextAll(example, from, index)[0];

export const DATA_TABLE_EXAMPLES = {
	leadsToDataTable: ['New Portal Lead', 'Leads From the Lead List'],
	pollLeadsToDataTable: ['New Lead (Polling)'],
	importLeads: ['Leads of the Last 30 Days'],
} as const;
export type DataTableExample = keyof typeof DATA_TABLE_EXAMPLES;
/** The examples that write through the decision: the Data table ones and the Sheets template. */
export const DECIDING = {
	...DATA_TABLE_EXAMPLES,
	sheetsTemplate: DATA_TABLE_EXAMPLES.leadsToDataTable,
};
export type Deciding = keyof typeof DECIDING;

/**
 * The write path after a node that emits leads: find → decide → one item each → new? → add |
 * fill in; then, in a Data table, after either write: find the written rows and their pairs →
 * settle → one item each → update.
 */
export function writePath(example: Deciding) {
	const find = next(example, DECIDING[example][0]);
	const decide = next(example, find.name);
	const split = next(example, decide.name);
	const isNew = next(example, split.name);
	const add = next(example, isNew.name, 0);
	const reread = next(example, add.name);
	const settle = reread && next(example, reread.name);
	const settleSplit = settle && next(example, settle.name);
	return {
		find,
		decide,
		split,
		isNew,
		add,
		fill: next(example, isNew.name, 1),
		reread,
		settle,
		settleSplit,
		settleUpdate: settleSplit && next(example, settleSplit.name),
	};
}

/** The JavaScript inside a parameter's `={{ … }}`. */
export const expressionOf = (parameter: string): string =>
	/^=\{\{([\s\S]*)\}\}$/.exec(parameter)![1];

/**
 * A parameter `={{ … }}` evaluated as plain JavaScript with `bindings` in scope (`$json`, `$`,
 * `$input`, `DateTime`: what n8n gives the expression).
 */
export function evaluated(parameter: string, bindings: Record<string, unknown>): unknown {
	// eslint-disable-next-line @typescript-eslint/no-implied-eval
	const run = new Function(...Object.keys(bindings), `return (${expressionOf(parameter)});`) as (
		...values: unknown[]
	) => unknown;
	return run(...Object.values(bindings));
}

/** The decision's expression (in n8n itself, no Code node: a callback's answer waits for it). */
export const decisionOf = (example: Deciding): string =>
	writePath(example).decide.parameters.assignments.assignments[0].value;

/**
 * Evaluates the example's decision as n8n does once for all the leads of an execution, on the leads
 * a node emitted and the rows the lookup found: the writes it hands on.
 */
export function decide(example: Deciding, from: string, leads: Row[], rows: Row[]): Row[] {
	// The lookup always outputs data: one empty item when it found no row.
	const found = (rows.length > 0 ? rows : [{}]).map((json) => ({ json: { ...json } }));
	const outputs: Record<string, Array<{ json: Row }>> = {
		[from]: leads.map((json) => ({ json })),
		[writePath(example).find.name]: found,
	};
	// As n8n: a node that did not run has no items to give.
	const $ = (name: string) => ({
		isExecuted: name in outputs,
		all: () => {
			if (!(name in outputs)) throw new Error(`${name} did not run`);
			return outputs[name];
		},
	});
	return evaluated(decisionOf(example), { $, DateTime }) as Row[];
}

/**
 * Evaluates the example's settle step as n8n does once for all the rows its lookup read after the
 * writes: the writes it hands on.
 */
export function settle(example: Deciding, rows: Row[]): Row[] {
	const $input = { all: () => rows.map((json) => ({ json: { ...json } })) };
	return evaluated(settleOf(example), { $input }) as Row[];
}

/** The settle step's expression (like the decision, no Code node). */
export const settleOf = (example: Deciding): string =>
	writePath(example).settle.parameters.assignments.assignments[0].value;

export const isBlank = (value: unknown) => value === null || value === undefined || value === '';

/** Property details as Add Property Details gives them when it finds the ad. */
export const FOUND_DETAILS = {
	adTitle: 'Departamento 3 ambientes',
	adLocation: 'Av. Santa Fe 1234, Palermo',
	adPropertyTypeId: 2,
	adOperation: 'VENTA',
	adImageUrl: 'https://img.example.com/1.jpg',
	agencyName: 'Demo Propiedades',
	detailsMissing: null,
};

/** A lead as the triggers emit it, its property details found (or missing, with a reason). */
export function leadItem(fields: Row = {}, details: 'found' | 'missing' = 'found'): Row {
	return {
		...flatLead,
		...(details === 'found' ? FOUND_DETAILS : detailsMissing({}, 'the ad was not found in time')),
		matchKey: 'match:0123456789abcdef01234567',
		...fields,
	};
}
/** A row as the table holds what the decision added (ids and timestamps beside). */
export const stored = (row: Row): Row => ({ id: 7, createdAt: '2026-11-27T10:00:00.000Z', ...row });
