import { setTimeout as sleep } from 'node:timers/promises';

import {
	LANDING_CALLBACK_TRIGGER,
	TRIGGER_TYPE,
	importLandingExample,
	leadsTableRows,
	nodeOutput,
	productionWebhookUrl,
	publishWorkflow,
	startPortalStack,
	unpublishWorkflow,
	DEMO_TOKEN,
	type CallbackConfiguration,
	type Execution,
	type PortalStack,
	type SandboxClient,
	type StoredWorkflow,
} from './support';

/** What another system (a CRM) had configured on the interface before n8n took the callback over. */
const previousConfiguration: CallbackConfiguration = {
	url: 'http://127.0.0.1:9/previous-crm/portal-events',
	authorizationHeaderKey: 'Authorization',
	authorizationHeaderValue: 'Bearer previous-crm-secret',
	lenguajeCallbackBody: 'EN',
};

describe('the lead workflow (Real Estate Portal Trigger) published in a real n8n', () => {
	let stack: PortalStack;
	let portal: SandboxClient;
	let workflow: StoredWorkflow;
	let webhookUrl: string;

	beforeAll(async () => {
		stack = await startPortalStack('trigger');
		portal = stack.portal;
		workflow = await importLandingExample(stack.owner, 'leadsToDataTable', stack.credential);
		const trigger = workflow.nodes.find((node) => node.type === TRIGGER_TYPE)!;
		webhookUrl = productionWebhookUrl(stack.n8n.url, trigger.webhookId as string);
	}, 900_000);

	afterAll(async () => {
		await stack?.stop();
	});

	// Deliveries' runs only: the workflow's lead list (a Poll Trigger) may run at any moment, and
	// its "Run once" branch ran once already.
	let webhookRunsSoFar = 0;
	const webhookRuns = async (count: number) =>
		await stack.owner.api.waitForExecutions(workflow.id, count, { mode: 'webhook' });
	const webhookRunsNow = async () =>
		(await stack.owner.api.listExecutions({ workflowId: workflow.id, limit: 250 })).filter(
			(execution) => execution.mode === 'webhook',
		).length;

	/** Waits for one more finished execution per event; answers them by the event ID they hold. */
	async function executionsOf(eventIds: string[]): Promise<Map<string, Execution>> {
		webhookRunsSoFar += eventIds.length;
		const executions = await webhookRuns(webhookRunsSoFar);
		const byEvent = new Map(
			executions.map((execution) => [
				nodeOutput(execution, LANDING_CALLBACK_TRIGGER)[0]?.eventId,
				execution,
			]),
		);
		expect(eventIds.filter((id) => !byEvent.has(id))).toEqual([]);
		return byEvent as Map<string, Execution>;
	}

	it("publishing points the emulator's callback at n8n's production URL and subscribes the lead kinds", async () => {
		await portal.service('PUT', '/v1/configuracion/callbacks', previousConfiguration);
		await portal.service('PUT', '/v1/configuracion/callbacks/AVISO_CALIDAD');

		expect(await publishWorkflow(stack.owner, workflow.id)).toMatchObject({ status: 'published' });

		const demoInterface = await portal.interface();
		expect(demoInterface.configuration).toEqual({
			url: webhookUrl,
			authorizationHeaderKey: 'X-Portal-Webhook-Secret',
			authorizationHeaderValue: expect.stringMatching(/^[0-9a-f]{64}$/),
			lenguajeCallbackBody: 'ES',
		});
		expect(webhookUrl).toMatch(
			new RegExp(`^${stack.n8n.url}/webhook/[0-9a-f-]{36}/real-estate-portal$`),
		);
		expect([...demoInterface.subscriptions].sort()).toEqual([
			'AVISO_CALIDAD',
			'CONTACTO',
			'CONTACTO_MENSAJE',
		]);
	}, 60_000);

	it('turns leads made on an associated ad into executions holding the simplified lead, and rows of the Portal leads data table', async () => {
		const ad = await portal.associatedOnlineAd('INMO-001');
		const [message] = await portal.createLead(ad.idAvisoPlat, {
			tipoEvento: 'CONTACTO_MENSAJE',
			nombre: 'Ana Pérez',
			email: 'ana.perez@example.com',
			telefono: '+54 11 4444-0000',
			mensaje: '¿Acepta mascotas?',
		});
		const [phoneView] = await portal.createLead(ad.idAvisoPlat, {
			tipoEvento: 'CONTACTO',
			anonymous: true,
		});

		const executions = await executionsOf([message.idEvento, phoneView.idEvento]);

		const messageRun = executions.get(message.idEvento)!;
		expect(messageRun).toMatchObject({ status: 'success', mode: 'webhook' });
		expect(nodeOutput(messageRun, LANDING_CALLBACK_TRIGGER)).toEqual([
			expect.objectContaining({
				eventId: message.idEvento,
				eventType: 'CONTACTO_MENSAJE',
				contactType: 'message',
				registeredAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/),
				adCode: ad.codigoAviso,
				name: 'Ana Pérez',
				email: 'ana.perez@example.com',
				phone: '+54 11 4444-0000',
				message: '¿Acepta mascotas?',
				isAnonymous: false,
			}),
		]);

		const phoneViewRun = executions.get(phoneView.idEvento)!;
		const [phoneViewRow] = nodeOutput(phoneViewRun, LANDING_CALLBACK_TRIGGER);
		expect(phoneViewRow).toEqual(
			expect.objectContaining({
				eventId: phoneView.idEvento,
				eventType: 'CONTACTO',
				contactType: 'phone view',
				adCode: ad.codigoAviso,
				isAnonymous: true,
			}),
		);
		// A row carries only what the lead said: what an anonymous prospect did not give is absent
		// (an upsert leaves its column as it is), never null nor ''.
		for (const unknown of ['name', 'email', 'phone', 'message'])
			expect(phoneViewRow).not.toHaveProperty(unknown);
		for (const run of [messageRun, phoneViewRun])
			for (const value of Object.values(nodeOutput(run, LANDING_CALLBACK_TRIGGER)[0]))
				expect(value === null || value === '' || typeof value === 'object').toBe(false);
		// Each lead is one row of the data table, every field of the flat lead in its column.
		const rows = new Map((await leadsTableRows(stack.owner)).map((row) => [row.eventId, row]));
		for (const run of [messageRun, phoneViewRun]) {
			const { registeredAt, ...lead } = nodeOutput(run, LANDING_CALLBACK_TRIGGER)[0];
			const row = rows.get(lead.eventId);
			expect(row).toMatchObject(lead);
			expect(row!.when).toEqual(
				expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} [+-]\d{2}:\d{2}$/),
			);
			expect(Date.parse(row!.registeredAt as string)).toBe(Date.parse(registeredAt as string));
		}
		// Add Property Details (on in the example's trigger version): a row names the property and
		// whose agency it is (title only: the emulator answers the ad summary in shape B here). The
		// first leads of an ad may land without them on a machine too loaded to read them within 0.3 s;
		// a later lead finds them in memory.
		const [later] = await portal.createLead(ad.idAvisoPlat, { tipoEvento: 'CONTACTO' });
		await executionsOf([later.idEvento]);
		const [record] = (await portal.ads('INMO-001')).filter(
			(one) => one.idAvisoPlat === ad.idAvisoPlat,
		);
		const laterRow = (await leadsTableRows(stack.owner)).find(
			(row) => row.eventId === later.idEvento,
		);
		expect(laterRow).toMatchObject({
			adTitle: record.titulo,
			platformAdId: ad.idAvisoPlat,
			agencyName: 'Inmobiliaria Demo Palermo',
		});

		const leadIds = [message.idEvento, phoneView.idEvento];
		const deliveries = stack.sandbox.deliveries().filter((d) => leadIds.includes(d.idEvento));
		expect(deliveries.map((d) => [d.url, d.status, d.outcome])).toEqual([
			[webhookUrl, 200, 'success'],
			[webhookUrl, 200, 'success'],
		]);
		// Respond "When Last Node Finishes": an empty 200 once the row is written, not the lead.
		expect(deliveries.map((d) => d.responseBody)).toEqual(['', '']);
	}, 60_000);

	it("keeps neither the webhook secret nor the previous configuration's header value in the workflow's static data", async () => {
		const { configuration } = await portal.interface();
		const secret = configuration!.authorizationHeaderValue!;

		const published = (await stack.owner.api.getWorkflow(workflow.id)) as StoredWorkflow & {
			staticData?: unknown;
		};

		const staticData = JSON.stringify(published.staticData ?? null);
		expect(staticData).toContain('registrations');
		expect(staticData).not.toContain(secret);
		expect(staticData).not.toContain(previousConfiguration.authorizationHeaderValue!);
		const wrong = await fetch(webhookUrl, {
			method: 'POST',
			headers: {
				'content-type': 'application/json',
				'X-Portal-Webhook-Secret': `${secret.slice(1)}0`,
			},
			body: JSON.stringify({
				idEvento: 'forged',
				tipoEvento: 'CONTACTO',
				email: 'intruder@example.com',
			}),
		});
		expect(wrong.status).toBe(401);
	});

	it("turns the emulator's simulated CONTACTO and CONTACTO_MENSAJE into executions", async () => {
		// The simulation endpoint delivers to the configuration given in its body: n8n's own.
		const { configuration } = await portal.interface();
		const simulate = async (body: Record<string, unknown>) =>
			await portal.service<{ code: string; idEvento: string }>(
				'POST',
				'/v1/callbacks/generacion/evento',
				{
					codigoInmobiliaria: 'INMO-001',
					codigoAviso: 'DEMO-0002',
					configuracionCallback: configuration,
					...body,
				},
			);
		const phoneView = await simulate({
			tipoDeEvento: 'CONTACTO',
			contactEmail: 'lucas@example.com',
		});
		const message = await simulate({
			tipoDeEvento: 'CONTACTO_MENSAJE',
			contactName: 'Lucas Gómez',
			contactEmail: 'lucas@example.com',
			contactPhone: '+54 11 3333-1111',
			contactMessage: 'Quisiera visitarla el sábado.',
		});

		const executions = await executionsOf([phoneView.idEvento, message.idEvento]);

		expect(nodeOutput(executions.get(phoneView.idEvento)!, LANDING_CALLBACK_TRIGGER)).toEqual([
			expect.objectContaining({
				eventType: 'CONTACTO',
				adCode: 'DEMO-0002',
				email: 'lucas@example.com',
				isAnonymous: false,
			}),
		]);
		expect(nodeOutput(executions.get(message.idEvento)!, LANDING_CALLBACK_TRIGGER)).toEqual([
			expect.objectContaining({
				eventType: 'CONTACTO_MENSAJE',
				adCode: 'DEMO-0002',
				name: 'Lucas Gómez',
				email: 'lucas@example.com',
				phone: '+54 11 3333-1111',
				message: 'Quisiera visitarla el sábado.',
				isAnonymous: false,
			}),
		]);
	}, 60_000);

	it('refuses a call without the secret header and starts no execution for it', async () => {
		const before = await webhookRunsNow();

		const response = await fetch(webhookUrl, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({
				idEvento: 'forged',
				tipoEvento: 'CONTACTO',
				email: 'intruder@example.com',
			}),
		});

		expect(response.status).toBe(401);
		expect(await webhookRunsNow()).toBe(before);
	});

	it('keeps one row for an event the portal delivers twice (its retries keep the idEvento)', async () => {
		const { configuration } = await portal.interface();
		const eventId = '7b0e3f52-4a59-4cf4-9a51-2f1f4a7c0d11';
		const deliver = async () =>
			await fetch(webhookUrl, {
				method: 'POST',
				headers: {
					'content-type': 'application/json',
					[configuration!.authorizationHeaderKey!]: configuration!.authorizationHeaderValue!,
				},
				body: JSON.stringify({
					idEvento: eventId,
					tipoEvento: 'CONTACTO',
					idMensaje: null,
					idTipoContacto: 6,
					referencia: 'DEMO-0003',
					fechaRegistro: '2026-11-21T10:00:00.000-0300',
					nombre: 'Marta Ruiz',
					email: 'marta@example.com',
					telefono: '+54 11 5555-0101',
					mensaje: null,
				}),
			});

		expect((await deliver()).status).toBe(200);
		webhookRunsSoFar += 1;
		const before = (await webhookRuns(webhookRunsSoFar)).length;
		// Its workflow succeeded in this n8n: the repeat is answered 200 without running again.
		const repeat = await deliver();
		expect(repeat.status).toBe(200);
		expect(await repeat.json()).toMatchObject({ received: true });
		await sleep(2_000);
		expect(await webhookRunsNow()).toBe(before);

		const rows = (await leadsTableRows(stack.owner)).filter((row) => row.eventId === eventId);
		expect(rows).toEqual([expect.objectContaining({ eventId, name: 'Marta Ruiz' })]);
	}, 60_000);

	it('lands a lead whatever its shape and bytes, and a body that is no event, as rows (issue 36)', async () => {
		const { configuration } = await portal.interface();
		const secret = {
			[configuration!.authorizationHeaderKey!]: configuration!.authorizationHeaderValue!,
		};
		const lead = (idEvento: string, fields: Record<string, unknown>) =>
			JSON.stringify({
				idEvento,
				tipoEvento: 'CONTACTO',
				referencia: 'DEMO-0003',
				nombre: 'Luz Díaz',
				email: `${idEvento}@example.com`,
				...fields,
			});
		const ids = ['a3f0c1d2-0000-4000-8000-000000000361', 'a3f0c1d2-0000-4000-8000-000000000362'];
		const sent: Array<[Record<string, string>, Buffer]> = [
			// No content type, a byte-order mark, a local time without an offset: n8n 2.41.1 reads no
			// body for this trigger version, the node reads the bytes.
			[
				secret,
				Buffer.concat([
					Buffer.from([0xef, 0xbb, 0xbf]),
					Buffer.from(lead(ids[0], { fechaRegistro: '26/11/2026 10:49:35' })),
				]),
			],
			[
				{ ...secret, 'content-type': 'application/octet-stream' },
				Buffer.from(lead(ids[1], { fechaRegistro: 'ayer', dni: '30111222' })),
			],
			[{ ...secret, 'content-type': 'application/json' }, Buffer.from('{"hello":"world"}')],
		];
		for (const [headers, body] of sent) {
			const answer = await fetch(webhookUrl, { method: 'POST', headers, body });
			expect(answer.status).toBe(200);
		}
		webhookRunsSoFar += sent.length;
		await webhookRuns(webhookRunsSoFar);

		const rows = await leadsTableRows(stack.owner);
		const [local, unreadable] = ids.map((id) => rows.find((row) => row.eventId === id));
		expect(Date.parse(String(local?.registeredAt))).toBe(Date.parse('2026-11-26T13:49:35Z'));
		expect(unreadable).toMatchObject({ registeredAt: null, unreadableFields: 'fechaRegistro' });
		expect(unreadable?.rawBody).not.toContain('30111222');
		const unknown = rows.filter((row) => row.eventType === 'UNKNOWN');
		expect(unknown).toEqual([expect.objectContaining({ rawBody: '{"hello":"world"}' })]);
	}, 60_000);

	it('keeps the access token out of every execution', async () => {
		const executions = await stack.owner.api.listExecutions({
			workflowId: workflow.id,
			includeData: true,
		});

		expect(executions.length).toBeGreaterThan(0);
		expect(JSON.stringify(executions)).not.toContain(DEMO_TOKEN);
	});

	it('unpublishing leaves the callback on n8n with its kinds subscribed: the portal keeps the leads for the next publish', async () => {
		const before = await portal.interface();

		expect(await unpublishWorkflow(stack.owner, workflow.id)).toMatchObject({
			status: 'not_published',
		});

		// docs/reliability.md: unpublishing, an edit or a restart loses no lead; Options → When
		// Unpublished → Give Back the Previous Callback gives back the configuration set before.
		const demoInterface = await portal.interface();
		expect(demoInterface.configuration).toEqual(before.configuration);
		expect([...demoInterface.subscriptions].sort()).toEqual([...before.subscriptions].sort());
		expect(demoInterface.configuration?.url).toBe(webhookUrl);
	}, 60_000);
});
