/** Shared set-up of the poll trigger's engine tests: the node in a polled workflow, the sandbox's view. */
import type { ICredentialDataDecryptedObject, IDataObject, INodeParameters } from 'n8n-workflow';
import { RealEstatePortalPollTrigger } from '../../../nodes/RealEstatePortalPollTrigger/RealEstatePortalPollTrigger.node';
import type { Sandbox } from '../../../sandbox';
import { admin, adminAds, credentialData, credentialType } from '../action/support';
import { PollWorkflow } from '../harness';

export { admin, adminAds };

export interface PollSetup {
	parameters?: IDataObject;
	credentials?: ICredentialDataDecryptedObject;
	staticData?: IDataObject;
}

export function pollWorkflow(sandbox: Sandbox, setup: PollSetup = {}): PollWorkflow {
	return new PollWorkflow({
		nodeType: RealEstatePortalPollTrigger,
		parameters: (setup.parameters ?? {}) as INodeParameters,
		credentials: { realEstatePortalApi: credentialData(sandbox, setup.credentials) },
		credentialTypes: [credentialType],
		staticData: setup.staticData,
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
