/**
 * A published lead workflow edited and republished while leads stream in (issue 25, defect 9), in
 * a real n8n: five published edits (three of them change the trigger, so n8n calls its delete and
 * then checkExists/create; two change another node, so n8n leaves the trigger alone), and twice an
 * unpublish followed by a publish. The emulator retries a failed delivery (n8n answers 404 while
 * unpublished) with the header of its first attempt, on a schedule that stands for the portal's
 * 72 hours. Every lead must become one execution and one row: 0 lost, 0 twice.
 *
 * The workflow is the Data table landing example as it ships (Respond When Last Node Finishes, a
 * write keyed on leadKey): a delivery whose run failed is answered 5xx and sent again.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import {
	LANDING_CALLBACK_TRIGGER,
	N8nHttpError,
	TRIGGER_TYPE,
	importLandingExample,
	leadsTableRows,
	nodeOutput,
	productionWebhookUrl,
	startPortalStack,
	type PortalStack,
	type StoredWorkflow,
	type WorkflowDefinition,
} from './support';

const LEADS = 200;
const LEAD_EVERY_MS = 100;
/**
 * At most this many leads whose delivery is not over yet (answered with success, or given up): the
 * machine's pace, not a pile-up that n8n's SQLite database cannot write fast enough.
 */
const MOST_LEADS_IN_FLIGHT = 20;
/** Long enough that a lead made while the workflow is unpublished is retried after it is back. */
const RETRY_SCHEDULE_MS = [500, 1_000, 2_000, 4_000, 8_000, 15_000, 30_000, 60_000, 60_000, 60_000];
/**
 * The portal waits about 1.5 s; on 2 cores shared with other suites n8n's database answers slower
 * at times, and what this test is about is the registration, not the machine's speed.
 */
const DELIVERY_TIMEOUT_MS = 10_000;
/** n8n publishes through its publication service; under load that can take a while. */
const PUBLICATION_TIMEOUT_MS = 120_000;

type Step = 'edit the trigger' | 'edit another node' | 'unpublish, then publish again';
const STEPS: Step[] = [
	'edit the trigger',
	'edit another node',
	'unpublish, then publish again',
	'edit the trigger',
	'edit another node',
	'unpublish, then publish again',
	'edit the trigger',
];

describe('the lead workflow edited and republished while 200 leads stream in', () => {
	let stack: PortalStack;
	let workflow: StoredWorkflow;
	let edits = 0;

	beforeAll(async () => {
		stack = await startPortalStack('trigger-edits', {
			sandbox: { retrySchedule: RETRY_SCHEDULE_MS, deliveryTimeoutMs: DELIVERY_TIMEOUT_MS },
		});
		workflow = await importLandingExample(stack.owner, 'leadsToDataTable', stack.credential);
	}, 900_000);

	afterAll(async () => {
		await stack?.stop();
	});

	/** The stored workflow with one change: the trigger's options, or another node's position. */
	async function edited(what: 'trigger' | 'other'): Promise<WorkflowDefinition> {
		edits += 1;
		const current = await stack.owner.api.getWorkflow(workflow.id);
		const nodes = current.nodes.map((node) => {
			if (what === 'trigger' && node.type === TRIGGER_TYPE) {
				// Options that change nothing a lead goes through, but n8n registers the trigger again.
				const options = { whenUnpublished: 'keep', takeOver: edits % 2 === 0 };
				return { ...node, parameters: { ...(node.parameters as object), options } };
			}
			if (what === 'other' && node.type === 'n8n-nodes-base.stickyNote') {
				const [x, y] = node.position as [number, number];
				return { ...node, position: [x + 20, y] };
			}
			return node;
		});
		return {
			name: current.name,
			nodes,
			connections: current.connections,
			settings: current.settings ?? {},
		};
	}

	/**
	 * A call to n8n, made again while it answers 503 "Database is not ready" (its SQLite database,
	 * on a loaded machine, misses a health check now and then; the call was not handled).
	 */
	async function whenReady<T>(call: () => Promise<T>): Promise<T> {
		const deadline = Date.now() + PUBLICATION_TIMEOUT_MS;
		for (;;) {
			try {
				return await call();
			} catch (error) {
				if (!(error instanceof N8nHttpError && error.status === 503) || Date.now() > deadline)
					throw error;
				await sleep(500);
			}
		}
	}

	type Status = 'published' | 'not_published';
	/** Waits until n8n has (un)published the workflow, past the status `before` the call if given. */
	async function publication(status: Status, before?: Status) {
		const now = await whenReady(() =>
			stack.owner.session.waitForPublication(workflow.id, before, PUBLICATION_TIMEOUT_MS),
		);
		expect(now).toMatchObject({ status });
	}

	async function run(step: Step) {
		if (step === 'unpublish, then publish again') {
			await whenReady(() => stack.owner.api.unpublishWorkflow(workflow.id));
			await publication('not_published', 'published');
			await sleep(1_000);
			await whenReady(() => stack.owner.api.publishWorkflow(workflow.id));
			return await publication('published', 'not_published');
		}
		const next = await whenReady(() => edited(step === 'edit the trigger' ? 'trigger' : 'other'));
		await whenReady(() => stack.owner.api.updateWorkflow(workflow.id, next));
		await publication('published');
	}

	/** How many of `leads` have a delivery that is not over (no success yet, not given up). */
	function inFlight(leads: string[]): number {
		const over = new Set(
			stack.sandbox
				.deliveries()
				.filter((attempt) => attempt.outcome === 'success' || attempt.final)
				.map((attempt) => attempt.idEvento),
		);
		return leads.filter((id) => !over.has(id)).length;
	}

	/**
	 * Makes LEADS leads, one every LEAD_EVERY_MS, on an ad associated to the demo interface: the
	 * event id of each, or null when the portal sent it nowhere (no lead kind subscribed then).
	 */
	async function streamLeads(): Promise<Array<string | null>> {
		const ad = await stack.portal.associatedOnlineAd('INMO-001');
		const made: Array<string | null> = [];
		for (let n = 0; n < LEADS; n++) {
			const sent = made.filter((id): id is string => id !== null);
			while (inFlight(sent) >= MOST_LEADS_IN_FLIGHT) await sleep(LEAD_EVERY_MS);
			// Each by a prospect of their own: one prospect's leads of one kind within a second on one
			// ad would be one lead (docs/portal-api.md, "Lead key").
			const events = await stack.portal.createLead(ad.idAvisoPlat, {
				tipoEvento: n % 2 === 0 ? 'CONTACTO' : 'CONTACTO_MENSAJE',
				email: `edits.${n}@example.com`,
			});
			made.push(events.find((event) => event.interfaceId === 'demo-les')?.idEvento ?? null);
			await sleep(LEAD_EVERY_MS);
		}
		return made;
	}

	/** Per lead: its rows in the data table and its executions' statuses; which are lost or twice. */
	async function ledgerOf(leads: string[]) {
		const rows = new Map<string, number>();
		for (const row of await leadsTableRows(stack.owner)) {
			const id = String(row.eventId);
			rows.set(id, (rows.get(id) ?? 0) + 1);
		}
		const runs = new Map<string, string[]>();
		for (const execution of await stack.owner.api.everyExecution(workflow.id)) {
			if (execution.mode !== 'webhook' || execution.stoppedAt === null) continue;
			const id = String(nodeOutput(execution, LANDING_CALLBACK_TRIGGER)[0]?.eventId);
			runs.set(id, [...(runs.get(id) ?? []), execution.status]);
		}
		const succeeded = (id: string) => (runs.get(id) ?? []).filter((s) => s === 'success').length;
		return {
			rows,
			runs,
			lost: leads.filter((id) => !rows.has(id) || succeeded(id) === 0),
			twice: leads.filter((id) => (rows.get(id) ?? 0) > 1 || succeeded(id) > 1),
		};
	}

	it('turns every lead into exactly one execution and one row: 0 lost, 0 twice', async () => {
		await stack.owner.api.publishWorkflow(workflow.id);
		await publication('published');
		const trigger = workflow.nodes.find((node) => node.type === TRIGGER_TYPE)!;
		const webhookUrl = productionWebhookUrl(stack.n8n.url, trigger.webhookId as string);
		const registered = (await stack.portal.interface()).configuration;
		expect(registered?.url).toBe(webhookUrl);

		const streaming = streamLeads();
		for (const step of STEPS) {
			await sleep(1_000);
			await run(step);
		}
		const made = await streaming;
		const leads = made.filter((id): id is string => id !== null);
		const sentNowhere = made.flatMap((id, n) => (id === null ? [`lead ${n + 1}`] : []));
		// Every delivery succeeded or was given up; n8n saves an execution after it answered.
		await stack.sandbox.waitForIdle(300_000);
		let ledger = await ledgerOf(leads);
		for (let waited = 0; ledger.lost.length > 0 && waited < 60_000; waited += 2_000) {
			await sleep(2_000);
			ledger = await ledgerOf(leads);
		}
		const { lost, twice, rows, runs } = ledger;
		// A failure names each lead with its rows, its executions and the emulator's attempts.
		const explained = (id: string) => ({
			id,
			rows: rows.get(id) ?? 0,
			executions: runs.get(id) ?? [],
			attempts: stack.sandbox
				.deliveries()
				.filter((attempt) => attempt.idEvento === id)
				.map((attempt) => attempt.status ?? attempt.outcome),
		});
		expect({ sentNowhere, lost: lost.map(explained), twice: twice.map(explained) }).toEqual({
			sentNowhere: [],
			lost: [],
			twice: [],
		});
		// Leads did arrive while the workflow was unpublished (n8n answered 404) and were sent again.
		const refused = stack.sandbox
			.deliveries()
			.filter((attempt) => leads.includes(attempt.idEvento) && attempt.status === 404);
		expect(refused.length).toBeGreaterThan(0);
		process.stdout.write(
			`trigger edits: ${leads.length} leads, ${refused.length} deliveries answered 404 while unpublished and sent again, ${[...runs.values()].flat().length} executions\n`,
		);
		// The same callback, secret included, all along.
		expect((await stack.portal.interface()).configuration).toEqual(registered);
	}, 600_000);
});
