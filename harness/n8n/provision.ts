import { N8nPublicApi } from './n8nPublicApi';
import { N8nSession, type OwnerAccount, type PublicationStatus } from './n8nSession';

/** The owner account the tests and the demo create (local instances only). */
export const demoOwner: OwnerAccount = {
	email: 'owner@example.com',
	password: 'Portal-Demo-2024',
	firstName: 'Demo',
	lastName: 'Owner',
};

/** The label of every API key `provisionOwner` creates starts with this. */
export const API_KEY_LABEL_PREFIX = 'automation ';

export interface ProvisionedN8n {
	session: N8nSession;
	api: N8nPublicApi;
	apiKey: string;
}

/**
 * Sets up the owner of a fresh n8n, or logs in as them when the user folder is reused (the demo),
 * and gives back a logged-in session and a public API client with a new API key.
 */
export async function provisionOwner(
	baseUrl: string,
	owner: OwnerAccount = demoOwner,
): Promise<ProvisionedN8n> {
	const session = (await N8nSession.hasOwner(baseUrl))
		? await N8nSession.login(baseUrl, owner)
		: await N8nSession.setUpOwner(baseUrl, owner);
	const apiKey = await session.createApiKey(`${API_KEY_LABEL_PREFIX}${new Date().toISOString()}`);
	return { session, api: new N8nPublicApi(baseUrl, apiKey), apiKey };
}

/** Publishes (n8n 1.x: activates) a workflow and resolves once its triggers are live or failed. */
export async function publishWorkflow(
	owner: ProvisionedN8n,
	workflowId: string,
): Promise<PublicationStatus> {
	await owner.api.publishWorkflow(workflowId);
	return await owner.session.waitForPublication(workflowId, 'not_published');
}

/** Unpublishes (n8n 1.x: deactivates) a workflow and resolves once its triggers are removed. */
export async function unpublishWorkflow(
	owner: ProvisionedN8n,
	workflowId: string,
): Promise<PublicationStatus> {
	await owner.api.unpublishWorkflow(workflowId);
	return await owner.session.waitForPublication(workflowId, 'published');
}
