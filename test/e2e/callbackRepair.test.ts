/**
 * A lost callback registration, in a real n8n with the packed package (issue 36, defect 14): the
 * Data table landing example (its Poll Trigger beside its callback trigger, on the same credential),
 * its lead list polled every minute, published. The emulator then loses the interface's callback
 * configuration and subscriptions, as a portal may:
 *
 * 1. while n8n is stopped: n8n 2.41 started again calls none of the callback trigger's webhook
 *    methods (its publication service, on by default, re-activates only the workflows' in-memory
 *    triggers: WorkflowPublicationReconciler, WorkflowPublicationApplier); the Poll Trigger's first
 *    poll (activation 'init') puts it back;
 * 2. while n8n runs (n8n calls no webhook method then): the Poll Trigger's next poll puts it back,
 *    the lead made meanwhile lands once (from the list), and the next lead comes by callback.
 *
 * One n8n boot and one restart.
 */
import {
	CREATE_TABLE_TRIGGER,
	LANDING_LIST_TRIGGER,
	POLL_EVERY_MINUTE,
	TRIGGER_TYPE,
	leadsTableRows,
	loadExample,
	withParameters,
	productionWebhookUrl,
	publishWorkflow,
	runManually,
	startPortalStack,
	until,
	type PortalStack,
	type SandboxInterface,
	type StoredWorkflow,
	type WorkflowDefinition,
} from './support';
import type { Sandbox } from '../../sandbox';

const LEAD_KINDS = ['CONTACTO', 'CONTACTO_MENSAJE'];
/** n8n polls "every minute" at the start of each minute: one cycle, plus the time to run. */
const POLL_INTERVAL_MS = 60_000;
const POLL_RUN_MS = 30_000;
/** Time for the emulator's first delivery of a lead. */
const DELIVERY_MS = 30_000;

/** The callback landing example, its lead list polled every minute. */
const landingWithPoll = (credential: { id: string; name: string }): WorkflowDefinition =>
	withParameters(
		loadExample('leadsToDataTable', credential),
		LANDING_LIST_TRIGGER,
		POLL_EVERY_MINUTE,
	);

/**
 * What a portal that loses an interface's callback configuration leaves: nothing configured,
 * nothing subscribed. The specification has no operation for it, nor the emulator a route: its
 * state (in this process) is changed in place.
 */
function portalLosesCallback(sandbox: Sandbox, interfaceId = 'demo-les') {
	const record = sandbox.context.state.interfaceById(interfaceId);
	record.configuration = null;
	record.subscriptions.clear();
}

/** How many times n8n's log says the Poll Trigger put the configuration back. */
const repairsIn = (log: string) =>
	log
		.split('\n')
		.filter((line) =>
			line.includes("the portal had lost the interface's callback configuration; put back"),
		).length;

describe('a lost callback registration is found and put back (real n8n)', () => {
	let stack: PortalStack;
	let workflow: StoredWorkflow;
	let webhookUrl: string;
	let adId: number;

	beforeAll(async () => {
		stack = await startPortalStack('callback-repair');
		adId = (await stack.portal.associatedOnlineAd()).idAvisoPlat;
		workflow = await stack.owner.api.createWorkflow(landingWithPoll(stack.credential));
		const created = await runManually(stack.owner, workflow.id, CREATE_TABLE_TRIGGER);
		expect(created.status).toBe('success');
		const callback = workflow.nodes.find((node) => node.type === TRIGGER_TYPE)!;
		webhookUrl = productionWebhookUrl(stack.n8n.url, callback.webhookId as string);
		expect(await publishWorkflow(stack.owner, workflow.id)).toMatchObject({ status: 'published' });
	}, 900_000);

	afterAll(async () => {
		await stack?.stop();
	});

	const registered = (demo: SandboxInterface) =>
		demo.configuration?.url === webhookUrl &&
		LEAD_KINDS.every((kind) => demo.subscriptions.includes(kind));

	const message = async (name: string) =>
		(await stack.portal.lead(adId, { tipoEvento: 'CONTACTO_MENSAJE', nombre: name })).idMensaje;

	/** The table's rows of a message, once it has one. */
	const rowsOf = async (idMensaje: number) =>
		(
			await until(
				() => leadsTableRows(stack.owner),
				(rows) => rows.some((row) => Number(row.messageId) === idMensaje),
				`the row of message ${idMensaje}`,
				POLL_INTERVAL_MS + POLL_RUN_MS,
			)
		).filter((row) => Number(row.messageId) === idMensaje);

	/**
	 * The emulator's delivery attempts of a message to the trigger's URL, once there is one: the
	 * callback is configured and the kind subscribed again. Whether n8n answers each within the
	 * portal's 1.5 s is n8n's load, not the registration (the row comes all the same, from the poll).
	 */
	const deliveriesOf = async (idMensaje: number) =>
		await until(
			() =>
				stack.sandbox
					.deliveries()
					.filter((attempt) => attempt.body.idMensaje === idMensaje && attempt.url === webhookUrl),
			(attempts) => attempts.length > 0,
			`message ${idMensaje} delivered to ${webhookUrl}`,
			DELIVERY_MS,
		);

	const outcomes = (attempts: Array<{ status: number | null; outcome: string }>) =>
		attempts.map(({ status, outcome }) => `${outcome} ${status}`).join(', ');

	it("n8n started again calls no webhook method: the Poll Trigger's first poll puts back what the portal lost while n8n was stopped", async () => {
		expect(registered(await stack.portal.interface())).toBe(true);
		await stack.restartN8n(async () => portalLosesCallback(stack.sandbox));
		const readyAt = Date.now();
		// n8n answers ready before it activates the published workflows (commands/start.js).
		await until(
			() => stack.portal.interface(),
			registered,
			'the callback configuration and subscriptions put back at start',
		);
		const backMs = Date.now() - readyAt;
		// Had n8n called the callback trigger's checkExists (then create) at start, the configuration
		// would have been back before the Poll Trigger's first poll (ActiveWorkflowManager.add
		// registers webhooks first), and that poll would have found nothing to repair.
		// The poll logs the repair once the portal has answered its last subscription: the line may
		// follow what the portal shows by a moment.
		const repairs = await until(
			() => repairsIn(stack.n8n.readLog()),
			(count) => count > 0,
			"the repair in n8n's log",
			10_000,
		);
		expect(repairs).toBe(1);
		console.log(
			`callback repair: back ${Math.round(backMs / 1000)} s after the restarted n8n was ready, by the Poll Trigger's first poll`,
		);

		const lead = await message('After The Restart');
		const attempts = await deliveriesOf(lead);
		expect(await rowsOf(lead)).toHaveLength(1);
		console.log(`callback repair: the lead after the restart delivered (${outcomes(attempts)})`);
	}, 300_000);

	it('while n8n runs, the Poll Trigger puts it back within a poll; the lead made meanwhile lands once, the next comes by callback', async () => {
		const repairsBefore = repairsIn(stack.n8n.readLog());
		portalLosesCallback(stack.sandbox);
		const lostAt = Date.now();
		const missed = await message('While The Callback Was Lost');

		await until(
			() => stack.portal.interface(),
			registered,
			'the callback configuration and subscriptions put back',
			POLL_INTERVAL_MS + POLL_RUN_MS,
		);
		const repairedMs = Date.now() - lostAt;
		await until(
			() => repairsIn(stack.n8n.readLog()),
			(repairs) => repairs === repairsBefore + 1,
			"the Poll Trigger's warning saying what it put back",
		);

		const next = await message('After The Repair');
		const attempts = await deliveriesOf(next);
		expect(await rowsOf(missed)).toHaveLength(1);
		expect(stack.sandbox.deliveries().filter((a) => a.body.idMensaje === missed)).toEqual([]);
		expect(await rowsOf(next)).toHaveLength(1);
		console.log(
			`callback repair: configuration and subscriptions back ${Math.round(repairedMs / 1000)} s after the portal lost them (a poll a minute); the next lead delivered (${outcomes(attempts)})`,
		);
	}, 300_000);
});
