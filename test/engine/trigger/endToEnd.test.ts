/**
 * End to end in the engine: the trigger registers itself at the sandbox, the sandbox's simulation
 * endpoint delivers a CONTACTO and a CONTACTO_MENSAJE over real HTTP to the trigger's webhook, and
 * the executions n8n-core runs start from the simplified leads.
 */
import type { IDataObject } from 'n8n-workflow';
import type { Sandbox } from '../../../sandbox';
import { adminAds, runPortal } from '../action/support';
import type { ReceivedWebhook, WebhookReceiver } from '../harness';
import { useTriggerSandbox, type CallbackConfigurationState } from './support';

const env = useTriggerSandbox();
let sandbox: Sandbox;
let receiver: WebhookReceiver;
/** The sandbox's record of the ad DEMO-0001 (the integrator code of demo-les for ad 54000002). */
let ad: { claveInterna: string | null; planDePublicacion: string };

beforeEach(async () => {
	sandbox = env.sandbox;
	const ads = await adminAds(sandbox, 'INMO-001');
	ad = ads.find((one) => one.idAvisoPlat === 54000002) as unknown as typeof ad;
	receiver = await env.trigger();
	await receiver.trigger.activate();
});

/** The configuration the trigger registered, read back from the service as any client would. */
async function registeredConfiguration(): Promise<CallbackConfigurationState> {
	const response = await fetch(
		`${sandbox.url}/v1/configuracion/callbacks?access_token=demo-les-token`,
	);
	return (await response.json()) as CallbackConfigurationState;
}

async function simulate(body: IDataObject): Promise<string> {
	const response = await fetch(
		`${sandbox.url}/v1/callbacks/generacion/evento?access_token=demo-les-token`,
		{
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ codigoInmobiliaria: 'INMO-001', codigoAviso: 'DEMO-0001', ...body }),
		},
	);
	expect(response.status).toBe(200);
	return ((await response.json()) as { idEvento: string }).idEvento;
}

/** What the trigger node handed to the workflow in the execution n8n-core ran. */
function triggerOutput(received: ReceivedWebhook): IDataObject[] {
	expect(received.run?.status).toBe('success');
	const runs = received.run!.data.resultData.runData['Real Estate Portal Trigger'];
	return runs[0].data!.main[0]!.map((item) => item.json);
}

const phoneView = (eventId: string) => ({
	eventId,
	leadKey: expect.stringMatching(/^view:[0-9a-f]{24}$/),
	matchKey: expect.stringMatching(/^match:[0-9a-f]{24}$/),
	eventType: 'CONTACTO',
	contactType: 'phone view',
	contactTypeId: 6,
	registeredAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}-03:00$/),
	adCode: 'DEMO-0001',
	platformAdId: null,
	messageId: null,
	name: null,
	email: 'ana@example.com',
	phone: null,
	message: null,
	isAnonymous: false,
	developmentId: null,
	parentAdId: null,
	developmentCode: null,
	publicationPlan: ad.planDePublicacion,
	internalKey: ad.claveInterna,
	// The published Spanish bodies name the agency in codigoCliente (docs/portal-api.md).
	agencyCode: 'INMO-001',
	clientCode: 'INMO-001',
	contactId: null,
	leadOrigin: null,
	prospectId: expect.any(String),
});

const message = (eventId: string) => ({
	...phoneView(eventId),
	leadKey: expect.stringMatching(/^message:\d+$/),
	eventType: 'CONTACTO_MENSAJE',
	contactType: 'message',
	contactTypeId: 1,
	messageId: expect.any(Number),
	// The published message body carries the contact's id and the ad's platform id.
	contactId: expect.any(String),
	platformAdId: expect.any(Number),
	name: 'Ana Pérez',
	phone: '+54 11 4444-1234',
	message: 'Quisiera visitarlo el sábado.',
});

it("the simulation endpoint's CONTACTO and CONTACTO_MENSAJE come out as simplified leads", async () => {
	const configuracionCallback = await registeredConfiguration();

	const phoneViewId = await simulate({
		tipoDeEvento: 'CONTACTO',
		contactEmail: 'ana@example.com',
		configuracionCallback,
	});
	const messageId = await simulate({
		tipoDeEvento: 'CONTACTO_MENSAJE',
		contactName: 'Ana Pérez',
		contactEmail: 'ana@example.com',
		contactPhone: '+54 11 4444-1234',
		contactMessage: 'Quisiera visitarlo el sábado.',
		configuracionCallback,
	});
	const received = await receiver.waitForReceived(2);

	const outputs = received.map(triggerOutput).flat();
	expect(outputs).toHaveLength(2);
	expect(outputs.find((lead) => lead.eventId === phoneViewId)).toEqual(phoneView(phoneViewId));
	expect(outputs.find((lead) => lead.eventId === messageId)).toEqual(message(messageId));
	const ids = [phoneViewId, messageId];
	const recorded = await sandbox.waitForDeliveries((all) =>
		ids.every((id) => all.some((d) => d.idEvento === id)),
	);
	const attempts = recorded.filter((delivery) => ids.includes(delivery.idEvento));
	expect(attempts.map((attempt) => attempt.outcome)).toEqual(['success', 'success']);
});

it("the action node's Simulate Lead Event, aimed at the trigger's registration, starts the trigger's workflow", async () => {
	const configuration = await registeredConfiguration();

	const simulated = await runPortal(sandbox, {
		resource: 'sandbox',
		operation: 'simulateLeadEvent',
		agencyCode: 'INMO-001',
		adCode: 'DEMO-0001',
		eventType: 'CONTACTO',
		contactEmail: 'ana@example.com',
		callbackUrl: configuration.url,
		authorizationHeaderKey: configuration.authorizationHeaderKey,
		authorizationHeaderValue: configuration.authorizationHeaderValue,
		callbackBodyLanguage: 'PT',
	});
	const eventId = simulated.items[0].json.eventId as string;
	const [received] = await receiver.waitForReceived(1);

	// The Portuguese body names the agency in codigoImobiliaria and carries the contact's id.
	expect(triggerOutput(received)).toEqual([
		{ ...phoneView(eventId), clientCode: null, contactId: expect.any(String) },
	]);
});
