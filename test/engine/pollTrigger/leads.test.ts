import type { IRun } from 'n8n-workflow';
import type { Sandbox } from '../../../sandbox';
import { credentialData, credentialType, failOnce, useSandbox } from '../action/support';
import { loadOptions, secretExposures } from '../harness';
import { RealEstatePortalPollTrigger } from '../../../nodes/RealEstatePortalPollTrigger/RealEstatePortalPollTrigger.node';
import { emitted, listedIds, makeLead, pollWorkflow } from './support';

const sandbox = useSandbox();

/** The items an execution started with (the trigger's output). */
const itemsOf = (run: IRun) =>
	Object.values(run.data.resultData.runData)[0][0].data!.main[0]!.map((item) => item.json);

describe('Real Estate Portal Poll Trigger: New Lead', () => {
	it('records the starting point at activation, then emits each new lead once, oldest first', async () => {
		await makeLead(sandbox());
		const workflow = pollWorkflow(sandbox());
		expect((await workflow.activate()).items).toBeNull();
		expect(await workflow.poll()).toEqual({ items: null });

		const first = await makeLead(sandbox(), 'INMO-001', {
			tipoEvento: 'CONTACTO_MENSAJE',
			nombre: 'Ana Pérez',
			email: 'ana@example.com',
		});
		const second = await makeLead(sandbox(), 'INMO-002', {
			tipoEvento: 'CONTACTO',
			nombre: 'Bruno Díaz',
			email: 'bruno@example.com',
		});
		// A lead of an anonymous prospect is not in the list ("not in the public API").
		await makeLead(sandbox(), 'INMO-002', { tipoEvento: 'CONTACTO', anonymous: true });
		const outcome = await workflow.poll();
		expect(emitted(outcome).map((lead) => Number(lead.eventId))).toEqual([first, second]);
		expect(emitted(outcome)[0]).toMatchObject({
			eventId: String(first),
			eventType: 'CONTACTO_MENSAJE',
			contactType: 'message',
			name: 'Ana Pérez',
			email: 'ana@example.com',
			isAnonymous: false,
			agencyCode: 'INMO-001',
			trigger: 'poll',
			// The recorded list writes the instant in UTC (docs/portal-api.md, "Lead list").
			registeredAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
		});
		expect(emitted(outcome)[1]).toMatchObject({
			eventType: 'CONTACTO',
			contactType: 'phone view',
			isAnonymous: false,
			name: 'Bruno Díaz',
			email: 'bruno@example.com',
			agencyCode: 'INMO-002',
		});
		// The execution n8n started carries exactly those items.
		const run = outcome.run!;
		expect(run.status).toBe('success');
		expect(
			run.data.resultData.runData[workflow.node.name][0].data!.main[0]!.map((i) =>
				Number(i.json.eventId),
			),
		).toEqual([first, second]);
		expect(await workflow.poll()).toEqual({ items: null });
	});

	it('emits a lead with fields it cannot read: what it can read, the others named, the raw item kept', async () => {
		const workflow = pollWorkflow(sandbox());
		await workflow.activate();
		const variant = {
			fechaRegistro: { epoch: 1_763_900_000_000 },
			telefono: { numero: '5555-0101' },
		};
		const made = await makeLead(sandbox(), 'INMO-001', {
			tipoEvento: 'CONTACTO_MENSAJE',
			email: 'odd@example.com',
			variant,
		});

		const [lead] = emitted(await workflow.poll());

		expect(lead).toMatchObject({
			eventId: String(made),
			messageId: made,
			email: 'odd@example.com',
			phone: null,
			registeredAt: null,
			unreadableFields: 'fechaRegistro, telefono',
			rawBody: expect.objectContaining(variant),
			trigger: 'poll',
		});
	});

	it('watches one agency when asked, and names an unknown one', async () => {
		const workflow = pollWorkflow(sandbox(), {
			parameters: { agencyScope: 'one', agencyCode: 'INMO-002' },
		});
		await workflow.activate();
		await makeLead(sandbox(), 'INMO-001');
		const only = await makeLead(sandbox(), 'INMO-002');
		expect(emitted(await workflow.poll()).map((lead) => Number(lead.eventId))).toEqual([only]);

		const unknown = pollWorkflow(sandbox(), {
			parameters: { agencyScope: 'one', agencyCode: 'INMO-404' },
		});
		await expect(unknown.activate()).rejects.toThrow('Agency "INMO-404" not found');
	});

	it('survives a restart: saved cursors reloaded, no lead twice, none lost while n8n was down', async () => {
		const workflow = pollWorkflow(sandbox());
		await workflow.activate();
		const before = await makeLead(sandbox());
		expect(emitted(await workflow.poll()).map((lead) => Number(lead.eventId))).toEqual([before]);
		const whileDown = [await makeLead(sandbox()), await makeLead(sandbox(), 'INMO-002')];
		const restarted = await workflow.restart();
		expect(emitted(restarted).map((lead) => Number(lead.eventId))).toEqual(whileDown);
		expect(await workflow.poll()).toEqual({ items: null });
		expect(workflow.executions).toHaveLength(2);
	});

	it('a failing agency keeps its place while the others emit and move on; it catches up once it answers', async () => {
		const workflow = pollWorkflow(sandbox());
		await workflow.activate();
		const first = await makeLead(sandbox());
		const second = await makeLead(sandbox(), 'INMO-002');
		const kept = (workflow.liveNodeStaticData.leads as Record<string, unknown>)['INMO-002'];
		// The second agency's lead list fails (four attempts): the first agency's lead is emitted all the same.
		await failNext(sandbox(), '^/v2/inmobiliarias/INMO-002/mensajes$', 503, 4);
		const partial = await workflow.poll();
		expect(emitted(partial).map((lead) => Number(lead.eventId))).toEqual([first]);
		expect(workflow.failures).toEqual([]);
		const saved = workflow.nodeStaticData;
		expect((saved.leads as Record<string, unknown>)['INMO-002']).toEqual(kept);
		expect(saved.failing).toEqual({
			'INMO-002': {
				since: expect.any(Number),
				polls: 1,
				error: 'The portal failed to process the request (HTTP 503)',
			},
		});
		expect(emitted(await workflow.poll()).map((lead) => Number(lead.eventId))).toEqual([second]);
		expect(workflow.nodeStaticData.failing).toBeUndefined();
		expect(await workflow.poll()).toEqual({ items: null });
	});

	it('a poll in which no agency can be read fails with the reason and moves nothing', async () => {
		const workflow = pollWorkflow(sandbox());
		await workflow.activate();
		const leads = [await makeLead(sandbox()), await makeLead(sandbox(), 'INMO-002')];
		const kept = workflow.liveNodeStaticData;
		await failNext(sandbox(), '^/v2/inmobiliarias/INMO-00[12]/mensajes$', 503, 8);
		const failed = await workflow.poll();
		expect(failed.items).toBeNull();
		expect(failed.error?.message).toContain('The portal failed to process the request (HTTP 503)');
		expect(workflow.failures).toHaveLength(1);
		expect(workflow.liveNodeStaticData).toEqual(kept);
		expect(emitted(await workflow.poll()).map((lead) => Number(lead.eventId))).toEqual(leads);
	});

	it('goes on from its cursor on a new activation, keeping the ids it may list again', async () => {
		const workflow = pollWorkflow(sandbox());
		await workflow.activate();
		const meanwhile = await makeLead(sandbox());
		workflow.deactivate();
		expect(emitted(await workflow.activate()).map((lead) => Number(lead.eventId))).toEqual([
			meanwhile,
		]);
		const cursors = workflow.nodeStaticData.leads as Record<
			string,
			{ fromDay: string; keysUntil: Record<string, unknown[]> }
		>;
		expect(Object.keys(cursors)).toEqual(['INMO-001', 'INMO-002']);
		expect(Object.values(cursors['INMO-001'].keysUntil).flat()).toHaveLength(1);
		expect(cursors['INMO-001'].fromDay).toMatch(/^\d{8}$/);
	});

	it('two polls at once (the first after a start and a scheduled one) emit each new lead once', async () => {
		const workflow = pollWorkflow(sandbox());
		await workflow.activate();
		// Activated again in the same process: its Workflow holds a copy of the saved static data.
		const again = pollWorkflow(sandbox(), {
			staticData: workflow.staticData,
			workflowId: workflow.id,
		});
		await again.activate('init');
		const lead = await makeLead(sandbox());
		const copies = await Promise.all([workflow.poll(), again.poll()]);
		expect(copies.flatMap(listedIds)).toEqual([lead]);
		// The poll that waited went on from the cursor of the one before: nothing is new to either.
		expect(await again.poll()).toEqual({ items: null });
		expect(await workflow.poll()).toEqual({ items: null });
		// Two polls of one activation read one static data object.
		const next = await makeLead(sandbox(), 'INMO-002');
		await Promise.all([workflow.poll(), workflow.poll()]);
		expect(workflow.executions.map((run) => listedIds({ items: itemsOf(run) }))).toEqual([
			[lead],
			[next],
		]);
	});

	it('edited to watch every agency or one of them, keeps the cursor of each agency still watched', async () => {
		const one = (agencyCode: string) => ({ agencyScope: 'one', agencyCode });
		const first = pollWorkflow(sandbox(), { parameters: one('INMO-001') });
		await first.activate();
		const missed = await makeLead(sandbox());
		// Made before the agency was watched: not new to the workflow.
		await makeLead(sandbox(), 'INMO-002');
		// Published again with every agency ('update': the edited version replaces the active one).
		const every = pollWorkflow(sandbox(), { staticData: first.staticData });
		expect(listedIds(await every.activate('update'))).toEqual([missed]);
		const [second, third] = [await makeLead(sandbox(), 'INMO-002'), await makeLead(sandbox())];
		expect(listedIds(await every.poll())).toEqual([second, third]);
		const later = [await makeLead(sandbox(), 'INMO-002'), await makeLead(sandbox())];
		// Published again with one of them: the other one is no longer watched, not gone.
		const last = pollWorkflow(sandbox(), {
			parameters: one('INMO-002'),
			staticData: every.staticData,
		});
		expect(listedIds(await last.activate('update'))).toEqual([later[0]]);
		expect(await last.poll()).toEqual({ items: null });
		expect(last.failures).toEqual([]);
		expect(Object.keys(last.nodeStaticData.leads as object)).toEqual(['INMO-002']);
	});

	it('"Fetch test event" returns the most recent lead without moving the starting point', async () => {
		const workflow = pollWorkflow(sandbox());
		const none = await workflow.fetchTestEvent();
		expect(none.error?.message).toBe('No lead in the last 7 days to show yet');
		await workflow.activate();
		const kept = workflow.liveNodeStaticData;
		await makeLead(sandbox());
		const latest = await makeLead(sandbox(), 'INMO-002');
		const sample = await workflow.fetchTestEvent();
		expect(sample.items.map((item) => Number(item.json.eventId))).toEqual([latest]);
		expect(workflow.liveNodeStaticData).toEqual(kept);
		expect(emitted(await workflow.poll())).toHaveLength(2);
	});

	it('reads leads with a read-only (LEC) credential and on a plan without callbacks', async () => {
		const lec = pollWorkflow(sandbox(), {
			credentials: { accessToken: 'demo-lec-token', interfaceKind: 'LEC' },
		});
		await lec.activate();
		const lead = await makeLead(sandbox());
		expect(emitted(await lec.poll())).toEqual([
			expect.objectContaining({ eventId: String(lead), adCode: null, agencyCode: 'INMO-001' }),
		]);

		const free = pollWorkflow(sandbox(), { credentials: { accessToken: 'nocallbacks-les-token' } });
		await free.activate();
		const own = await makeLead(sandbox(), 'INMO-500');
		expect(emitted(await free.poll()).map((item) => Number(item.eventId))).toEqual([own]);
	});

	it('names the fix when the token is refused, never shows the token, and changes nothing', async () => {
		const workflow = pollWorkflow(sandbox(), { credentials: { accessToken: 'not-a-token' } });
		const error = await workflow.activate().catch((thrown: unknown) => thrown);
		expect(error).toMatchObject({ message: 'The portal rejected the access token' });
		expect((error as { description: string }).description).toContain('Check the Access Token');
		expect(secretExposures({ error }, 'not-a-token')).toEqual([]);
		expect(workflow.staticData).toEqual({});
	});

	it('names the plan when the portal refuses the lead list with "Access is denied"', async () => {
		const workflow = pollWorkflow(sandbox(), {
			parameters: { agencyScope: 'one', agencyCode: 'INMO-001' },
		});
		await failOnce(sandbox(), {
			method: 'GET',
			path: '/mensajes$',
			status: 500,
			body: { code: 'error_inesperado', message: 'Access is denied' },
		});
		const error = await workflow.activate().catch((thrown: unknown) => thrown);
		expect(error).toMatchObject({ message: 'Your portal plan does not include lead polling' });
		expect((error as { description: string }).description).toContain('integration support');
	});

	it('says when the portal cannot be reached, and catches up once it can', async () => {
		const workflow = pollWorkflow(sandbox());
		await workflow.activate();
		const lead = await makeLead(sandbox());
		await failNext(sandbox(), '^/v1/inmobiliarias$', 0, 4, true);
		const failed = await workflow.poll();
		expect(failed.error?.message).toBe(`Could not reach the portal at ${sandbox().url}`);
		expect(emitted(await workflow.poll()).map((item) => Number(item.eventId))).toEqual([lead]);
	});
});

async function failNext(
	sandbox: Sandbox,
	path: string,
	status: number,
	times: number,
	reset = false,
) {
	await failOnce(
		sandbox,
		reset ? { method: 'GET', path, reset, times } : { method: 'GET', path, status, times },
	);
}

describe('Real Estate Portal Poll Trigger: agency dropdown', () => {
	it('lists the agencies linked to the credential', async () => {
		const options = await loadOptions({
			nodeType: RealEstatePortalPollTrigger,
			method: 'getAgencies',
			parameters: { agencyScope: 'one' },
			credentials: {
				realEstatePortalApi: credentialData(sandbox(), { accessToken: 'nocallbacks-les-token' }),
			},
			credentialTypes: [credentialType],
		});
		expect(options).toEqual([
			{ name: 'Sin Callbacks Bienes Raíces (INMO-500)', value: 'INMO-500' },
		]);
	});
});
