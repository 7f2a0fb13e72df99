/**
 * Every lead once, whichever way it comes (issue 35), in a real n8n: the landing workflow
 * (`examples/leads-to-data-table.json`: the callback trigger and the lead list into one Data table on
 * `leadKey`), its list polled every minute (the example polls every 5), a third of the leads phone
 * views. The emulator retries a failed delivery 7 times over about three minutes, then gives it up,
 * as a portal does after 72 hours. Whatever the callback misses (n8n killed, n8n answering "starting
 * up", the workflow unpublished) lands from the list; nothing lands twice.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

import type { DeliveryAttempt } from '../../sandbox';
import {
	DEMO_INTERFACE,
	importLandingExample,
	leadsTableRows,
	publishWorkflow,
	startPortalStack,
	unpublishWorkflow,
	type PortalStack,
	type WorkflowDefinition,
} from './support';

/** Eight attempts over about three minutes. */
const RETRY_SCHEDULE_MS = [2_000, 5_000, 10_000, 20_000, 30_000, 45_000, 60_000];
const LIST_TRIGGER = 'Leads From the Lead List';
/** The list's interval here; "every lead one row within the interval plus one minute". */
const LIST_INTERVAL_MS = 60_000;
/** n8n's minute cron fires at a random second; the poll itself and n8n's boot take time too. */
const SLACK_MS = 30_000;
/** What n8n 2.41.1 answers every request while it boots (abstract-server.js): a lead no node sees. */
const N8N_STARTING_UP = 'n8n is starting up. Please wait';

const everyMinute = (workflow: WorkflowDefinition): WorkflowDefinition => ({
	...workflow,
	nodes: workflow.nodes.map((node) =>
		node.name === LIST_TRIGGER
			? {
					...node,
					parameters: {
						...(node.parameters as object),
						pollTimes: { item: [{ mode: 'everyMinute' }] },
					},
				}
			: node,
	),
});

describe('every lead once, from the callback and the lead list', () => {
	let stack: PortalStack;
	let made = 0;
	/** Each lead made: its prospect's e-mail (one per lead) and its event id at the demo interface. */
	const leads: Array<{ email: string; idEvento: string; at: number }> = [];

	beforeAll(async () => {
		stack = await startPortalStack('every-lead-once', {
			sandbox: {
				retrySchedule: RETRY_SCHEDULE_MS,
				deliveryTimeoutMs: 1_500,
				deliveriesKept: 100_000,
			},
		});
		const workflow = await importLandingExample(
			stack.owner,
			'leadsToDataTable',
			stack.credential,
			{},
			everyMinute,
		);
		expect((await publishWorkflow(stack.owner, workflow.id)).status).toBe('published');
		workflowId = workflow.id;
	}, 900_000);
	let workflowId: string;

	afterAll(async () => {
		await stack?.stop();
	});

	/** `count` leads at `perSecond`, a third of them phone views, each by its own prospect. */
	async function makeLeads(scenario: string, count: number, perSecond: number) {
		const ad = await stack.portal.associatedOnlineAd();
		const mine: typeof leads = [];
		for (let index = 0; index < count; index++) {
			const n = ++made;
			const email = `prospect.${scenario}.${n}@example.com`;
			const events = await stack.portal.createLead(ad.idAvisoPlat, {
				tipoEvento: n % 3 === 0 ? 'CONTACTO' : 'CONTACTO_MENSAJE',
				nombre: `Prospect ${n}`,
				email,
				telefono: `+54 11 5${String(n).padStart(3, '0')}-0000`,
			});
			const idEvento = events.find((event) => event.interfaceId === DEMO_INTERFACE)!.idEvento;
			mine.push({ email, idEvento, at: Date.now() });
			await sleep(1_000 / perSecond);
		}
		leads.push(...mine);
		return mine;
	}

	/** Rows of the table per lead of `these` (by its prospect's e-mail). */
	async function rowsPerLead(these: typeof leads): Promise<Map<string, number>> {
		const counts = new Map(these.map((lead) => [lead.email, 0]));
		for (const row of await leadsTableRows(stack.owner)) {
			const email = String(row.email);
			if (counts.has(email)) counts.set(email, counts.get(email)! + 1);
		}
		return counts;
	}

	/** Waits until every lead of `these` is a row, or `deadline`; answers when that was. */
	async function untilEveryLeadLands(these: typeof leads, deadline: number): Promise<number> {
		for (;;) {
			const counts = await rowsPerLead(these);
			if ([...counts.values()].every((count) => count >= 1)) return Date.now();
			if (Date.now() > deadline) return Number.NaN;
			await sleep(2_000);
		}
	}

	/** Waits until the emulator has no attempt left for these leads (each succeeded or given up). */
	async function untilThePortalIsDone(these: typeof leads): Promise<DeliveryAttempt[]> {
		const ids = new Set(these.map((lead) => lead.idEvento));
		const done = (attempts: readonly DeliveryAttempt[]) => {
			const over = new Set(
				attempts
					.filter(
						(a) => ids.has(a.idEvento) && !a.duplicate && (a.outcome === 'success' || a.final),
					)
					.map((a) => a.idEvento),
			);
			return over.size === ids.size;
		};
		const total = RETRY_SCHEDULE_MS.reduce((sum, ms) => sum + ms + 1_500, 0);
		return (await stack.sandbox.waitForDeliveries(done, total + 60_000)).filter((a) =>
			ids.has(a.idEvento),
		);
	}

	function report(
		what: string,
		these: typeof leads,
		attempts: DeliveryAttempt[],
		landedMs: number,
	) {
		const givenUp = these.filter(
			(lead) => !attempts.some((a) => a.idEvento === lead.idEvento && a.outcome === 'success'),
		);
		const startingUp = attempts.filter((a) => a.responseBody?.includes(N8N_STARTING_UP)).length;
		console.log(
			`${what}: ${these.length} leads, ${attempts.length} callback attempts, ${givenUp.length} given ` +
				`up by the portal, ${startingUp} answered n8n's "starting up" 200; every lead a row ` +
				`${Math.round(landedMs / 1_000)} s after ${what.includes('published again') ? 'publication' : 'the last lead'}`,
		);
	}

	/**
	 * Waits until every one of `these` is a row (within the list's interval plus a minute of the
	 * last one made) and the portal is done with their callbacks; reports them as `what`.
	 */
	async function landAfterTheLastLead(what: string, these: typeof leads) {
		const lastMadeAt = Math.max(...these.map((lead) => lead.at));
		const landedAt = await untilEveryLeadLands(
			these,
			lastMadeAt + LIST_INTERVAL_MS + 60_000 + SLACK_MS,
		);
		const attempts = await untilThePortalIsDone(these);
		report(what, these, attempts, landedAt - lastMadeAt);
		return { landedAt, attempts, counts: await rowsPerLead(these) };
	}

	it('n8n killed during a stream, a third of the leads made while it is down, started again: every lead one row, none twice', async () => {
		const before = await makeLeads('kill', 50, 5);
		await stack.n8n.kill();
		const whileDown = await makeLeads('kill', 50, 5);
		// Leads go on being made while n8n boots: some deliveries meet its "starting up" 200.
		const [afterwards] = await Promise.all([makeLeads('kill', 50, 2), stack.restartN8n()]);
		const these = [...before, ...whileDown, ...afterwards];

		const { landedAt, counts } = await landAfterTheLastLead('n8n killed and started again', these);

		expect(these).toHaveLength(150);
		expect(Number.isNaN(landedAt)).toBe(false);
		expect([...counts.entries()].filter(([, count]) => count !== 1)).toEqual([]);
	}, 900_000);

	it('leads answered n8n\'s "starting up" 200 (no node saw them, the portal counts them delivered): every lead one row', async () => {
		// What n8n 2.41.1 answers every request while it migrates its database at start: 200 and this
		// text, before any workflow runs. A server answering the same stands for that window.
		const startingUp = http.createServer((_request, response) => {
			response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
			response.end(N8N_STARTING_UP);
		});
		await new Promise<void>((resolve) => startingUp.listen(0, '127.0.0.1', resolve));
		const { port } = startingUp.address() as AddressInfo;
		const registered = (await stack.portal.interface()).configuration!;
		const point = (url: string) =>
			stack.portal.service('PUT', '/v1/configuracion/callbacks', { ...registered, url });
		await point(`http://127.0.0.1:${port}/webhook/starting-up`);
		const answeredStartingUp = await makeLeads('starting', 20, 4);
		await point(registered.url);
		startingUp.close();
		const afterwards = await makeLeads('starting', 10, 4);
		const these = [...answeredStartingUp, ...afterwards];

		const { landedAt, attempts, counts } = await landAfterTheLastLead(
			'answered "starting up" 200',
			these,
		);

		expect(
			attempts.filter((a) => a.status === 200 && a.responseBody?.includes(N8N_STARTING_UP)),
		).toHaveLength(answeredStartingUp.length);
		expect(Number.isNaN(landedAt)).toBe(false);
		expect([...counts.entries()].filter(([, count]) => count !== 1)).toEqual([]);
	}, 600_000);

	it('the workflow unpublished while leads are made, until the portal gives them up: every lead one row once it is published again', async () => {
		await unpublishWorkflow(stack.owner, workflowId);
		const whileUnpublished = await makeLeads('unpublished', 30, 2);
		const attempts = await untilThePortalIsDone(whileUnpublished);
		expect(attempts.filter((a) => a.outcome === 'success')).toEqual([]);

		expect((await publishWorkflow(stack.owner, workflowId)).status).toBe('published');
		const publishedAt = Date.now();
		const afterwards = await makeLeads('unpublished', 15, 2);
		const these = [...whileUnpublished, ...afterwards];
		const landedAt = await untilEveryLeadLands(
			these,
			publishedAt + LIST_INTERVAL_MS + 60_000 + SLACK_MS,
		);
		await untilThePortalIsDone(afterwards);
		report(
			'the workflow unpublished, then published again',
			these,
			attempts,
			landedAt - publishedAt,
		);
		const counts = await rowsPerLead(these);

		expect(Number.isNaN(landedAt)).toBe(false);
		expect([...counts.entries()].filter(([, count]) => count !== 1)).toEqual([]);
	}, 900_000);
});
