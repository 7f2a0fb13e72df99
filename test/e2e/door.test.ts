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
 * - 5,000 deliveries without the secret in 10 s, from one source, while 50 leads arrive: every lead
 *   lands through the callback, the editor answers through the door within 2 s throughout, the
 *   door's connections stay under its limit.
 * - n8n killed and started again with 20 first deliveries waiting in the door's line: with the
 *   trigger's path as the door's readiness check, none is let into the moment n8n's webhooks answer
 *   404 (before its workflows are active); every lead lands once, through the callback. (n8n
 *   2.41.1 with this one workflow showed no such moment: the check by /healthz/readiness passes
 *   too; the stand-in of doorGuard.test.ts has one and fails without the trigger's path.)
 * - HAProxy reloaded (`haproxy -sf`) with 20 first deliveries waiting: the old process lets them
 *   in; every lead lands once, through the callback, and runs once.
 *
 * The limit, the line and the secret alone: test/e2e/doorGuard.test.ts, in front of a stand-in.
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
	doorSeesN8nUp,
	floodWithoutSecret,
	send,
	statusOf,
	until,
	provisionOwner,
	publishWorkflow,
	startDoor,
	startPortalStack,
	type Door,
	type PortalStack,
	type Outcome,
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
/** The flood: this many deliveries without the secret, a batch every 100 ms, while leads arrive. */
const FLOOD = { requests: 5_000, batch: 50, everyMs: 100, patienceMs: 1_000 };
const FLOOD_LEADS = 50;
const FLOOD_SECONDS = 10;
/** First deliveries waiting in the door's line when n8n is killed. */
const HELD = 20;

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
	/** The landing workflow's trigger path, published in the first test and kept since. */
	let callbackPath: string;
	/** Its secret (the same at every publication: the credential's and the URL's). */
	let callbackSecret: string;
	let leadsMade = 0;
	let adId: number | undefined;

	/** Leads on an associated ad, each its own prospect; answers their event IDs for the interface. */
	async function makeLeads(count: number): Promise<string[]> {
		adId ??= (await stack.portal.associatedOnlineAd()).idAvisoPlat;
		const idAvisoPlat = adId;
		const made = await Promise.all(
			Array.from({ length: count }, async () => {
				const n = ++leadsMade;
				// Two leads of one prospect, ad and kind in one second are one lead.
				return await stack.portal.createLead(idAvisoPlat, {
					tipoEvento: n % 2 === 0 ? 'CONTACTO' : 'CONTACTO_MENSAJE',
					nombre: `Prospect ${n}`,
					email: `prospect${n}@example.com`,
				});
			}),
		);
		return made
			.flat()
			.filter((e) => e.interfaceId === DEMO_INTERFACE)
			.map((e) => e.idEvento);
	}

	/** Waits until the portal is done with `eventIds`; answers its attempts and their rows. */
	async function deliveriesAndRows(eventIds: string[], timeoutMs: number) {
		const attempts = (
			await stack.sandbox.waitForDeliveries(everyDeliveryOver(eventIds), timeoutMs)
		).filter((attempt) => eventIds.includes(attempt.idEvento));
		const rows = (await leadsTableRows(owner)).map((row) => String(row.eventId));
		return {
			attempts,
			notHeard: eventIds.filter(
				(id) => !attempts.some((a) => a.idEvento === id && a.outcome === 'success'),
			),
			notOneRow: eventIds.filter((id) => rows.filter((one) => one === id).length !== 1),
		};
	}

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
		callbackPath = `/webhook/${landing.webhookId}/real-estate-portal`;
		expect(await publishLanding(owner, landing.workflow)).toBe('published');
		const registered = (await stack.portal.interface()).configuration;
		expect(registered?.url).toBe(`${door.url}/webhook/${landing.webhookId}/real-estate-portal`);
		// The door is closed until it knows the published trigger's secret, as the portal holds it.
		callbackSecret = registered!.authorizationHeaderValue!;
		door.admit([callbackSecret]);

		const eventIds: string[] = [];
		const makeLead = async () => eventIds.push(...(await makeLeads(1)));
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

		const { attempts, notHeard, notOneRow } = await deliveriesAndRows(
			eventIds,
			(RETRIES + 2) * RETRY_EVERY_MS,
		);
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
		expect([notHeard, notOneRow]).toEqual([[], []]);
	}, 600_000);

	it('lets 5,000 deliveries without the secret in 10 s wait nowhere: 50 leads meanwhile land through the callback, the editor answers within 2 s throughout', async () => {
		const callback = `${door.url}${callbackPath}`;
		const editor: Array<{ status: Outcome | number; ms: number }> = [];
		const flood = floodWithoutSecret(callback, FLOOD);
		const editorProbe = (async () => {
			for (; flood.flooding; await sleep(250)) {
				const started = Date.now();
				const answer = await send(`${door.url}/rest/settings`, {
					method: 'GET',
					patienceMs: 2_000,
				});
				editor.push({ status: statusOf(answer), ms: Date.now() - started });
			}
		})();
		const eventIds: string[] = [];
		for (let lead = 0; lead < FLOOD_LEADS; lead++) {
			eventIds.push(...(await makeLeads(1)));
			await sleep((FLOOD_SECONDS * 1000) / FLOOD_LEADS);
		}
		const lastLeadMade = Date.now();
		const [outcomes] = await Promise.all([flood.outcomes, editorProbe]);

		const { attempts, notHeard, notOneRow } = await deliveriesAndRows(eventIds, 180_000);
		const front = await door.statsRow('n8n', 'FRONTEND');
		console.log(
			`door flood: ${outcomes.length} deliveries without the secret (` +
				`${outcomes.filter((o) => statusOf(o) === 401).length} answered 401, the rest closed or hung up); ` +
				`${eventIds.length} leads in ${attempts.length} deliveries; the editor answered ${editor.length} ` +
				`times, slowest ${Math.max(...editor.map((e) => e.ms))} ms; the door's connections at most ` +
				`${front.smax} of ${front.slim}`,
		);
		expect(outcomes.filter((o) => statusOf(o) === 200)).toEqual([]);
		expect(editor.filter((e) => e.status !== 200 || e.ms > 2_000)).toEqual([]);
		expect(Number(front.smax)).toBeLessThan(Number(front.slim));
		expect([notHeard, notOneRow]).toEqual([[], []]);
		const lastHeard = Math.max(
			...attempts.filter((a) => a.outcome === 'success').map((a) => Date.parse(a.startedAt)),
		);
		expect(lastHeard - lastLeadMade).toBeLessThan(180_000);
	}, 600_000);

	/**
	 * Leads made at once until `HELD` of their first deliveries wait in the door's line, then
	 * `interrupt`; answers how many waited, the portal's view once it is done with them, and the
	 * callback's runs since.
	 */
	async function heldThrough(interrupt: () => Promise<void>) {
		const since = Date.now();
		const opened = door;
		const eventIds = await makeLeads(HELD + 20);
		const { firstsWaiting: held } = await until(
			() => opened.webhookSide(),
			(side) => side.firstsWaiting >= HELD,
			`${HELD} first deliveries waiting`,
			20_000,
		);
		await interrupt();
		const outcome = await deliveriesAndRows(eventIds, (RETRIES + 2) * RETRY_EVERY_MS);
		const runs = (await owner.api.listExecutions({ limit: 250 })).filter(
			(run) => run.mode === 'webhook' && Date.parse(run.startedAt) >= since,
		).length;
		return { held, leads: eventIds.length, runs, ...outcome };
	}

	it('lets none of 20 first deliveries held while n8n restarts into its 404 moment (the readiness check asks the trigger): every lead one row, through the callback', async () => {
		door.stop();
		door = startDoor({
			n8nPort: stack.n8n.port,
			port: door.port,
			limit: LIMIT,
			readyWebhook: callbackPath,
			secrets: [callbackSecret],
		});
		const opened = door;
		await doorSeesN8nUp(opened);

		const { held, leads, runs, attempts, notHeard, notOneRow } = await heldThrough(async () => {
			await stack.n8n.kill();
			await stack.restartN8n();
		});
		const answeredByN8n = (backend: string) => opened.statsRow(backend, 'n8n');
		const [firsts, others] = await Promise.all([
			answeredByN8n('n8n_first_deliveries'),
			answeredByN8n('n8n_webhooks'),
		]);
		console.log(
			`door, n8n restarted: ${held} first deliveries waiting when n8n was killed; n8n answered the door ` +
				`${firsts.hrsp_2xx} 2xx and ${firsts.hrsp_4xx} 4xx (first deliveries), ${others.hrsp_2xx} 2xx and ` +
				`${others.hrsp_4xx} 4xx (repeats); ${leads} leads, ${attempts.length} attempts, ${runs} callback runs`,
		);
		expect(held).toBeGreaterThanOrEqual(HELD);
		expect([firsts.hrsp_4xx, others.hrsp_4xx]).toEqual(['0', '0']);
		expect(attempts.filter((a) => a.status === 404)).toEqual([]);
		expect([notHeard, notOneRow]).toEqual([[], []]);
	}, 600_000);

	it('keeps 20 first deliveries held while HAProxy reloads (the old process lets them in): every lead one row, through the callback, once', async () => {
		const { held, leads, runs, attempts, notHeard, notOneRow } = await heldThrough(async () => {
			door = door.reload();
		});
		console.log(
			`door, HAProxy reloaded: ${held} first deliveries waiting; ${leads} leads, ` +
				`${attempts.length} attempts, ${runs} callback runs`,
		);
		expect(attempts.filter((a) => a.status === 404)).toEqual([]);
		expect([notHeard, notOneRow]).toEqual([[], []]);
		expect(runs).toBeLessThanOrEqual(leads);
	}, 600_000);
});
