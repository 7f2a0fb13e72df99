/**
 * docs/landing-leads.md's recipe for a destination without a keyed write, in a real n8n: both
 * triggers, then "found by leadKey? update it with the row : create it with the row". The
 * destination is a Data table written only by its plain Insert and Update (neither keyed), the find
 * n8n's own _If Row Exists_ / _If Row Does Not Exist_. Each lead comes by both paths (its callback at
 * once, the list within the minute, again at the next polls): one record each, holding both paths'
 * columns. The leads are made away from a poll, as the recipe's stated limit is two executions of
 * one new lead at the same instant.
 */
import { setTimeout as sleep } from 'node:timers/promises';

import {
	CREATE_TABLE_TRIGGER,
	LANDING_CALLBACK_TRIGGER,
	LANDING_LIST_TRIGGER,
	POLL_EVERY_MINUTE,
	loadExample,
	publishWorkflow,
	runManually,
	startPortalStack,
	until,
	withParameters,
	type PortalStack,
	type WorkflowDefinition,
} from './support';

const TABLE = 'Recipe records';
type Node = { name: string; type: string; parameters: Record<string, unknown> };

const byLeadKey = {
	conditions: [{ keyName: 'leadKey', condition: 'eq', keyValue: '={{ $json.leadKey }}' }],
};
const table = { __rl: true, mode: 'name', value: TABLE };
const autoMap = { mappingMode: 'autoMapInputData', value: {}, matchingColumns: [], schema: [] };

/** A Data table node of the recipe: `operation` on TABLE, matched by the row's leadKey. */
function tableNode(name: string, operation: string, position: [number, number]): Node {
	const matched = operation === 'insert' ? {} : { matchType: 'allConditions', filters: byLeadKey };
	const mapped = ['insert', 'update'].includes(operation) ? { columns: autoMap } : {};
	return {
		name,
		type: 'n8n-nodes-base.dataTable',
		parameters: {
			resource: 'row',
			operation,
			dataTableId: table,
			...matched,
			...mapped,
			options: {},
		},
		...{ typeVersion: 1.1, position },
	} as Node;
}

/** The Data table example's triggers and table creation, its keyed write replaced by the recipe. */
function recipeWorkflow(example: WorkflowDefinition): WorkflowDefinition {
	const kept = (example.nodes as Node[]).filter((node) =>
		[LANDING_CALLBACK_TRIGGER, LANDING_LIST_TRIGGER, CREATE_TABLE_TRIGGER].includes(node.name),
	);
	const create = (example.nodes as Node[]).find((node) => node.parameters.operation === 'create')!;
	const nodes = [
		...kept,
		{ ...create, parameters: { ...create.parameters, tableName: TABLE } },
		tableNode('Found by leadKey?', 'rowExists', [260, 0]),
		tableNode('Update the Record', 'update', [500, 0]),
		tableNode('Not Found by leadKey?', 'rowNotExists', [260, 200]),
		tableNode('Create the Record', 'insert', [500, 200]),
	];
	const to = (...targets: string[]) => ({
		main: [targets.map((node) => ({ node, type: 'main', index: 0 }))],
	});
	const both = to('Found by leadKey?', 'Not Found by leadKey?');
	const connections = {
		[LANDING_CALLBACK_TRIGGER]: both,
		[LANDING_LIST_TRIGGER]: both,
		'Found by leadKey?': to('Update the Record'),
		'Not Found by leadKey?': to('Create the Record'),
		[CREATE_TABLE_TRIGGER]: to(create.name),
	};
	const workflow = {
		...example,
		name: 'e2e: the recipe without a keyed write',
		nodes,
		connections,
	};
	return withParameters(workflow, LANDING_LIST_TRIGGER, POLL_EVERY_MINUTE);
}

describe('the recipe for a destination without a keyed write (docs/landing-leads.md)', () => {
	let stack: PortalStack;

	beforeAll(async () => {
		stack = await startPortalStack('recipe');
	}, 900_000);

	afterAll(async () => {
		await stack?.stop();
	});

	it('lands each lead, brought by both paths, as one record holding both paths’ columns', async () => {
		const example = loadExample('leadsToDataTable', stack.credential);
		const stored = await stack.owner.api.createWorkflow(recipeWorkflow(example));
		expect((await runManually(stack.owner, stored.id, CREATE_TABLE_TRIGGER)).status).toBe(
			'success',
		);
		expect((await publishWorkflow(stack.owner, stored.id)).status).toBe('published');
		// Away from the list's poll (each minute's start): the callback lands first, alone.
		while (Date.now() % 60_000 < 10_000 || Date.now() % 60_000 > 40_000) await sleep(500);
		const adId = (await stack.portal.associatedOnlineAd()).idAvisoPlat;
		const names = ['Ana Recipe', 'Bruno Recipe', 'Carla Recipe'];
		for (const [n, name] of names.entries())
			await stack.portal.createLead(adId, {
				tipoEvento: 'CONTACTO_MENSAJE',
				nombre: name,
				email: `recipe${n}@example.com`,
				mensaje: `Hola ${n}`,
			});
		const { id } = (await stack.owner.api.dataTableNamed(TABLE))!;
		const rowsOf = async () => await stack.owner.api.dataTableRows(id);
		const landed = await until(
			rowsOf,
			(rows) => names.every((name) => rows.some((row) => row.name === name && row.listId)),
			'each lead updated by the list',
			200_000,
		);
		// Another poll, emitting them again: still one record each.
		await sleep(65_000);
		const rows = await rowsOf();
		expect(names.map((name) => rows.filter((row) => row.name === name).length)).toEqual([1, 1, 1]);
		for (const name of names)
			expect(landed.find((row) => row.name === name)).toMatchObject({
				eventId: expect.any(String),
				listId: expect.any(String),
				leadKey: expect.stringMatching(/^message:/),
			});
	}, 600_000);
});
