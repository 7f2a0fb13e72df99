/** Shared set-up of the poll trigger's engine tests: the node in a polled workflow, the sandbox's view. */
import type { ICredentialDataDecryptedObject, IDataObject, INodeParameters } from 'n8n-workflow';
import { RealEstatePortalPollTrigger } from '../../../nodes/RealEstatePortalPollTrigger/RealEstatePortalPollTrigger.node';
import type { Sandbox } from '../../../sandbox';
import { NETWORK_TOKEN } from '../../../harness/n8n/portal';
import { admin, adminAds, credentialData, credentialType } from '../action/support';
import { PollWorkflow } from '../harness';

export { admin, adminAds };
export { NETWORK_TOKEN, bulkLeads, portalDay } from '../../../harness/n8n/portal';

export interface PollSetup {
	parameters?: IDataObject;
	credentials?: ICredentialDataDecryptedObject;
	staticData?: IDataObject;
	/** What getPollBudgetMs() answers (n8n-core's default when absent). */
	pollBudgetMs?: number;
	/** The id of a workflow activated again (PollOptions.workflowId). */
	workflowId?: string;
	/** The node's version (default: FLAT_LEAD_VERSION, harness/engine/workflowNode.ts). */
	typeVersion?: number;
}

export function pollWorkflow(sandbox: Sandbox, setup: PollSetup = {}): PollWorkflow {
	return new PollWorkflow({
		nodeType: RealEstatePortalPollTrigger,
		// Property details are asked for by the tests about them (test/engine/leadDetails).
		parameters: { propertyDetails: false, ...setup.parameters } as INodeParameters,
		credentials: { realEstatePortalApi: credentialData(sandbox, setup.credentials) },
		credentialTypes: [credentialType],
		staticData: setup.staticData,
		pollBudgetMs: setup.pollBudgetMs,
		workflowId: setup.workflowId,
		typeVersion: setup.typeVersion,
	});
}

/** A lead on an online ad of the agency, through the admin endpoint; answers its polled id. */
export async function makeLead(
	sandbox: Sandbox,
	agencyCode = 'INMO-001',
	body: IDataObject = {},
): Promise<number> {
	const [ad] = await adminAds(sandbox, agencyCode);
	const answer = await admin(sandbox, 'POST', `/__sandbox/ads/${ad.idAvisoPlat}/leads`, body);
	if (answer.status !== 200)
		throw new Error(`The sandbox made no lead: ${JSON.stringify(answer.json)}`);
	return (answer.json as { idMensaje: number }).idMensaje;
}

/** The json of the items an outcome emitted (none for null). */
export const emitted = (outcome: { items: IDataObject[] | null }) => outcome.items ?? [];

/** A poll trigger on every agency of the network interface. */
export function networkWorkflow(sandbox: Sandbox, setup: PollSetup = {}): PollWorkflow {
	return pollWorkflow(sandbox, {
		...setup,
		credentials: { accessToken: NETWORK_TOKEN, ...setup.credentials },
	});
}

/** Aims a fault at an agency (`{ status }`, `{ hangMs }`, `{ notLinked: true }`), or clears it. */
export async function aimFault(
	sandbox: Sandbox,
	agencyCode: string,
	fault: IDataObject | null,
): Promise<void> {
	const route = `/__sandbox/faults/agencies/${agencyCode}`;
	const answer = fault
		? await admin(sandbox, 'PUT', route, fault)
		: await admin(sandbox, 'DELETE', route);
	if (answer.status >= 300)
		throw new Error(`The sandbox refused the fault: ${JSON.stringify(answer.json)}`);
}

/** The polled ids of the leads an outcome emitted. */
/** The listed id each emitted lead is keyed by (its eventId): a phone view has no message id. */
export const listedIds = (outcome: { items: IDataObject[] | null }) =>
	emitted(outcome).map((lead) => Number(lead.eventId));

/** Turns the untidy portal's switches (sandbox/untidy.ts) on or off; the others stay. */
export async function setUntidy(sandbox: Pick<Sandbox, 'url'>, switches: IDataObject) {
	const answer = await admin(sandbox, 'PUT', '/__sandbox/untidy', switches);
	if (answer.status !== 200)
		throw new Error(`The sandbox refused the switches: ${JSON.stringify(answer.json)}`);
}
