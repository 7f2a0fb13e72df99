/** Shared set-up of the action node's engine tests: the node, its credential and the sandbox. */
import type { ICredentialDataDecryptedObject, IDataObject, INodeParameters } from 'n8n-workflow';
import { RealEstatePortalApi } from '../../../credentials/RealEstatePortalApi.credentials';
import { RealEstatePortal } from '../../../nodes/RealEstatePortal/RealEstatePortal.node';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../../sandbox';
import { runNode, type RunNodeResult } from '../harness';

export const TOKENS = {
	les: 'demo-les-token',
	lec: 'demo-lec-token',
	other: 'other-les-token',
	noCallbacks: 'nocallbacks-les-token',
} as const;

export const credentialType = new RealEstatePortalApi();

/**
 * One sandbox emulator for the test file, on an ephemeral loopback port, back to its seeded state
 * after every test. Call the returned function to reach it.
 */
export function useSandbox(options: SandboxOptions = {}): () => Sandbox {
	let sandbox: Sandbox | undefined;
	beforeAll(async () => {
		sandbox = await startSandbox({ ...options, port: 0 });
	});
	afterAll(async () => {
		await sandbox?.close();
	});
	afterEach(() => sandbox?.reset());
	return () => {
		if (!sandbox) throw new Error('The sandbox is not started yet');
		return sandbox;
	};
}

export function credentialData(
	sandbox: Sandbox,
	overrides: ICredentialDataDecryptedObject = {},
): ICredentialDataDecryptedObject {
	return {
		environment: 'sandbox',
		baseUrl: sandbox.url,
		pathLanguage: 'es',
		interfaceKind: 'LES',
		authentication: 'accessToken',
		accessToken: TOKENS.les,
		...overrides,
	};
}

export interface PortalRun {
	credentials?: ICredentialDataDecryptedObject;
	input?: IDataObject[];
	continueOnFail?: boolean;
	onError?: 'continueErrorOutput' | 'continueRegularOutput' | 'stopWorkflow';
	/** The node version the workflow was saved with; the latest when absent. */
	typeVersion?: number;
}

export async function runPortal(
	sandbox: Sandbox,
	parameters: IDataObject,
	options: PortalRun = {},
): Promise<RunNodeResult> {
	return await runNode({
		nodeType: RealEstatePortal,
		parameters: parameters as INodeParameters,
		credentials: { realEstatePortalApi: credentialData(sandbox, options.credentials) },
		credentialTypes: [credentialType],
		input: options.input,
		continueOnFail: options.continueOnFail,
		onError: options.onError,
		typeVersion: options.typeVersion,
	});
}

/** The json of every output item. */
export const jsonOf = (result: RunNodeResult) => result.items.map((item) => item.json);

/** The node's error message, failing the test with the run's status when there is none. */
export function errorOf(result: RunNodeResult): { message: string; description?: string } {
	if (!result.error) throw new Error(`Expected the run to fail; it ended ${result.status}`);
	return result.error as unknown as { message: string; description?: string };
}

/** Calls an admin route of the sandbox (no token). */
export async function admin(
	sandbox: Pick<Sandbox, 'url'>,
	method: string,
	path: string,
	body?: unknown,
) {
	const response = await fetch(`${sandbox.url}${path}`, {
		method,
		headers: body === undefined ? {} : { 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await response.text();
	return { status: response.status, json: text ? (JSON.parse(text) as unknown) : undefined };
}

export interface OnceFault {
	method?: string;
	/** Regular expression on the request path. */
	path: string;
	status?: number;
	reset?: boolean;
	body?: unknown;
	/** Answer the portal's coded message lists holding these codes (e.g. ERR-0502). */
	messageCodes?: string[];
	headers?: Record<string, string>;
	times?: number;
	skip?: number;
}

/** A one-shot targeted fault: the next matching request(s) fail this way. */
export async function failOnce(sandbox: Sandbox, fault: OnceFault): Promise<void> {
	const answer = await admin(sandbox, 'POST', '/__sandbox/faults/once', fault);
	if (answer.status !== 201)
		throw new Error(`The sandbox refused the fault: ${JSON.stringify(answer.json)}`);
}

/** How many faults the sandbox has injected since its last reset. */
export async function injectedFaults(sandbox: Sandbox): Promise<number> {
	const answer = await admin(sandbox, 'GET', '/__sandbox/faults');
	return (answer.json as { injected: number }).injected;
}

/** The sandbox's view of an interface: configuration, subscriptions, associations. */
export async function interfaceState(sandbox: Sandbox, interfaceId: string) {
	const answer = await admin(sandbox, 'GET', `/__sandbox/interfaces/${interfaceId}`);
	return answer.json as {
		configuration: Record<string, unknown> | null;
		subscriptions: string[];
		associations: Array<{ idAvisoPlat: number; codigoAviso: string }>;
	};
}

/** Every ad of an agency with its internal fields (price, currency, online...). */
export async function adminAds(sandbox: Sandbox, agencyCode: string, online = true) {
	const answer = await admin(
		sandbox,
		'GET',
		`/__sandbox/agencies/${agencyCode}/ads?online=${online}`,
	);
	return answer.json as Array<Record<string, unknown> & { idAvisoPlat: number }>;
}

/** Every output item is paired with one input item. */
export function expectPaired(result: RunNodeResult, inputCount = 1): void {
	for (const item of result.items) {
		const paired = item.pairedItem as { item: number } | undefined;
		expect(paired).toBeDefined();
		expect(paired!.item).toBeGreaterThanOrEqual(0);
		expect(paired!.item).toBeLessThan(inputCount);
	}
}
