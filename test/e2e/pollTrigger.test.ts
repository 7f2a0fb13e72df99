import { setTimeout as sleep } from 'node:timers/promises';

import { fetchJson } from '../../harness/n8n/httpJson';
import {
	POLL_EVERY_MINUTE,
	POLL_TRIGGER_TYPE,
	bulkLeads,
	createPortalCredential,
	importLandingExample,
	leadsTableRows,
	nodeOutput,
	publishWorkflow,
	startPortalStack,
	type PortalStack,
	type StoredWorkflow,
	type WorkflowDefinition,
} from './support';

/** The poll example's one trigger, by whatever name the example gives it. */
let LEAD_TRIGGER = '';
const AD_TRIGGER = 'Ad Changed (Polling)';
const NETWORK_TRIGGER = 'New Lead (Network)';
/** The emulator's network of agencies behind one interface, `network-les`: NET-0001 … NET-0200. */
const NETWORK_AGENCIES = 200;
/** n8n polls "every minute" at the start of each minute: one cycle, plus the time to run and save. */
const POLL_CYCLE_MS = 150_000;

/** A workflow of one Poll Trigger, polling every minute with `parameters`. */
function pollingWorkflow(
	name: string,
	trigger: string,
	parameters: Record<string, unknown>,
	credential: { id: string; name: string },
): WorkflowDefinition {
	return {
		name,
		nodes: [
			{
				parameters: { ...POLL_EVERY_MINUTE, ...parameters },
				name: trigger,
				type: POLL_TRIGGER_TYPE,
				typeVersion: 1,
				position: [0, 0],
				credentials: { realEstatePortalApi: credential },
			},
		],
		connections: {},
		settings: { executionOrder: 'v1' },
	};
}

describe('polling workflows (Real Estate Portal Poll Trigger) published in a real n8n', () => {
	let stack: PortalStack;
	let leads: StoredWorkflow;
	let ads: StoredWorkflow;
	let network: StoredWorkflow;
	const made: number[] = [];
	let prospects = 0;

	beforeAll(async () => {
		stack = await startPortalStack('poll-trigger', { sandbox: { agencies: NETWORK_AGENCIES } });
		leads = await importLandingExample(stack.owner, 'pollLeadsToDataTable', stack.credential);
		LEAD_TRIGGER = String(leads.nodes.find((node) => node.type === POLL_TRIGGER_TYPE)!.name);
		ads = await stack.owner.api.createWorkflow(
			pollingWorkflow(
				'Ad changes by polling',
				AD_TRIGGER,
				{ event: 'adChanged', agencyScope: 'one', agencyCode: 'INMO-001' },
				stack.credential,
			),
		);
		const networkCredential = await createPortalCredential(
			stack.owner.api,
			stack.sandbox.url,
			'Real Estate Portal (network of agencies)',
			'network-les-token',
		);
		// New Lead over every agency of the credential's interface.
		network = await stack.owner.api.createWorkflow(
			pollingWorkflow(
				'Leads of a network of agencies',
				NETWORK_TRIGGER,
				{ event: 'newLead', agencyScope: 'all' },
				networkCredential,
			),
		);
	}, 900_000);

	afterAll(async () => {
		await stack?.stop();
	});

	/**
	 * Every item the trigger emitted so far, over all finished polls of the workflow (not the
	 * landing example's manual "Run Once to Create the Table" branch).
	 */
	async function emitted(workflow: StoredWorkflow, trigger: string) {
		const executions = await stack.owner.api.listExecutions({
			workflowId: workflow.id,
			includeData: true,
			limit: 250,
		});
		return executions
			.filter((execution) => execution.mode === 'trigger' && execution.stoppedAt !== null)
			.flatMap((execution) =>
				execution.status === 'success'
					? nodeOutput(execution, trigger)
					: [{ failed: execution.id }],
			);
	}

	async function waitForItems(workflow: StoredWorkflow, trigger: string, count: number) {
		const deadline = Date.now() + POLL_CYCLE_MS;
		for (;;) {
			const items = await emitted(workflow, trigger);
			if (items.length >= count || Date.now() > deadline) return items;
			await sleep(1_000);
		}
	}

	async function lead(agencyCode: string): Promise<number> {
		const [ad] = await stack.portal.ads(agencyCode);
		const { idMensaje } = await stack.portal.lead(ad.idAvisoPlat, {
			tipoEvento: 'CONTACTO_MENSAJE',
			// A prospect of its own: one prospect's messages on one ad within a second are one lead.
			nombre: `Prospect ${++prospects}`,
			email: `prospect.${prospects}@example.com`,
		});
		made.push(idMensaje);
		return idMensaje;
	}

	it('publishing polls at once to record the starting point, and starts no execution', async () => {
		await lead('INMO-001');
		made.length = 0;
		expect(await publishWorkflow(stack.owner, leads.id)).toMatchObject({ status: 'published' });
		expect(await publishWorkflow(stack.owner, ads.id)).toMatchObject({ status: 'published' });
		expect(await publishWorkflow(stack.owner, network.id)).toMatchObject({ status: 'published' });
		expect(await emitted(leads, LEAD_TRIGGER)).toEqual([]);
		expect(await emitted(ads, AD_TRIGGER)).toEqual([]);
		expect(await emitted(network, NETWORK_TRIGGER)).toEqual([]);
	}, 120_000);

	/** A request to the emulator's own control API. */
	const admin = (method: string, route: string, body?: unknown) =>
		fetchJson(method, `${stack.sandbox.url}/__sandbox${route}`, { body });

	/** The network's leads: two per agency, spread over them in turn; NET-0007's are the failing agency's. */
	const networkLeads = { spread: [] as number[], ofFailing: new Set<number>() };
	const sorted = (ids: unknown[]) => [...ids].sort();

	// One poll serves the lead, ad and network workflows' first checks: each of them waits a minute.
	it(
		`turns 5 leads and 3 ad changes into exactly those items, and over a network of ${NETWORK_AGENCIES} agencies every lead but a failing agency's, polling every minute`,
		async () => {
			await admin('PUT', '/faults/agencies/NET-0007', { status: 500 });
			// NET-0007 gets the 7th and the 207th.
			networkLeads.spread = await bulkLeads(stack.sandbox, { count: 2 * NETWORK_AGENCIES });
			networkLeads.ofFailing = new Set([
				networkLeads.spread[6],
				networkLeads.spread[6 + NETWORK_AGENCIES],
			]);
			for (const agency of ['INMO-001', 'INMO-002', 'INMO-001', 'INMO-002', 'INMO-001'])
				await lead(agency);
			const changed = (await stack.portal.ads('INMO-001')).slice(0, 3).map((ad) => ad.idAvisoPlat);
			for (const id of changed)
				await admin('PATCH', `/ads/${id}`, { titulo: `Ad ${id} with a new title` });

			const leadItems = await waitForItems(leads, LEAD_TRIGGER, 5);
			const adItems = await waitForItems(ads, AD_TRIGGER, 3);
			const networkItems = await waitForItems(
				network,
				NETWORK_TRIGGER,
				networkLeads.spread.length - 2,
			);

			// Version 3 emits each lead as its row, keyed by the list's own id (listId). A poll may
			// emit a lead again (Emit Again Within): the same row, never another lead.
			const listed = leadItems.map((item) => Number(item.listId));
			expect(sorted([...new Set(listed)])).toEqual(sorted(made));
			expect(leadItems.every((item) => !('eventId' in item) && !('source' in item))).toBe(true);
			expect(adItems.map((item) => item.platformAdId).sort()).toEqual([...changed].sort());
			const rows = await leadsTableRows(stack.owner);
			expect(sorted(rows.map((row) => Number(row.listId)))).toEqual(sorted(made));
			// Only the list wrote them: its own columns, none of the callback's.
			expect(
				rows.every(
					(row) => /^\d+$/.test(String(row.listId)) && row.eventId === null && row.rawBody === null,
				),
			).toBe(true);
			expect(new Set(rows.map((row) => row.leadKey)).size).toBe(rows.length);
			expect(sorted(networkItems.map((item) => Number(item.eventId)))).toEqual(
				sorted(networkLeads.spread.filter((id) => !networkLeads.ofFailing.has(id))),
			);
		},
		POLL_CYCLE_MS * 3 + 30_000,
	);

	it(
		`over the network, the failing agency's leads once it answers, every lead once`,
		async () => {
			expect(networkLeads.spread).toHaveLength(2 * NETWORK_AGENCIES);
			await admin('DELETE', '/faults/agencies/NET-0007');
			const all = await waitForItems(network, NETWORK_TRIGGER, networkLeads.spread.length);
			expect(sorted(all.map((item) => Number(item.eventId)))).toEqual(sorted(networkLeads.spread));
		},
		POLL_CYCLE_MS + 30_000,
	);
});
