/**
 * n8n's door (deploy/haproxy/n8n-door.cfg, docs/deployment.md) in front of a real n8n:
 *
 * - n8n starts while the portal delivers leads to the door's URL (the landing example, Respond
 *   "When Last Node Finishes", published with the door as n8n's webhook base). Its database is
 *   migrated from scratch meanwhile, seconds during which n8n itself answers every request
 *   `200 "n8n is starting up. Please wait"`, which the portal would count as delivered. Through
 *   the door no delivery gets that answer: the door answers 503 with Retry-After until n8n's
 *   /healthz/readiness answers 200, and every lead ends as exactly one row once the workflow is
 *   published again (its trigger registers the secret the portal's retries carry).
 *
 * The limit, the line and the secret are HAProxy's alone: test/e2e/doorGuard.test.ts checks them
 * in front of a stand-in for n8n.
 */
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import {
	DEMO_INTERFACE,
	everyDeliveryOver,
	TRIGGER_TYPE,
	createPortalCredential,
	createTableOf,
	doorRefusal,
	freePort,
	leadsTableRows,
	loadExample,
	provisionOwner,
	publishWorkflow,
	startDoor,
	startPortalStack,
	type Door,
	type PortalStack,
	type ProvisionedN8n,
	type WorkflowDefinition,
} from './support';

/** What n8n answers, with 200, every request while it migrates its database at start. */
const N8N_STARTING_UP = 'n8n is starting up. Please wait';
const LIMIT = 2;
/**
 * A portal that retries every 250 ms and ignores Retry-After: with a burst made while n8n is
 * stopped, a hundred deliveries a second reach the door while n8n starts.
 */
const RETRY_EVERY_MS = 250;
const RETRIES = 600;
const LEAD_EVERY_MS = 250;
const BURST_WHILE_STOPPED = 30;

/** The landing example with `credential`, its trigger at `webhookId` (the URL the portal has). */
function landingWorkflow(credential: { id: string; name: string }, webhookId?: string) {
	const workflow = loadExample('leadsToDataTable', credential);
	const trigger = workflow.nodes.find((node) => node.type === TRIGGER_TYPE)!;
	if (webhookId) trigger.webhookId = webhookId;
	return { workflow, webhookId: String(trigger.webhookId) };
}

/** Imports and publishes the landing example; its table is created first. */
async function publishLanding(owner: ProvisionedN8n, workflow: WorkflowDefinition) {
	const stored = await owner.api.createWorkflow(workflow);
	await createTableOf(owner, stored);
	return (await publishWorkflow(owner, stored.id)).status;
}

/** n8n's own answers to a path no workflow registered, asked directly (not through the door). */
function probeN8nDirectly(port: number) {
	const answers = { startingUp: 0, other: 0, refused: 0 };
	let probing = true;
	const done = (async () => {
		for (; probing; await sleep(10)) {
			try {
				const response = await fetch(`http://127.0.0.1:${port}/webhook/door-test-probe`, {
					method: 'POST',
				});
				const text = await response.text();
				if (response.status === 200 && text.includes(N8N_STARTING_UP)) answers.startingUp++;
				else answers.other++;
			} catch {
				answers.refused++;
			}
		}
	})();
	return {
		answers,
		async stop() {
			probing = false;
			await done;
		},
	};
}

describe("n8n's door (HAProxy in front of n8n)", () => {
	let stack: PortalStack;
	let owner: ProvisionedN8n;
	let door: Door;

	beforeAll(async () => {
		const doorPort = await freePort();
		stack = await startPortalStack('door', {
			sandbox: {
				retrySchedule: Array<number>(RETRIES).fill(RETRY_EVERY_MS),
				deliveryTimeoutMs: 1_500,
				deliveriesKept: 100_000,
			},
			// The base of the URLs n8n gives webhook nodes: the trigger registers the door's.
			n8nEnv: { N8N_WEBHOOK_URL: `http://127.0.0.1:${doorPort}/` },
		});
		owner = stack.owner;
		door = startDoor({ n8nPort: stack.n8n.port, port: doorPort, limit: LIMIT });
	}, 900_000);

	afterAll(async () => {
		door?.stop();
		await stack?.stop();
	});

	it('answers 503 with Retry-After while n8n starts, never its "starting up" 200; every lead lands once', async () => {
		const landing = landingWorkflow(stack.credential);
		expect(await publishLanding(owner, landing.workflow)).toBe('published');
		expect((await stack.portal.interface()).configuration?.url).toBe(
			`${door.url}/webhook/${landing.webhookId}/real-estate-portal`,
		);
		const ad = await stack.portal.associatedOnlineAd();

		const eventIds: string[] = [];
		let leadsMade = 0;
		const makeLead = async () => {
			// Each its own prospect: two leads of one prospect, ad and kind in one second are one lead.
			const n = ++leadsMade;
			const events = await stack.portal.createLead(ad.idAvisoPlat, {
				tipoEvento: n % 2 === 0 ? 'CONTACTO' : 'CONTACTO_MENSAJE',
				nombre: `Prospect ${n}`,
				email: `prospect${n}@example.com`,
			});
			eventIds.push(
				...events.filter((e) => e.interfaceId === DEMO_INTERFACE).map((e) => e.idEvento),
			);
		};
		// Leads go on being made, and delivered to the door, from while n8n is stopped until its
		// workflow is published again; a burst while it is stopped keeps deliveries arriving in
		// numbers throughout its start.
		const databaseFiles = ['database.sqlite', 'database.sqlite-wal', 'database.sqlite-shm'].map(
			(file) => path.join(stack.n8n.userFolder, '.n8n', file),
		);
		let making = true;
		let stream: Promise<void> = Promise.resolve();
		const probe = probeN8nDirectly(stack.n8n.port);
		await stack.restartN8n(async () => {
			// Its whole database to migrate: n8n's "starting up" lasts seconds, as after an upgrade.
			for (const file of databaseFiles) fs.rmSync(file, { force: true });
			stream = (async () => {
				for (; making; await sleep(LEAD_EVERY_MS)) await makeLead();
			})();
			await Promise.all(Array.from({ length: BURST_WHILE_STOPPED }, makeLead));
		});
		await probe.stop();
		// The same credential and trigger URL: the trigger registers the secret the retries carry.
		owner = await provisionOwner(stack.n8n.url);
		const credential = await createPortalCredential(owner.api, stack.sandbox.url);
		expect(
			await publishLanding(owner, landingWorkflow(credential, landing.webhookId).workflow),
		).toBe('published');
		await sleep(2_000);
		making = false;
		await stream;

		const attempts = (
			await stack.sandbox.waitForDeliveries(
				everyDeliveryOver(eventIds),
				(RETRIES + 2) * RETRY_EVERY_MS,
			)
		).filter((attempt) => eventIds.includes(attempt.idEvento));
		const rows = (await leadsTableRows(owner)).map((row) => String(row.eventId));
		const rowsOf = (id: string) => rows.filter((one) => one === id).length;
		const refusedBy = (reason: string) =>
			attempts.filter((a) => a.status === 503 && doorRefusal(a.responseBody) === reason);
		const refusals = [...refusedBy('not ready'), ...refusedBy('busy')];
		console.log(
			`door: ${eventIds.length} leads, ${attempts.length} deliveries; the door answered ` +
				`${refusedBy('not ready').length} "not ready" and ${refusedBy('busy').length} "busy" ` +
				`(longest ${Math.max(0, ...refusals.map((a) => a.durationMs))} ms); asked directly ` +
				`meanwhile, n8n answered "starting up" ${probe.answers.startingUp} times, ` +
				`${probe.answers.other} other answers, ${probe.answers.refused} refused connections`,
		);

		expect(
			attempts.filter((a) => a.responseBody.includes(N8N_STARTING_UP)).map((a) => a.startedAt),
		).toEqual([]);
		// The deliveries did arrive while n8n was not ready.
		expect(refusedBy('not ready').length).toBeGreaterThan(0);
		expect(
			eventIds.filter((id) => !attempts.some((a) => a.idEvento === id && a.outcome === 'success')),
		).toEqual([]);
		expect(eventIds.filter((id) => rowsOf(id) !== 1)).toEqual([]);
	}, 600_000);
});
