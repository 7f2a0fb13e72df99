/**
 * The destinations of the exactly-once suites, set up as a user sets them up: the Data table lead
 * example on the read-write interface's credential, the PostgreSQL example on the read-only one's
 * (each interface has one callback URL, so both triggers can be live at once and every lead reaches
 * both); and reading back what landed, whichever path of the landing workflow wrote it.
 */
import { setTimeout as sleep } from 'node:timers/promises';

import type { Sandbox } from '../../../sandbox';
import {
	N8nHttpError,
	createLeadsDatabaseCredential,
	createReadOnlyPortalCredential,
	importLandingExample,
	leadsTableRows,
	publishWorkflow,
	type ProvisionedN8n,
	type Services,
	type StoredWorkflow,
} from '../../e2e/support';
import { landed, type LandingFigure } from './landed';
import { lateRepeats as lateRepeatsOf, type Storm } from './leadStorm';

export interface Destinations {
	dataTable: StoredWorkflow;
	postgres: StoredWorkflow;
}

export async function publishDestinations(
	owner: ProvisionedN8n,
	readWrite: { id: string; name: string },
	sandboxUrl: string,
	pgPort: number,
): Promise<Destinations> {
	const readOnly = await createReadOnlyPortalCredential(owner.api, sandboxUrl);
	const database = await createLeadsDatabaseCredential(owner, pgPort);
	const destinations: Destinations = {
		dataTable: await importLandingExample(owner, 'leadsToDataTable', readWrite),
		postgres: await importLandingExample(owner, 'leadsToPostgres', readOnly, {
			postgres: database,
		}),
	};
	for (const workflow of Object.values(destinations)) {
		const publication = await publishWorkflow(owner, workflow.id);
		if (publication.status !== 'published')
			throw new Error(`"${workflow.name}" was not published: ${JSON.stringify(publication)}`);
	}
	return destinations;
}

/**
 * n8n answers 503 "Database is not ready" while its database does not answer its health check in
 * time (SQLite on a loaded machine): asked again a little later.
 */
export async function whenDatabaseReady<T>(
	read: () => Promise<T>,
	timeoutMs = 120_000,
): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		try {
			return await read();
		} catch (error) {
			if (!(error instanceof N8nHttpError && error.status === 503) || Date.now() > deadline)
				throw error;
			await sleep(2_000);
		}
	}
}

/**
 * The leads in each destination, one entry per row, by the prospect's e-mail (one per lead of a
 * storm): a row counts whichever path of the landing workflow wrote it, the callback or the list.
 */
export async function landedIds(owner: ProvisionedN8n, services: Services) {
	const rows = await whenDatabaseReady(() => leadsTableRows(owner));
	return {
		dataTable: rows.map((row) => String(row.email)),
		postgres: services.query('SELECT email FROM portal_leads', 'leads').map(([email]) => email),
	};
}

/**
 * Waits until the destinations stop changing: no row added for `quietMs` (the workers, or the
 * one process, have run every execution the deliveries started).
 */
export async function settle(
	owner: ProvisionedN8n,
	services: Services,
	quietMs = 15_000,
	timeoutMs = 900_000,
) {
	const deadline = Date.now() + timeoutMs;
	let last = '';
	let since = Date.now();
	for (;;) {
		const ids = await landedIds(owner, services);
		const now = `${ids.dataTable.length}/${ids.postgres.length}`;
		if (now !== last) {
			last = now;
			since = Date.now();
		} else if (Date.now() - since >= quietMs) {
			return ids;
		}
		if (Date.now() > deadline) throw new Error('the destinations did not settle');
		await sleep(1_000);
	}
}

/** What every step after a storm is given. */
interface AfterTheStorm {
	owner: ProvisionedN8n;
	services: Services;
	sandbox: Sandbox;
	storm: Storm;
	/** Saved deliveries sent again once the storm is over, per interface. */
	lateRepeats: number;
}

/** What each destination holds after a storm, as the figures of the suite's board. */
async function measureDestinations(
	args: AfterTheStorm & { destinations: Destinations; scenario: string },
): Promise<Record<'dataTable' | 'postgres', LandingFigure>> {
	const { owner, services, sandbox, destinations, storm, scenario, lateRepeats } = args;
	const ids = await landedIds(owner, services);
	const deliveries = sandbox.deliveries();
	const executionsOf = (workflow: StoredWorkflow) =>
		whenDatabaseReady(() => owner.api.countExecutions(workflow.id));
	const callbackFigure = async (
		interfaceId: string,
		destination: string,
		workflow: StoredWorkflow,
		rowIds: string[],
	): Promise<LandingFigure> => {
		const expected = storm.emails.get(interfaceId) ?? [];
		const mine = deliveries.filter((d) => d.interfaceId === interfaceId);
		const twice = mine.filter((d) => d.duplicate).length;
		const failed = mine.filter((d) => d.outcome !== 'success').length;
		const givenUp = mine.filter((d) => d.final && d.outcome !== 'success' && !d.duplicate).length;
		return {
			scenario,
			destination,
			leads: expected.length,
			deliveries: mine.length + lateRepeats,
			executions: await executionsOf(workflow),
			...landed(expected, rowIds),
			givenUp,
			notes: `${twice} sent twice at once, ${failed} failed attempts retried, ${givenUp} given up; ${lateRepeats} late repeats`,
		};
	};
	return {
		dataTable: await callbackFigure(
			'demo-les',
			'Data table (callback and lead list, keyed on leadKey)',
			destinations.dataTable,
			ids.dataTable,
		),
		postgres: await callbackFigure(
			'demo-lec',
			'PostgreSQL (callback and lead list, Insert or Update on "leadKey")',
			destinations.postgres,
			ids.postgres,
		),
	};
}

/** After the storm: every delivery done, the late repeats sent, the destinations settled. */
async function finishStorm(args: AfterTheStorm & { concurrency: number }): Promise<number[]> {
	const { owner, services, sandbox, storm } = args;
	let since = Date.now();
	const took = (what: string) => {
		storm.log.push(`${what} in ${Math.round((Date.now() - since) / 1_000)} s`);
		since = Date.now();
	};
	await sandbox.waitForIdle(1_800_000);
	took('last retries of the storm over');
	const answers: number[] = [];
	for (const ids of storm.eventIds.values())
		answers.push(...(await lateRepeatsOf(sandbox, ids, args.lateRepeats, args.concurrency)));
	took('late repeats answered');
	await settle(owner, services);
	took('destinations settled');
	return answers;
}

/**
 * The end of a storm: `finishStorm`, then `measureDestinations`. Answers the late repeats' HTTP
 * statuses and each destination's figures.
 */
export async function finishAndMeasure(
	args: AfterTheStorm & { destinations: Destinations; scenario: string; concurrency: number },
) {
	const late = await finishStorm(args);
	return { late, figures: await measureDestinations(args) };
}
