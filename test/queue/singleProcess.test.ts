/**
 * Exactly once into the destination, one n8n process (SQLite), restarted in the middle of the run.
 * The Data table example (read-write interface) and the PostgreSQL example (read-only interface)
 * are published; 400 distinct leads are made 20 at a time, each delivered to both interfaces,
 * about one delivery in five sent twice at once; n8n is stopped and started again after 500 leads,
 * while leads go on being made; then 200 late repeats of saved deliveries per interface. Each table
 * must hold every lead once. Then the Poll Trigger example goes through an outage of its own: leads
 * made before, while n8n is stopped and after it started again land once in the data table.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import {
	startPortalStack,
	startServices,
	unpublishWorkflow,
	type PortalStack,
	type Services,
} from '../e2e/support';
import { finishAndMeasure, publishDestinations, type Destinations } from './support/destinations';
import { LandingBoard } from './support/landed';
import { leadStorm, type Storm } from './support/leadStorm';
import { pollThroughOutage } from './support/pollOutage';
import { STORM } from './support/storm';

jest.setTimeout(2_400_000);

const board = new LandingBoard('one n8n process (SQLite), restarted mid-run');
const started = Date.now();
let servicesFolder: string;
let services: Services | undefined;
let stack: PortalStack | undefined;

afterAll(async () => {
	board.print();
	process.stdout.write(`single-process suite: ${Math.round((Date.now() - started) / 1000)} s\n`);
	await stack?.stop();
	services?.stop();
	if (servicesFolder) fs.rmSync(servicesFolder, { recursive: true, force: true });
});

test('400 leads, repeats at once and late, n8n restarted mid-run: every lead once in each table', async () => {
	servicesFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'exactly-once-services-'));
	services = startServices(servicesFolder, ['postgres']);
	stack = await startPortalStack('exactly-once-single', {
		sandbox: STORM.sandbox,
		n8nEnv: STORM.n8nEnv,
	});
	const ads = await stack.portal.associateToLec();
	const destinations: Destinations = await publishDestinations(
		stack.owner,
		stack.credential,
		stack.sandbox.url,
		services.pgPort!,
	);
	const running = stack;

	const storm: Storm = await leadStorm({
		sandbox: running.sandbox,
		portal: running.portal,
		ads,
		leads: STORM.leads,
		concurrency: STORM.concurrency,
		interruptions: [
			{
				afterLeads: STORM.leads / 2,
				what: 'n8n stopped and started again',
				run: () => running.restartN8n(),
			},
		],
	});
	const { late, figures } = await finishAndMeasure({
		owner: running.owner,
		services,
		sandbox: running.sandbox,
		destinations,
		storm,
		scenario: `${STORM.leads} leads, ${STORM.concurrency} at a time, n8n restarted after ${STORM.leads / 2}`,
		lateRepeats: STORM.lateRepeats,
		concurrency: STORM.concurrency,
	});
	for (const figure of Object.values(figures)) board.add(figure);
	process.stdout.write(`${storm.log.join('\n')}\nlate repeats answered ${[...new Set(late)]}\n`);
	// Before any assertion: a failure here must not leave them writing into the next test's table.
	for (const workflow of Object.values(destinations))
		await unpublishWorkflow(running.owner, workflow.id);

	for (const figure of Object.values(figures)) {
		expect(figure).toMatchObject({ missing: 0, duplicateRows: 0, unexpected: 0 });
	}
	expect(late.every((status) => status === 200)).toBe(true);
});

test('Poll Trigger: leads made before, while n8n is stopped and after: each once in the data table', async () => {
	const figure = await pollThroughOutage(stack!, 50);
	board.add(figure);

	expect(figure).toMatchObject({
		missing: 0,
		duplicateRows: 0,
		unexpected: 0,
		emitted: { missing: 0, duplicateRows: 0, unexpected: 0 },
	});
});
