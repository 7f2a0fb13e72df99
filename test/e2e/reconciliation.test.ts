/**
 * Hourly reconciliation in a real n8n with the packed package: the callback landing example writes
 * leads into the Data table; unpublished for a while, the messages made meanwhile are given up by
 * the portal (its retry schedule is made short here); the reconciliation example (Lead → Get Many
 * over the last 3 days, upsert on leadKey) then lands each missing message once, a second run adds
 * no row, and the import example (the last 30 days) adds none either. One n8n boot.
 */

import {
	importLandingExample,
	leadsTableRows,
	loadExample,
	publishWorkflow,
	runManually,
	startPortalStack,
	unpublishWorkflow,
	until,
	type PortalStack,
	type StoredWorkflow,
} from './support';

/** The emulator's retries after a failed delivery, in ms: the portal gives a lead up after them. */
const RETRY_SCHEDULE = [100, 200];

describe('hourly reconciliation: messages the callbacks missed land once', () => {
	let stack: PortalStack;
	let landing: StoredWorkflow;
	let adId: number;

	beforeAll(async () => {
		stack = await startPortalStack('reconciliation', {
			sandbox: { retrySchedule: RETRY_SCHEDULE },
		});
		adId = (await stack.portal.associatedOnlineAd()).idAvisoPlat;
	}, 900_000);

	afterAll(async () => {
		await stack?.stop();
	});

	const message = async (name: string) =>
		(await stack.portal.lead(adId, { tipoEvento: 'CONTACTO_MENSAJE', nombre: name })).idMensaje;

	const keysOf = (rows: Array<Record<string, unknown>>) => rows.map((row) => row.leadKey as string);

	async function runToSuccess(workflow: StoredWorkflow, trigger: string) {
		const started = Date.now();
		const execution = await runManually(stack.owner, workflow.id, trigger);
		expect({ workflow: workflow.name, status: execution.status }).toEqual({
			workflow: workflow.name,
			status: 'success',
		});
		return Date.now() - started;
	}

	it('lands each message given up while the landing workflow was unpublished, once; a second run adds nothing', async () => {
		landing = await importLandingExample(stack.owner, 'leadsToDataTable', stack.credential);
		expect(await publishWorkflow(stack.owner, landing.id)).toMatchObject({ status: 'published' });
		const landed = await message('Landed Live');
		await until(
			() => leadsTableRows(stack.owner),
			(rows) => keysOf(rows).includes(`message:${landed}`),
			'the live lead in the table',
		);

		// Unpublished by mistake: the callback still points at the workflow's production URL with
		// messages subscribed (When Unpublished: Keep the Callback Here; subscribed again here so the
		// test does not depend on it): n8n answers 404, the portal retries and gives them up.
		await unpublishWorkflow(stack.owner, landing.id);
		await stack.portal.service('PUT', '/v1/configuracion/callbacks/CONTACTO_MENSAJE');
		const missed = [
			await message('Missed One'),
			await message('Missed Two'),
			await message('Missed Three'),
		];
		await stack.sandbox.waitForIdle(30_000);
		const before = await leadsTableRows(stack.owner);
		expect(keysOf(before)).toEqual([`message:${landed}`]);
		// The missed messages' deliveries only: on a busy machine the live lead's first answer can
		// come after the portal's time-out, its retry then meets the unpublished workflow (its row is
		// already written).
		const givenUp = stack.sandbox
			.deliveries()
			.filter((attempt) => attempt.interfaceId === 'demo-les')
			.filter((attempt) => missed.includes(attempt.body.idMensaje as number))
			.filter((attempt) => attempt.final && attempt.outcome !== 'success');
		expect(givenUp).toHaveLength(missed.length);
		console.log(
			`reconciliation: ${missed.length} messages missed, ${givenUp.length} deliveries given up after ${RETRY_SCHEDULE.length} retries (last answers: ${[...new Set(givenUp.map((attempt) => attempt.status))].join(', ')})`,
		);

		const reconciliation = await stack.owner.api.createWorkflow(
			loadExample('leadReconciliation', stack.credential),
		);
		const firstRunMs = await runToSuccess(reconciliation, 'Every Hour');
		const after = await leadsTableRows(stack.owner);
		const keys = keysOf(after);
		expect(new Set(keys).size).toBe(keys.length);
		for (const id of [landed, ...missed]) {
			expect(keys.filter((key) => key === `message:${id}`)).toHaveLength(1);
		}
		const byKey = new Map(after.map((row) => [row.leadKey, row]));
		expect(byKey.get(`message:${missed[0]}`)).toMatchObject({
			name: 'Missed One',
			eventType: 'CONTACTO_MENSAJE',
			source: 'reconciliation',
			agencyCode: 'INMO-001',
		});

		const secondRunMs = await runToSuccess(reconciliation, 'Every Hour');
		expect(keysOf(await leadsTableRows(stack.owner)).sort()).toEqual([...keys].sort());

		const importer = await stack.owner.api.createWorkflow(
			loadExample('importLeads', stack.credential),
		);
		const importMs = await runToSuccess(importer, 'Run Once to Import');
		expect(keysOf(await leadsTableRows(stack.owner)).sort()).toEqual([...keys].sort());
		console.log(
			`reconciliation: table ${before.length} → ${after.length} rows; runs ${firstRunMs} ms, again ${secondRunMs} ms (no new row), import ${importMs} ms (no new row)`,
		);
	}, 300_000);
});
