/** Shared set-up of the trigger's engine tests: the node served over loopback, the sandbox's view. */
import type { ICredentialDataDecryptedObject, IDataObject, INodeParameters } from 'n8n-workflow';
import { RealEstatePortalTrigger } from '../../../nodes/RealEstatePortalTrigger/RealEstatePortalTrigger.node';
import { SECRET_HEADER } from '../../../nodes/RealEstatePortalTrigger/verify';
import { startSandbox, type Sandbox } from '../../../sandbox';
import { admin, credentialData, credentialType, interfaceState } from '../action/support';
import { receiveWebhook, type WebhookReceiver } from '../harness';
import { ensureEngine } from '../../../harness/engine/engineSetup';
import type { WebhookMode } from '../harness';

export { SECRET_HEADER, admin, credentialData, interfaceState };

/** The trigger's option that gives the previous callback back when the workflow is unpublished. */
export const GIVE_BACK = { options: { whenUnpublished: 'giveBack' } };

export interface TriggerSetup {
	parameters?: IDataObject;
	credentials?: ICredentialDataDecryptedObject;
	/** Static data the workflow already saved. */
	staticData?: IDataObject;
	/** The node's webhook id: another workflow's trigger has another one (and another URL). */
	webhookId?: string;
	/** Respond "When Last Node Finishes": awaited after each execution before the answer (a slow destination). */
	workflowTail?: () => Promise<void>;
}

/**
 * One sandbox per test file, reset before each test, and the triggers a test starts, closed after
 * it: `const env = useTriggerSandbox()`, then `env.sandbox` and `await env.trigger(setup)`.
 */
export function useTriggerSandbox() {
	let sandbox: Sandbox | undefined;
	const open: WebhookReceiver[] = [];
	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0 });
	});
	afterAll(async () => {
		await sandbox?.close();
	});
	beforeEach(() => sandbox!.reset());
	afterEach(async () => {
		await Promise.all(open.splice(0).map((receiver) => receiver.close()));
	});
	return {
		get sandbox(): Sandbox {
			return sandbox!;
		},
		async trigger(setup: TriggerSetup = {}): Promise<WebhookReceiver> {
			const receiver = await startTrigger(sandbox!, setup);
			open.push(receiver);
			return receiver;
		},
	};
}

/** The trigger in a saved workflow whose webhook URLs are served on loopback; not yet active. */
export async function startTrigger(
	sandbox: Sandbox,
	setup: TriggerSetup = {},
): Promise<WebhookReceiver> {
	return await receiveWebhook({
		nodeType: RealEstatePortalTrigger,
		// Property details are asked for by the tests about them (test/engine/leadDetails).
		parameters: { propertyDetails: false, ...setup.parameters } as INodeParameters,
		credentials: {
			realEstatePortalApi: credentialData(sandbox, setup.credentials),
		},
		credentialTypes: [credentialType],
		staticData: setup.staticData,
		webhookId: setup.webhookId,
		workflowTail: setup.workflowTail,
	});
}

export interface CallbackConfigurationState {
	url: string;
	authorizationHeaderKey?: string | null;
	authorizationHeaderValue?: string | null;
	lenguajeCallbackBody?: string | null;
}

/** The interface's configuration and subscriptions, as the sandbox holds them. */
export async function callbackState(sandbox: Sandbox, interfaceId = 'demo-les') {
	const state = await interfaceState(sandbox, interfaceId);
	return {
		configuration: state.configuration as CallbackConfigurationState | null,
		subscriptions: [...state.subscriptions].sort(),
	};
}

/** What a third party (another integration of the same interface) sets, straight at the service. */
export async function configureAsThirdParty(
	sandbox: Sandbox,
	configuration: CallbackConfigurationState,
	kinds: string[] = [],
	token = 'demo-les-token',
): Promise<void> {
	const call = async (method: string, path: string, body?: unknown) => {
		const response = await fetch(`${sandbox.url}${path}?access_token=${token}`, {
			method,
			headers: body === undefined ? {} : { 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		if (response.status !== 204) throw new Error(`${method} ${path} answered ${response.status}`);
	};
	await call('PUT', '/v1/configuracion/callbacks', configuration);
	for (const kind of kinds) await call('PUT', `/v1/configuracion/callbacks/${kind}`);
}

/** Someone sets the callback's body language at the portal, the rest of it unchanged. */
export async function bodiesAtThePortalIn(
	sandbox: Sandbox,
	language: string,
	interfaceId = 'demo-les',
	token = `${interfaceId}-token`,
): Promise<void> {
	const { configuration } = await callbackState(sandbox, interfaceId);
	await configureAsThirdParty(
		sandbox,
		{ ...configuration!, lenguajeCallbackBody: language },
		[],
		token,
	);
}

/** An online ad of INMO-001 associated to demo-les: its platform id and the integrator's code. */
export async function associatedAd(sandbox: Sandbox): Promise<{ id: number; code: string }> {
	const state = await interfaceState(sandbox, 'demo-les');
	const online = (await admin(sandbox, 'GET', '/__sandbox/agencies/INMO-001/ads?online=true'))
		.json as Array<{ idAvisoPlat: number }>;
	const found = state.associations.find((a) =>
		online.some((ad) => ad.idAvisoPlat === a.idAvisoPlat),
	)!;
	return { id: found.idAvisoPlat, code: found.codigoAviso };
}

export const CRM_CONFIGURATION: CallbackConfigurationState = {
	url: 'https://crm.example.invalid/portal-hook',
	authorizationHeaderKey: 'Authorization',
	authorizationHeaderValue: 'Bearer crm-secret',
	lenguajeCallbackBody: 'EN',
};

/** The same interface, now through client credentials: another secret for the node to derive from. */
export function useClientCredentials(receiver: WebhookReceiver, sandbox: Sandbox): void {
	receiver.trigger.credentials.save(
		'realEstatePortalApi',
		credentialData(sandbox, {
			authentication: 'clientCredentials',
			clientId: 'demo-les-client',
			clientSecret: 'demo-les-secret',
		}),
	);
}

/** The registration the node keeps for a webhook URL in its static data. */
export function registrationOf(receiver: WebhookReceiver, mode: WebhookMode = 'production') {
	const registrations = receiver.trigger.nodeStaticData.registrations as
		| Record<string, IDataObject>
		| undefined;
	return registrations?.[receiver.url(mode)] as
		| {
				secretDigest: { salt: string; digest: string };
				kinds: string[];
				previous: { configuration: unknown; kinds: string[] | null };
		  }
		| undefined;
}

/** The webhook secret, as only the portal holds it: the configuration's header value. */
export async function portalSecret(sandbox: Sandbox, interfaceId = 'demo-les'): Promise<string> {
	const value = (await callbackState(sandbox, interfaceId)).configuration?.authorizationHeaderValue;
	if (!value) throw new Error('The portal holds no callback secret');
	return value;
}

/** A Spanish phone-view lead, as a request made straight at the webhook URL carries it. */
export const leadBody = (idEvento = 'e5f1d7c2-1111-4aaa-8bbb-000000000001') => ({
	idEvento,
	tipoEvento: 'CONTACTO',
	idMensaje: null,
	idTipoContacto: 6,
	referencia: 'DEMO-0001',
	fechaRegistro: '2024-05-14T10:31:07.123-0300',
	nombre: 'Ana',
	email: 'ana@example.com',
	telefono: '+54 11 5555-0000',
	mensaje: null,
});

/**
 * POSTs a body straight to the trigger's webhook, as the service would: text and bytes as they are,
 * anything else as JSON; `contentType: null` sends no content type at all.
 */
export async function post(
	url: string,
	body: unknown,
	options: { secret?: string; contentType?: string | null } = {},
): Promise<{ status: number; json: unknown }> {
	const headers: Record<string, string> = {};
	if (options.contentType !== null)
		headers['content-type'] = options.contentType ?? 'application/json';
	if (options.secret !== undefined) headers[SECRET_HEADER] = options.secret;
	const sent =
		typeof body === 'string' ? body : Buffer.isBuffer(body) ? null : JSON.stringify(body);
	const response = await fetch(url, {
		method: 'POST',
		headers,
		// Bytes: fetch adds no content type of its own.
		body: sent === null ? (body as Buffer) : Buffer.from(sent),
	});
	const text = await response.text();
	let json: unknown = text;
	try {
		json = JSON.parse(text);
	} catch {
		// not JSON: keep the text
	}
	return { status: response.status, json };
}

/** What n8n's Logger received while `work` ran (and whether it threw). */
export async function logsDuring(
	work: () => Promise<unknown>,
): Promise<{ lines: string; error?: Error }> {
	const logger = ensureEngine();
	const mark = logger.mark();
	let error: Error | undefined;
	try {
		await work();
	} catch (thrown) {
		error = thrown as Error;
	}
	return { lines: logger.linesSince(mark).join('\n'), error };
}
