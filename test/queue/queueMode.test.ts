/**
 * Suite 4, distributed: n8n 2.41.1 in queue mode (Redis, PostgreSQL, a main process, a webhook
 * process and two workers sharing one user folder with the package installed), the lead workflow
 * active, and the emulator delivering 1,000 distinct leads, created at a concurrency of 20, plus
 * repeated deliveries of some of them (the emulator's duplicate deliveries, same idEvento).
 * Figures: executions, lost (must be 0), duplicated (executions beyond one per event).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSandbox, type Sandbox } from '../../sandbox';
import {
	SandboxClient,
	TRIGGER_TYPE,
	createPortalCredential,
	freePort,
	installPackageInto,
	provisionOwner,
	publishWorkflow,
	startN8n,
	type RunningN8n,
} from '../e2e/support';
import { FigureBoard } from '../reliability/support/figures';
import { startServices, type Services } from '../e2e/support/services';

jest.setTimeout(1_800_000);

const LEADS = 1_000;
const CONCURRENCY = 20;
const REPEATED = 200;

const board = new FigureBoard(
	'queue mode (n8n 2.41.1: main + webhook + 2 workers, Redis, PostgreSQL)',
);
const started = Date.now();
let folder: string;
let services: Services | undefined;
let sandbox: Sandbox | undefined;
const processes: RunningN8n[] = [];

afterAll(async () => {
	board.print();
	process.stdout.write(`queue suite run time: ${Math.round((Date.now() - started) / 1000)} s\n`);
	for (const n8n of processes.reverse()) await n8n.stop();
	await sandbox?.close();
	services?.stop();
	for (const leftover of [folder, services?.folder])
		if (leftover) fs.rmSync(leftover, { recursive: true, force: true });
});

async function inBatches<T>(items: T[], size: number, work: (item: T) => Promise<void>) {
	let next = 0;
	await Promise.all(
		Array.from({ length: size }, async () => {
			while (next < items.length) await work(items[next++]);
		}),
	);
}

/** The lead workflow: the trigger alone, lead kinds, with the emulator's credential. */
function leadWorkflow(credential: { id: string; name: string }) {
	return {
		name: 'Leads',
		nodes: [
			{
				id: randomUUID(),
				name: 'Real Estate Portal Trigger',
				type: TRIGGER_TYPE,
				typeVersion: 1,
				position: [0, 0],
				webhookId: randomUUID(),
				parameters: { events: ['CONTACTO', 'CONTACTO_MENSAJE'] },
				credentials: { realEstatePortalApi: { id: credential.id, name: credential.name } },
			},
		],
		connections: {},
		settings: { executionOrder: 'v1' },
	} as never;
}

async function until(condition: () => boolean, timeoutMs: number, what: string, pollMs = 1_000) {
	const deadline = Date.now() + timeoutMs;
	while (!condition()) {
		if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
		await new Promise((resolve) => setTimeout(resolve, pollMs));
	}
}

test('1,000 leads plus repeated deliveries through a webhook process and two workers: none lost', async () => {
	folder = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-queue-'));
	const servicesFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-queue-services-'));
	services = startServices(servicesFolder);
	// The emulator repeats about one successful delivery in six with the same idEvento.
	sandbox = await startSandbox({
		port: 0,
		deliveryTimeoutMs: 10_000,
		// The portal retries for 72 hours; a few minutes of retries stand for that here.
		retrySchedule: [2_000, 5_000, 10_000, 20_000, 40_000, 60_000, 60_000, 60_000],
		faults: { duplicateRate: REPEATED / LEADS },
	});
	const userFolder = path.join(folder, 'n8n');
	await installPackageInto(userFolder);

	const webhookPort = await freePort();
	const queueEnv = {
		EXECUTIONS_MODE: 'queue',
		QUEUE_BULL_REDIS_HOST: '127.0.0.1',
		QUEUE_BULL_REDIS_PORT: String(services.redisPort),
		DB_TYPE: 'postgresdb',
		DB_POSTGRESDB_HOST: '127.0.0.1',
		DB_POSTGRESDB_PORT: String(services.pgPort),
		DB_POSTGRESDB_DATABASE: 'n8n',
		DB_POSTGRESDB_USER: 'n8n',
		DB_POSTGRESDB_PASSWORD: '',
		// The default pool of 2 connections starves under 20 concurrent webhook calls on 2 cores.
		DB_POSTGRESDB_POOL_SIZE: '10',
		DB_POSTGRESDB_CONNECTION_TIMEOUT: '60000',
		N8N_ENCRYPTION_KEY: 'queue-suite-encryption-key',
		// Every process shows (and the trigger registers) the webhook process's URL.
		N8N_WEBHOOK_URL: `http://127.0.0.1:${webhookPort}/`,
		QUEUE_HEALTH_CHECK_ACTIVE: 'true',
		N8N_CONCURRENCY_PRODUCTION_LIMIT: '-1',
		EXECUTIONS_DATA_SAVE_ON_SUCCESS: 'all',
	};
	const main = await startN8n({ userFolder, env: queueEnv, logName: 'queue-main' });
	processes.push(main);
	const others = await Promise.all([
		startN8n({
			userFolder,
			env: queueEnv,
			command: 'webhook',
			port: webhookPort,
			logName: 'queue-webhook',
		}),
		...[1, 2].map(async (n) => {
			const port = await freePort();
			return startN8n({
				userFolder,
				env: { ...queueEnv, QUEUE_HEALTH_CHECK_PORT: String(port) },
				command: 'worker',
				port,
				logName: `queue-worker-${n}`,
			});
		}),
	]);
	processes.push(...others);

	const owner = await provisionOwner(main.url);
	const credential = await createPortalCredential(owner.api, sandbox.url);
	const workflow = await owner.api.createWorkflow(leadWorkflow(credential));
	expect(await publishWorkflow(owner, workflow.id)).toMatchObject({ status: 'published' });
	const portal = new SandboxClient(sandbox.url);
	expect((await portal.interface()).configuration?.url).toContain(
		`127.0.0.1:${webhookPort}/webhook/`,
	);

	const online = new Set((await portal.ads('INMO-001')).map((ad) => ad.idAvisoPlat));
	const ads = (await portal.interface()).associations
		.filter((a) => online.has(a.idAvisoPlat))
		.map((a) => a.idAvisoPlat);
	const eventIds: string[] = [];
	// 20 lanes: each creates a lead and waits until the emulator has made its first delivery
	// attempt, so that about 20 deliveries are in flight at any time.
	const attempted = new Set<string>();
	const tracked = sandbox;
	await inBatches(
		Array.from({ length: LEADS }, (_unused, i) => ads[i % ads.length]),
		CONCURRENCY,
		async (adId) => {
			const events = await portal.createLead(adId, { tipoEvento: 'CONTACTO' });
			const ours = events
				.filter((event) => event.interfaceId === 'demo-les')
				.map((event) => event.idEvento);
			eventIds.push(...ours);
			await until(
				() => {
					for (const attempt of tracked.deliveries()) attempted.add(attempt.idEvento);
					return ours.every((id) => attempted.has(id));
				},
				600_000,
				'a delivery attempt',
				100,
			);
		},
	);
	expect(new Set(eventIds).size).toBe(LEADS);
	await sandbox.waitForIdle(600_000);

	const executionsOf = () =>
		Number(
			services!.query(
				`SELECT count(*) FROM execution_entity WHERE "workflowId" = '${workflow.id}' AND "stoppedAt" IS NOT NULL`,
			)[0][0],
		);
	const settle = async (atLeast: number) => {
		let previous = -1;
		await until(
			() => {
				const now = executionsOf();
				const stable = now === previous && now >= atLeast;
				previous = now;
				return stable;
			},
			600_000,
			'the workers to finish',
		);
	};
	const wanted = new Set(eventIds);
	const executionsPerEvent = () => {
		const perEvent = new Map<string, number>();
		for (const [data] of services!.query(
			`SELECT d.data FROM execution_data d JOIN execution_entity e ON e.id = d."executionId" WHERE e."workflowId" = '${workflow.id}'`,
		)) {
			const ids = new Set(
				[...data.matchAll(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g)]
					.map((m) => m[0])
					.filter((id) => wanted.has(id)),
			);
			for (const id of ids) perEvent.set(id, (perEvent.get(id) ?? 0) + 1);
		}
		return perEvent;
	};
	const extraRuns = (perEvent: Map<string, number>) =>
		[...perEvent.values()].reduce((sum, count) => sum + count - 1, 0);

	await settle(LEADS);
	const deliveries = sandbox.deliveries().filter((d) => d.interfaceId === 'demo-les');
	const perEvent = executionsPerEvent();
	const executions = executionsOf();
	const lost = eventIds.filter((id) => !perEvent.has(id)).length;
	const duplicated = extraRuns(perEvent);
	board.add({
		scenario: `${LEADS} distinct leads, deliveries ${CONCURRENCY} at a time, each repeated at once by the emulator with probability ${REPEATED / LEADS}`,
		inputs: deliveries.length,
		executions,
		lost,
		duplicated,
		crashes: 0,
		notes: `${deliveries.filter((d) => d.duplicate).length} immediate repeats, ${deliveries.filter((d) => d.outcome !== 'success').length} failed attempts retried by the emulator`,
	});
	expect(lost).toBe(0);
	expect(executions).toBe(LEADS + duplicated);

	// Late repeats: 200 of the deliveries sent again byte for byte, 20 at a time, once all is saved.
	const firstSuccess = new Map(
		deliveries.filter((d) => d.outcome === 'success' && !d.duplicate).map((d) => [d.idEvento, d]),
	);
	const replayed = eventIds
		.filter((_id, i) => i % (LEADS / REPEATED) === 0)
		.map((id) => firstSuccess.get(id)!);
	const answers: number[] = [];
	await inBatches(replayed, CONCURRENCY, async (delivery) => {
		const response = await fetch(delivery.url, {
			method: 'POST',
			headers: delivery.headers,
			body: JSON.stringify(delivery.body),
		});
		answers.push(response.status);
	});
	await new Promise((resolve) => setTimeout(resolve, 5_000));
	await settle(executions);
	const afterReplay = executionsPerEvent();
	const lateDuplicated = extraRuns(afterReplay) - duplicated;
	board.add({
		scenario: `${REPEATED} late repeats of saved events, ${CONCURRENCY} at a time`,
		inputs: replayed.length,
		executions: executionsOf() - executions,
		lost: 0,
		duplicated: lateDuplicated,
		crashes: answers.filter((status) => status >= 500).length,
		notes: `answers ${[...new Set(answers)].join('/')}`,
	});
	expect(answers.every((status) => status === 200)).toBe(true);

	// What the database holds of the trigger's duplicate window (workflow static data) at the end.
	const [[staticData = '']] = services.query(
		`SELECT coalesce("staticData"::text, '') FROM workflow_entity WHERE id = '${workflow.id}'`,
	);
	const remembered = new Set(
		[...staticData.matchAll(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g)]
			.map((m) => m[0])
			.filter((id) => wanted.has(id)),
	);
	process.stdout.write(
		`workflow static data in the database: ${staticData.length} characters, ${remembered.size} of the ${LEADS} event ids remembered\n`,
	);
});

test('for comparison, one n8n main process (SQLite): repeats of saved events', async () => {
	const COUNT = 30;
	const single = await startSandbox({ port: 0, deliveryTimeoutMs: 10_000 });
	const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-queue-single-'));
	try {
		await installPackageInto(userFolder, { build: false });
		const n8n = await startN8n({ userFolder, logName: 'queue-single-main' });
		processes.push(n8n);
		const owner = await provisionOwner(n8n.url);
		const workflow = await owner.api.createWorkflow(
			leadWorkflow(await createPortalCredential(owner.api, single.url)),
		);
		expect(await publishWorkflow(owner, workflow.id)).toMatchObject({ status: 'published' });
		const portal = new SandboxClient(single.url);
		const { idAvisoPlat } = await portal.associatedOnlineAd();
		for (let i = 0; i < COUNT; i++)
			await portal.createLead(idAvisoPlat, { tipoEvento: 'CONTACTO' });
		await single.waitForIdle(120_000);
		await owner.api.waitForExecutions(workflow.id, COUNT, 120_000);
		await new Promise((resolve) => setTimeout(resolve, 3_000));
		for (const delivery of single.deliveries().filter((d) => d.outcome === 'success')) {
			await fetch(delivery.url, {
				method: 'POST',
				headers: delivery.headers,
				body: JSON.stringify(delivery.body),
			});
		}
		await new Promise((resolve) => setTimeout(resolve, 10_000));
		const executions = (await owner.api.listExecutions({ workflowId: workflow.id, limit: 250 }))
			.length;
		board.add({
			scenario: `main process only: ${COUNT} leads, then each sent again once saved`,
			inputs: COUNT * 2,
			executions,
			lost: Math.max(0, COUNT - executions),
			duplicated: executions - COUNT,
			crashes: 0,
		});
		expect(executions).toBeGreaterThanOrEqual(COUNT);
	} finally {
		await single.close();
		fs.rmSync(userFolder, { recursive: true, force: true });
	}
});
