/**
 * A destination that refuses writes for minutes while leads arrive, in a real n8n with the Data
 * table and PostgreSQL examples as shipped (their lists polled every minute for the test): each
 * callback fails its write and is answered 500 until the portal gives it up, and the polls in that
 * time fail their writes too. Once the destination is back, "Emit Again Within" lands what was
 * listed meanwhile: every lead one row in each table, none twice, a body with fields of unknown
 * shape too. (An anonymous prospect's phone view is not in the lead list: once the portal gives its
 * callback up, nothing can bring it back; these leads are named.)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import {
	LANDING_LIST_TRIGGER,
	LEADS_TABLE,
	POLL_EVERY_MINUTE,
	createLeadsDatabaseCredential,
	createReadOnlyPortalCredential,
	everyDeliveryOver,
	importLandingExample,
	leadsTableRows,
	publishWorkflow,
	startPortalStack,
	startServices,
	until,
	withParameters,
	type PortalStack,
	type Services,
	type WorkflowDefinition,
} from './support';

const PG_TABLE = 'portal_leads';
/** The portal gives a delivery up after three quick retries: long before the destination is back. */
const RETRY_SCHEDULE_MS = [500, 1_000, 2_000];
/** How long the destination refuses writes: at least two of the lists' polls fail their writes. */
const DOWN_MS = 150_000;
const everyMinute = (workflow: WorkflowDefinition) =>
	withParameters(workflow, LANDING_LIST_TRIGGER, POLL_EVERY_MINUTE);

describe('the destination refusing writes for minutes, the portal giving its callbacks up', () => {
	let services: Services;
	let stack: PortalStack;
	let servicesFolder: string;

	beforeAll(async () => {
		servicesFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'destination-down-'));
		services = startServices(servicesFolder, ['postgres']);
		stack = await startPortalStack('destination-down', {
			sandbox: { retrySchedule: RETRY_SCHEDULE_MS, deliveryTimeoutMs: 1_500 },
		});
	}, 900_000);

	afterAll(async () => {
		await stack?.stop();
		services?.stop();
		fs.rmSync(servicesFolder, { recursive: true, force: true });
	});

	const pgNames = () =>
		services
			.query(`SELECT "name" FROM ${PG_TABLE} WHERE "name" IS NOT NULL`, 'leads')
			.map(([n]) => n);

	it('every lead made meanwhile is one row in each table once it is back, none twice', async () => {
		const sharedAds = await stack.portal.associateToLec();
		const table = await importLandingExample(
			stack.owner,
			'leadsToDataTable',
			stack.credential,
			{},
			everyMinute,
		);
		const database = await createLeadsDatabaseCredential(stack.owner, services.pgPort!);
		const readOnly = await createReadOnlyPortalCredential(stack.owner.api, stack.sandbox.url);
		const postgres = await importLandingExample(
			stack.owner,
			'leadsToPostgres',
			readOnly,
			{ postgres: database },
			everyMinute,
		);
		for (const workflow of [table, postgres])
			expect((await publishWorkflow(stack.owner, workflow.id)).status).toBe('published');
		// Both lists record their starting point before anything is made.
		await new Promise((resolve) => setTimeout(resolve, 5_000));

		// Down: the Data table renamed away, the PostgreSQL table too; every write fails.
		const { id: tableId } = (await stack.owner.api.dataTableNamed(LEADS_TABLE))!;
		// n8n finds a table by a name it contains: the new one holds nothing of the old.
		await stack.owner.api.renameDataTable(tableId, 'Parked while down');
		services.query(`ALTER TABLE ${PG_TABLE} RENAME TO ${PG_TABLE}_away`, 'leads');
		const downSince = Date.now();

		const [adId] = sharedAds;
		const names = ['Ana Down', 'Bruno Down', 'Carla Down', 'Diego Down', 'Elena Down'];
		const eventIds: string[] = [];
		for (const [n, name] of names.entries()) {
			const body =
				n % 2 === 0
					? {
							tipoEvento: 'CONTACTO_MENSAJE',
							nombre: name,
							mensaje: `Hola ${n}`,
							email: `d${n}@example.com`,
						}
					: { tipoEvento: 'CONTACTO', nombre: name, email: `d${n}@example.com` };
			const events = await stack.portal.createLead(adId, body);
			eventIds.push(...events.map((event) => event.idEvento));
		}
		// A body with a field of a shape nobody documented: an object where text is expected.
		const oddName = 'Fabio Down';
		names.push(oddName);
		const odd = await stack.portal.createLead(adId, {
			tipoEvento: 'CONTACTO_MENSAJE',
			nombre: oddName,
			mensaje: 'Hola',
			email: 'odd@example.com',
			variant: { telefono: { numero: '5555-0199' } },
		});
		eventIds.push(...odd.map((event) => event.idEvento));
		// The portal gives every callback up while the destination is down.
		const attempts = await stack.sandbox.waitForDeliveries(everyDeliveryOver(eventIds), DOWN_MS);
		const givenUp = attempts.filter((a) => a.final && a.outcome !== 'success');
		expect(givenUp.map((a) => a.idEvento).sort()).toEqual([...eventIds].sort());
		await new Promise((resolve) =>
			setTimeout(resolve, Math.max(0, downSince + DOWN_MS - Date.now())),
		);

		// Back.
		await stack.owner.api.renameDataTable(tableId, LEADS_TABLE);
		services.query(`ALTER TABLE ${PG_TABLE}_away RENAME TO ${PG_TABLE}`, 'leads');
		const rows = await until(
			() => leadsTableRows(stack.owner),
			(found) => names.every((name) => found.some((row) => row.name === name)),
			'every lead in the Data table',
			240_000,
		);
		await until(
			async () => pgNames(),
			(found) => names.every((name) => found.includes(name)),
			'every lead in PostgreSQL',
			120_000,
		);
		// A poll more, emitting them again: still one row each.
		await new Promise((resolve) => setTimeout(resolve, 70_000));
		const count = (all: string[]) => names.map((name) => all.filter((one) => one === name).length);
		const tableNames = (await leadsTableRows(stack.owner)).map((row) => String(row.name));
		expect(count(tableNames)).toEqual(names.map(() => 1));
		expect(count(pgNames())).toEqual(names.map(() => 1));
		expect(rows.filter((row) => names.includes(String(row.name))).every((row) => row.listId)).toBe(
			true,
		);
	}, 900_000);
});
