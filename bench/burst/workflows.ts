/**
 * The two receivers of the lead-burst benchmark: the landing example (our trigger, Respond "When
 * Last Node Finishes", the Data table upsert by event id) and its hand-built equivalent (n8n's
 * Webhook node with Header Auth responding when the last node finishes, then the same upsert,
 * mapped from the raw Spanish body).
 */
import { randomUUID } from 'node:crypto';

import { loadExample, type WorkflowDefinition } from '../../test/e2e/support';
import { headerAuthWebhookNode } from '../trigger/workflows';

type ExampleNode = {
	name: string;
	type: string;
	parameters: Record<string, unknown>;
	[key: string]: unknown;
};

const UPSERT_NODE = 'Save the Lead (Upsert by Lead Key)';

/** The landing example as a user imports it, with `credential` for the portal. */
export function landingWorkflow(credential: { id: string; name: string }): WorkflowDefinition {
	return loadExample('leadsToDataTable', credential);
}

/** The columns a hand-built receiver fills from the Spanish body n8n's Webhook node outputs. */
const HAND_MAPPED_COLUMNS: Record<string, string> = {
	// The example upserts on leadKey: the hand-built receiver keys on the event id it has.
	leadKey: '={{ $json.body.idEvento }}',
	eventId: '={{ $json.body.idEvento }}',
	eventType: '={{ $json.body.tipoEvento }}',
	name: '={{ $json.body.nombre }}',
	email: '={{ $json.body.email }}',
	phone: '={{ $json.body.telefono }}',
	message: '={{ $json.body.mensaje }}',
	adCode: '={{ $json.body.referencia }}',
	source: 'hand-built webhook',
};

export function handBuiltWorkflow(
	headerCredentialId: string,
	webhookPath: string,
): WorkflowDefinition {
	const example = loadExample('leadsToDataTable', { id: 'unused', name: 'unused' });
	const upsert = (example.nodes as ExampleNode[]).find((node) => node.name === UPSERT_NODE);
	if (!upsert) throw new Error(`the landing example has no node "${UPSERT_NODE}"`);
	const parameters = structuredClone(upsert.parameters) as {
		filters: { conditions: Array<{ keyValue: string }> };
		columns: { value: Record<string, string> };
	};
	parameters.filters.conditions[0].keyValue = '={{ $json.body.idEvento }}';
	parameters.columns.value = HAND_MAPPED_COLUMNS;
	const webhook = headerAuthWebhookNode(headerCredentialId, webhookPath, 'lastNode');
	return {
		name: 'bench: hand-built lead receiver (Webhook → Data table)',
		nodes: [webhook, { ...upsert, id: randomUUID(), position: [300, 0], parameters }],
		connections: {
			[webhook.name]: { main: [[{ node: UPSERT_NODE, type: 'main', index: 0 }]] },
		},
		settings: example.settings ?? {},
	};
}
