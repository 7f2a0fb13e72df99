/**
 * What the demo puts into n8n, idempotently: a second run finds the credential (and points it at
 * this run's emulator), finds the example workflows by name instead of importing them again, and
 * makes sure the lead workflow is published with the emulator's callback pointing at it.
 */
import { setTimeout as sleep } from 'node:timers/promises';

import {
	API_KEY_LABEL_PREFIX,
	CREDENTIAL_TYPE,
	EXAMPLES,
	LEADS_TABLE,
	PORTAL_CREDENTIAL_NAME,
	TRIGGER_TYPE,
	createPortalCredential,
	createTableOf,
	loadExample,
	portalCredentialData,
	productionWebhookUrl,
	publishWorkflow,
	unpublishWorkflow,
	type DataTable,
	type ExampleName,
	type ProvisionedN8n,
	type SandboxClient,
	type StoredWorkflow,
} from '../../harness/n8n';

export interface Provisioned<T> {
	value: T;
	created: boolean;
}

export async function ensureCredential(owner: ProvisionedN8n, sandboxUrl: string) {
	const existing = (await owner.api.listCredentials()).find(
		(credential) =>
			credential.type === CREDENTIAL_TYPE && credential.name === PORTAL_CREDENTIAL_NAME,
	);
	if (existing) {
		// The emulator may listen on another port than last time.
		await owner.api.updateCredential(existing.id, {
			type: CREDENTIAL_TYPE,
			data: portalCredentialData(sandboxUrl),
		});
		return { value: { id: existing.id, name: existing.name }, created: false };
	}
	const credential = await createPortalCredential(owner.api, sandboxUrl);
	return { value: { id: credential.id, name: credential.name }, created: true };
}

export async function ensureExampleWorkflows(
	owner: ProvisionedN8n,
	credential: { id: string; name: string },
): Promise<Record<ExampleName, Provisioned<StoredWorkflow>>> {
	const stored = await owner.api.listWorkflows();
	const result = {} as Record<ExampleName, Provisioned<StoredWorkflow>>;
	for (const name of Object.keys(EXAMPLES) as ExampleName[]) {
		const definition = loadExample(name, credential);
		const existing = stored.find((workflow) => workflow.name === definition.name);
		result[name] = existing
			? { value: existing, created: false }
			: { value: await owner.api.createWorkflow(definition), created: true };
	}
	return result;
}

/** The lead workflow's data table: found, or created by the workflow's "Run once" branch. */
export async function ensureLeadsTable(
	owner: ProvisionedN8n,
	leadWorkflow: StoredWorkflow,
): Promise<Provisioned<DataTable>> {
	const existing = await owner.api.dataTableNamed(LEADS_TABLE);
	if (existing) return { value: existing, created: false };
	await createTableOf(owner, leadWorkflow);
	const table = await owner.api.dataTableNamed(LEADS_TABLE);
	if (!table) throw new Error(`the data table "${LEADS_TABLE}" was not created`);
	return { value: table, created: true };
}

/** The production URL the emulator must call for the lead workflow's trigger. */
export function leadWebhookUrl(n8nUrl: string, workflow: StoredWorkflow): string {
	const trigger = workflow.nodes.find((node) => node.type === TRIGGER_TYPE);
	if (!trigger?.webhookId)
		throw new Error(`"${workflow.name}" has no Real Estate Portal Trigger with a webhook ID`);
	return productionWebhookUrl(n8nUrl, trigger.webhookId as string);
}

async function callbackPointsAt(
	portal: SandboxClient,
	url: string,
	waitMs: number,
): Promise<boolean> {
	const deadline = Date.now() + waitMs;
	for (;;) {
		if ((await portal.interface()).configuration?.url === url) return true;
		if (Date.now() >= deadline) return false;
		await sleep(250);
	}
}

/**
 * Publishes the lead workflow so that the emulator's callback points at it. On a second run the
 * workflow is still published, but this run's emulator starts empty, and n8n does not register a
 * published workflow's webhooks again at start-up (it keeps them in its database and trusts the
 * remote service to remember them): publishing it anew registers it with the new emulator.
 */
export async function ensureLeadWorkflowLive(
	owner: ProvisionedN8n,
	portal: SandboxClient,
	workflowId: string,
	url: string,
) {
	const current = await owner.session.waitForPublication(workflowId);
	if (current.status === 'published' && (await callbackPointsAt(portal, url, 0))) return;
	if (current.status !== 'not_published') await unpublishWorkflow(owner, workflowId);
	const publication = await publishWorkflow(owner, workflowId);
	if (publication.status !== 'published') {
		const reasons = publication.triggers.map((trigger) => trigger.errorMessage).filter(Boolean);
		throw new Error(
			`n8n could not publish the lead workflow (${publication.status}): ${reasons.join('; ')}`,
		);
	}
	if (!(await callbackPointsAt(portal, url, 5_000))) {
		throw new Error(
			`the lead workflow is published but the emulator's callback does not point at ${url}`,
		);
	}
}

/** The API keys provisioning creates are only needed while the demo sets n8n up. */
export async function removeProvisioningApiKeys(owner: ProvisionedN8n) {
	const keys = await owner.session.send<{ items: Array<{ id: string; label: string }> }>(
		'GET',
		'/rest/api-keys',
	);
	for (const key of keys.items.filter((k) => k.label.startsWith(API_KEY_LABEL_PREFIX))) {
		await owner.session.send('DELETE', `/rest/api-keys/${key.id}`);
	}
}
