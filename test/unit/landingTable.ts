/**
 * A Data table held here, and the examples' write path run on it as written in the example files:
 * each Data table call (find, upsert, update) is atomic, as in one n8n process (its SQLite database
 * runs one write at a time). An execution is the calls it makes, so that tests may run two of them
 * in any interleaving, or one to its end.
 */
import {
	decide,
	evaluated,
	isBlank,
	settle,
	writePath,
	type DataTableExample,
	type ExampleNode,
	type Row,
} from './landingDecision';

/** One Data table call: applied to the table at its turn, it answers the rows n8n outputs. */
export type Call = (table: Row[]) => Row[];
/** An execution: the calls it makes, each made with what the previous one answered. */
export type Execution = Generator<Call, void, Row[]>;

/** Whether a row meets a Data table node's filters for the item `json`. */
function meets(node: ExampleNode, json: Row, row: Row): boolean {
	const { filters, matchType } = node.parameters;
	const results = (filters.conditions as Array<Record<string, string>>).map((condition) => {
		const value = row[condition.keyName];
		if (condition.condition === 'isNotEmpty') return !isBlank(value);
		if (condition.condition === 'eq')
			return value === evaluated(condition.keyValue, { $json: json });
		throw new Error(`condition ${condition.condition} is not modelled here`);
	});
	return matchType === 'anyCondition' ? results.some(Boolean) : results.every(Boolean);
}

/** Get: copies of the rows meeting the filters for the item. */
const get =
	(node: ExampleNode, json: Row): Call =>
	(table) =>
		table.filter((row) => meets(node, json, row)).map((row) => ({ ...row }));

/** Update: every row meeting the filters gets the item's columns (n8n's auto-map). */
const update =
	(node: ExampleNode, json: Row): Call =>
	(table) =>
		table.filter((row) => meets(node, json, row)).map((row) => ({ ...Object.assign(row, json) }));

/** Upsert: update the rows meeting the filters, or insert the item when there is none. */
const upsert =
	(node: ExampleNode, json: Row): Call =>
	(table) => {
		const updated = update(node, json)(table);
		if (updated.length > 0) return updated;
		table.push({ id: table.length + 1, ...json });
		return [{ ...table[table.length - 1] }];
	};

/** One execution of `example` started by `from` with `leads`, as its nodes are wired. */
export function* landing(example: DataTableExample, from: string, leads: Row[]): Execution {
	const path = writePath(example);
	// A get node reads item after item: another execution's call may come between two reads.
	const found: Row[] = [];
	for (const lead of leads) found.push(...(yield get(path.find, lead)));
	const written: Row[] = [];
	for (const write of decide(example, from, leads, found))
		written.push(
			...(yield isBlank(write.source) ? update(path.fill, write) : upsert(path.add, write)),
		);
	const reread: Row[] = [];
	for (const row of written) reread.push(...(yield get(path.reread, row)));
	for (const write of settle(example, reread)) yield update(path.settleUpdate, write);
}

/** Runs one execution to its end on `table`, and answers the table. */
export function land(example: DataTableExample, from: string, leads: Row[], table: Row[] = []) {
	const execution = landing(example, from, leads);
	for (let call = execution.next(); !call.done; ) call = execution.next(call.value(table));
	return table;
}
