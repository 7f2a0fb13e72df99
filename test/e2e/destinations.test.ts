/**
 * Where leads land, in a real n8n with the packed package: the Data table and PostgreSQL examples
 * imported as a user imports them (their "Run once" branch creates the table), published, and the
 * leads read back from the tables; a lead the trigger cannot fully read lands too; after an n8n
 * restart, repeats that get past the trigger still leave one row per lead. The Google Sheets and
 * HubSpot templates, which need accounts, are checked by import: every node exists in this n8n and
 * n8n reports no parameter issue.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import {
	LANDING_CALLBACK_TRIGGER,
	LANDING_DETAILS_IF,
	LANDING_UPSERT,
	LEADS_TABLE,
	createLeadsDatabaseCredential,
	createReadOnlyPortalCredential,
	importLandingExample,
	leadsTableRows,
	nodeIssues,
	publishWorkflow,
	readExample,
	startPortalStack,
	startServices,
	loadExample,
	until,
	type PortalStack,
	type Services,
	type StoredWorkflow,
} from './support';
import { ROW_COLUMNS } from '../../nodes/shared/landingRow';

const PG_TABLE = 'portal_leads';

type PgRow = Record<string, unknown>;

const present = (value: unknown) => value !== null && value !== undefined && value !== '';

/**
 * What is wrong with the rows only the list wrote (no eventId): each must be one listed lead (its
 * own listId, once), beside exactly one callback row of the same lead it could not be tied to (one
 * matchKey), that callback row left as the callback wrote it (no list columns: not merged).
 */
function untiedRowsWrong(rows: PgRow[]): string[] {
	const listIds = rows.map((row) => row.listId).filter(present);
	const wrong: string[] = [];
	if (new Set(listIds).size !== listIds.length) wrong.push(`a listId twice: ${listIds.join()}`);
	for (const row of rows.filter((one) => !present(one.eventId))) {
		const pair = rows.filter(
			(one) => one !== row && present(one.matchKey) && one.matchKey === row.matchKey,
		);
		const fine =
			present(row.listId) &&
			pair.length === 1 &&
			present(pair[0].eventId) &&
			!present(pair[0].listId) &&
			pair[0].leadKey !== row.leadKey;
		if (!fine) wrong.push(JSON.stringify({ row, pair }));
	}
	return wrong;
}

describe('where leads land: the Data table and PostgreSQL examples in a real n8n', () => {
	let services: Services;
	let stack: PortalStack;
	let servicesFolder: string;
	/** Ads associated to both interfaces: a lead on one reaches both, each with its own event id. */
	let sharedAds: number[];
	const workflows: StoredWorkflow[] = [];
	/** The event ids each destination must hold: the read-write interface's and the read-only one's. */
	const expected = { table: new Set<string>(), postgres: new Set<string>() };

	beforeAll(async () => {
		servicesFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'destinations-services-'));
		services = startServices(servicesFolder, ['postgres']);
		stack = await startPortalStack('destinations');
		sharedAds = await stack.portal.associateToLec();
	}, 900_000);

	afterAll(async () => {
		await stack?.stop();
		services?.stop();
		fs.rmSync(servicesFolder, { recursive: true, force: true });
	});

	/** The PostgreSQL table's rows, each as an object of its (camelCase) columns; NULL as null. */
	const pgRows = (): PgRow[] =>
		services
			.query(`SELECT row_to_json(t)::text FROM ${PG_TABLE} t ORDER BY "leadKey"`, 'leads')
			.map(([json]) => JSON.parse(json) as PgRow);

	/** Three leads on an ad associated to both interfaces; the event ids per interface. */
	async function threeLeads() {
		const [adId] = sharedAds;
		const made = [
			await stack.portal.createLead(adId, {
				tipoEvento: 'CONTACTO_MENSAJE',
				nombre: 'Ana Pérez',
				email: 'ana.perez@example.com',
				mensaje: '¿Sigue disponible?',
			}),
			await stack.portal.createLead(adId, { tipoEvento: 'CONTACTO', anonymous: true }),
			// A body variant nobody documented: the phone and the contact type as objects.
			await stack.portal.createLead(adId, {
				tipoEvento: 'CONTACTO',
				variant: { idTipoContacto: { id: 6 }, telefono: { numero: '5555-0101' } },
			}),
		];
		const ids = (interfaceId: string) =>
			made.map((events) => events.find((e) => e.interfaceId === interfaceId)?.idEvento);
		return { les: ids('demo-les'), lec: ids('demo-lec') };
	}

	it('Data table: "Run once" creates Portal leads with a column per field; every lead is one row, an unreadable one too', async () => {
		const workflow = await importLandingExample(stack.owner, 'leadsToDataTable', stack.credential);
		workflows.push(workflow);
		const table = await stack.owner.api.dataTableNamed(LEADS_TABLE);
		const setUp = readExample('leadsToDataTable').nodes.find(
			(node) => (node.parameters as { operation?: string }).operation === 'create',
		)!;
		const declared = (setUp.parameters as { columns: { column: Array<{ name: string }> } }).columns
			.column;
		expect(table?.columns.map((c) => c.name).sort()).toEqual(declared.map((c) => c.name).sort());
		// The row's columns, in the row's order, each of the type the row writes into it.
		const inOrder = [...(table?.columns ?? [])] as Array<{
			name: string;
			type: string;
			index?: number;
		}>;
		inOrder.sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
		expect(inOrder.map((c) => [c.name, c.type])).toEqual(
			ROW_COLUMNS.map(([name, type]) => [name, type]),
		);

		expect(await publishWorkflow(stack.owner, workflow.id)).toMatchObject({ status: 'published' });
		const { les } = await threeLeads();
		les.forEach((id) => expected.table.add(id!));

		const rows = await until(
			() => leadsTableRows(stack.owner),
			(found) => found.filter((row) => present(row.eventId)).length >= 3,
			'three rows in the data table',
		);
		// Deliveries run concurrently: rows come in whatever order they landed.
		const byId = new Map(
			rows.filter((row) => present(row.eventId)).map((row) => [row.eventId, row]),
		);
		expect([...byId.keys()].sort()).toEqual([...les].sort());
		const [message, phoneView, variant] = les.map((id) => byId.get(id)!);
		expect(message).toMatchObject({
			eventType: 'CONTACTO_MENSAJE',
			contactType: 'message',
			name: 'Ana Pérez',
			email: 'ana.perez@example.com',
			message: '¿Sigue disponible?',
			isAnonymous: false,
			unreadableFields: null,
			rawBody: null,
		});
		expect(message.registeredAt).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/));
		expect(message.when).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} /));
		expect(phoneView).toMatchObject({
			eventType: 'CONTACTO',
			name: null,
			email: null,
			isAnonymous: true,
		});
		// What the callback could not read is not written: no phone, no contact type.
		expect(variant).toMatchObject({
			eventType: 'CONTACTO',
			email: 'maria.gonzalez@example.com',
			registeredAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
			phone: null,
			contactType: null,
			unreadableFields: 'idTipoContacto, telefono',
		});
		expect(JSON.parse(variant.rawBody as string)).toMatchObject({
			idEvento: les[2],
			idTipoContacto: { id: 6 },
			telefono: { numero: '5555-0101' },
		});
		// The portal's answer waits for the lead's own write alone: a callback's run fills no row of
		// its ad (the list's runs do).
		const callbackRuns = await stack.owner.api.waitForExecutions(workflow.id, 3, {
			mode: 'webhook',
		});
		const nodesRun = callbackRuns.map((run) => Object.keys(run.data!.resultData.runData).sort());
		const upToTheIf = [LANDING_CALLBACK_TRIGGER, LANDING_UPSERT, LANDING_DETAILS_IF].sort();
		expect(nodesRun).toEqual(callbackRuns.map(() => upToTheIf));
	}, 180_000);

	it('PostgreSQL: "Run once" creates portal_leads (leadKey the primary key, a column per row column); every lead is one row, an unreadable one too', async () => {
		const { pgPort } = services;
		const database = await createLeadsDatabaseCredential(stack.owner, pgPort!);
		const readOnly = await createReadOnlyPortalCredential(stack.owner.api, stack.sandbox.url);
		const workflow = await importLandingExample(stack.owner, 'leadsToPostgres', readOnly, {
			postgres: database,
		});
		workflows.push(workflow);
		const [[primaryKey]] = services.query(
			`SELECT a.attname FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey) WHERE i.indrelid = '${PG_TABLE}'::regclass AND i.indisprimary`,
			'leads',
		);
		expect(primaryKey).toBe('leadKey');
		const columns = services
			.query(
				`SELECT column_name FROM information_schema.columns WHERE table_name = '${PG_TABLE}' ORDER BY ordinal_position`,
				'leads',
			)
			.map(([name]) => name);
		expect(columns).toEqual(ROW_COLUMNS.map(([name]) => name));

		expect(await publishWorkflow(stack.owner, workflow.id)).toMatchObject({ status: 'published' });
		const { les, lec } = await threeLeads();
		les.forEach((id) => expected.table.add(id!));
		lec.forEach((id) => expected.postgres.add(id!));

		// The lead list (every 5 minutes) may list a lead meanwhile: a row it cannot tie to the
		// callback's is a row of its own (untiedRowsWrong checks it, after the restart below).
		const landed = await until(
			pgRows,
			(found) => found.filter((row) => present(row.eventId)).length >= 3,
			'three rows in PostgreSQL',
		);
		const byId = new Map(
			landed.filter((row) => present(row.eventId)).map((row) => [row.eventId, row]),
		);
		expect([...byId.keys()].sort()).toEqual([...lec].sort());
		const rows = lec.map((id) => byId.get(id!)!);
		expect(rows[0]).toMatchObject({
			eventId: lec[0],
			eventType: 'CONTACTO_MENSAJE',
			name: 'Ana Pérez',
			email: 'ana.perez@example.com',
			phone: '+54 11 5555-0101',
			isAnonymous: false,
			registeredAt: expect.any(String),
			unreadableFields: null,
			rawBody: null,
		});
		// What a lead did not say stays NULL: the row carries no '' for it.
		expect(rows[1]).toMatchObject({
			eventType: 'CONTACTO',
			name: null,
			email: null,
			phone: null,
			isAnonymous: true,
		});
		expect(rows[2]).toMatchObject({
			email: 'maria.gonzalez@example.com',
			phone: null,
			contactType: null,
			registeredAt: expect.any(String),
			unreadableFields: 'idTipoContacto, telefono',
		});
		const { rawBody } = rows[2];
		expect(typeof rawBody === 'string' ? JSON.parse(rawBody) : rawBody).toMatchObject({
			idEvento: lec[2],
			telefono: { numero: '5555-0101' },
		});
		// Both published at once: the data table got the read-write interface's events meanwhile.
		await until(
			() => leadsTableRows(stack.owner),
			(found) => found.length === expected.table.size,
			'the data table to catch up',
		);
	}, 180_000);

	it('answered once the row is written: a lead whose insert fails gets a 500, is sent again, and lands', async () => {
		services.query('ALTER TABLE portal_leads RENAME TO portal_leads_away', 'leads');
		const made = await stack.portal.lead(sharedAds[0], {
			tipoEvento: 'CONTACTO_MENSAJE',
			nombre: 'Lucía Retry',
		});
		const [les, lec] = ['demo-les', 'demo-lec'].map(
			(id) => made.events.find((event) => event.interfaceId === id)!.idEvento,
		);
		const attemptsOf = () => stack.sandbox.deliveries().filter((d) => d.idEvento === lec);
		await until(attemptsOf, (attempts) => attempts.length > 0, 'the first delivery attempt');
		services.query('ALTER TABLE portal_leads_away RENAME TO portal_leads', 'leads');
		await until(pgRows, (rows) => rows.some((row) => row.eventId === lec), 'the lead to land');
		expected.table.add(les);
		expected.postgres.add(lec);
		// The row is written before n8n answers: the portal hears the success a moment after it.
		const attempts = await until(
			attemptsOf,
			(all) => all.some((attempt) => attempt.outcome === 'success'),
			'the portal to hear the success',
		);
		expect(attempts[0]).toMatchObject({ status: 500, outcome: 'failure' });
		expect(attempts.at(-1)).toMatchObject({ status: 200, outcome: 'success', responseBody: '' });
		expect(pgRows().filter((row) => row.eventId === lec)).toHaveLength(1);
	}, 120_000);

	it('after an n8n restart, every delivery sent again runs again and still leaves one row per lead in both tables', async () => {
		// Every delivery of the earlier tests over (succeeded, or given up) before counting them.
		await stack.sandbox.waitForIdle(120_000);
		const delivered = stack.sandbox
			.deliveries()
			.filter((d) => d.outcome === 'success' && !d.duplicate);
		expect(delivered).toHaveLength(expected.table.size + expected.postgres.size);
		const executionsBefore = await executionCount();
		const failedBefore = await failedExecutions();

		// A restart empties the trigger's in-process duplicate memory: repeats get through to the tables.
		await stack.restartN8n();
		let ran = 0;
		for (const delivery of delivered) {
			const answer = await fetch(delivery.url, {
				method: 'POST',
				headers: delivery.headers,
				body: JSON.stringify(delivery.body),
			});
			expect(answer.status).toBe(200);
			// Answered `ignored` when a duplicate memory still had it; otherwise the workflow ran.
			if (!(await answer.text()).includes('"ignored"')) ran++;
		}
		expect(ran).toBeGreaterThan(0);
		await until(executionCount, (count) => count === executionsBefore + ran, 'the repeats to run');

		// The restarted Poll Trigger lists the leads of its window again: a lead it ties to the
		// callback's row adds to that row; one it cannot tie is a row of its own beside it.
		const tableRows = await leadsTableRows(stack.owner);
		expect(
			tableRows
				.map((row) => row.eventId)
				.filter(present)
				.sort(),
		).toEqual([...expected.table].sort());
		expect(untiedRowsWrong(tableRows)).toEqual([]);
		const postgresRows = pgRows();
		expect(
			postgresRows
				.map((row) => row.eventId)
				.filter(present)
				.sort(),
		).toEqual([...expected.postgres].sort());
		expect(untiedRowsWrong(postgresRows)).toEqual([]);
		expect(await failedExecutions()).toEqual(failedBefore);
	}, 300_000);

	async function failedExecutions() {
		return (await stack.owner.api.listExecutions({ status: 'error', limit: 250 })).map((e) => e.id);
	}

	/** Finished executions the callback started (the lead list's polls start others). */
	async function executionCount() {
		let count = 0;
		for (const workflow of workflows) {
			const executions = await stack.owner.api.listExecutions({
				workflowId: workflow.id,
				limit: 250,
			});
			count += executions.filter(
				(execution) => execution.stoppedAt !== null && execution.mode === 'webhook',
			).length;
		}
		return count;
	}

	it.each([
		['Google Sheets', 'sheetsTemplate'],
		['HubSpot', 'hubspotTemplate'],
	] as const)(
		'%s template: imported, every node type and version exists in this n8n and n8n reports no parameter issue',
		async (_name, example) => {
			const imported = await stack.owner.api.createWorkflow(loadExample(example, stack.credential));
			const stored = await stack.owner.api.getWorkflow(imported.id);
			const nodeTypes = (await stack.owner.session.nodeTypes()) as never;

			expect(stored.nodes.length).toBe(readExample(example).nodes.length);
			expect(nodeIssues(stored.nodes as never, nodeTypes)).toEqual({});
		},
		60_000,
	);
});
