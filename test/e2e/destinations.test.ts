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
	LEADS_TABLE,
	createLeadsDatabaseCredential,
	DEMO_LEC_TOKEN,
	createPortalCredential,
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

const PG_TABLE = 'portal_leads';

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

	const pgRows = () =>
		services.query(
			`SELECT event_id, event_type, name, email, phone, is_anonymous, registered_at IS NOT NULL, unreadable_fields, raw_body::text, source FROM ${PG_TABLE} ORDER BY first_received_at`,
			'leads',
		);

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

		expect(await publishWorkflow(stack.owner, workflow.id)).toMatchObject({ status: 'published' });
		const { les } = await threeLeads();
		les.forEach((id) => expected.table.add(id!));

		const rows = await until(
			() => leadsTableRows(stack.owner),
			(found) => found.length >= 3,
			'three rows in the data table',
		);
		// Deliveries run concurrently: rows come in whatever order they landed.
		const byId = new Map(rows.map((row) => [row.eventId, row]));
		expect([...byId.keys()].sort()).toEqual([...les].sort());
		const [message, phoneView, variant] = les.map((id) => byId.get(id)!);
		expect(message).toMatchObject({
			eventType: 'CONTACTO_MENSAJE',
			contactType: 'message',
			name: 'Ana Pérez',
			email: 'ana.perez@example.com',
			message: '¿Sigue disponible?',
			isAnonymous: false,
			source: 'callback',
			unreadableFields: null,
			rawBody: null,
		});
		expect(message.registeredAt).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/));
		expect(phoneView).toMatchObject({ eventType: 'CONTACTO', name: null, isAnonymous: true });
		expect(variant).toMatchObject({
			eventType: 'CONTACTO',
			email: 'maria.gonzalez@example.com',
			registeredAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
			phone: null,
			unreadableFields: 'idTipoContacto, telefono',
		});
		expect(JSON.parse(variant.rawBody as string)).toMatchObject({
			idEvento: les[2],
			idTipoContacto: { id: 6 },
			telefono: { numero: '5555-0101' },
		});
	}, 180_000);

	it('PostgreSQL: "Run once" creates portal_leads (lead_key the primary key); every lead is one row, an unreadable one too', async () => {
		const { pgPort } = services;
		const database = await createLeadsDatabaseCredential(stack.owner, pgPort!);
		const readOnly = await createPortalCredential(
			stack.owner.api,
			stack.sandbox.url,
			'Real Estate Portal (read-only interface)',
			DEMO_LEC_TOKEN,
			'LEC',
		);
		const workflow = await importLandingExample(stack.owner, 'leadsToPostgres', readOnly, {
			postgres: database,
		});
		workflows.push(workflow);
		const [[primaryKey]] = services.query(
			`SELECT a.attname FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey) WHERE i.indrelid = '${PG_TABLE}'::regclass AND i.indisprimary`,
			'leads',
		);
		expect(primaryKey).toBe('lead_key');

		expect(await publishWorkflow(stack.owner, workflow.id)).toMatchObject({ status: 'published' });
		const { les, lec } = await threeLeads();
		les.forEach((id) => expected.table.add(id!));
		lec.forEach((id) => expected.postgres.add(id!));

		const landed = await until(pgRows, (found) => found.length >= 3, 'three rows in PostgreSQL');
		const byId = new Map(landed.map((row) => [row[0], row]));
		expect([...byId.keys()].sort()).toEqual([...lec].sort());
		const rows = lec.map((id) => byId.get(id!)!);
		expect(rows[0]).toEqual([
			lec[0],
			'CONTACTO_MENSAJE',
			'Ana Pérez',
			'ana.perez@example.com',
			'+54 11 5555-0101',
			'f',
			't',
			'',
			'',
			'callback',
		]);
		expect(rows[1].slice(1, 6)).toEqual(['CONTACTO', '', '', '', 't']);
		const [, , , email, phone, , registered, unreadable, rawBody] = rows[2];
		expect([email, phone, registered, unreadable]).toEqual([
			'maria.gonzalez@example.com',
			'',
			't',
			'idTipoContacto, telefono',
		]);
		expect(JSON.parse(rawBody)).toMatchObject({
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
		await until(pgRows, (rows) => rows.some(([id]) => id === lec), 'the lead to land');
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
		expect(pgRows().filter(([id]) => id === lec)).toHaveLength(1);
	}, 120_000);

	it('after an n8n restart, every delivery sent again runs again and still leaves one row per lead in both tables', async () => {
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

		const tableIds = (await leadsTableRows(stack.owner)).map((row) => row.eventId);
		expect(tableIds.sort()).toEqual([...expected.table].sort());
		expect(
			pgRows()
				.map(([eventId]) => eventId)
				.sort(),
		).toEqual([...expected.postgres].sort());
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
