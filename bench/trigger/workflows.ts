/** The two published workflows of benchmark 1: our trigger alone, n8n's Webhook node alone. */
import { randomUUID } from 'node:crypto';

import { TRIGGER_TYPE, type WorkflowDefinition } from '../../harness/n8n';

export function ourTriggerWorkflow(credentialId: string): WorkflowDefinition {
	return {
		name: 'bench: Real Estate Portal Trigger',
		nodes: [
			{
				name: 'Real Estate Portal Trigger',
				type: TRIGGER_TYPE,
				typeVersion: 1,
				position: [0, 0],
				webhookId: randomUUID(),
				parameters: { events: ['CONTACTO', 'CONTACTO_MENSAJE'] },
				credentials: { realEstatePortalApi: { id: credentialId, name: 'bench portal' } },
			},
		],
		connections: {},
	};
}

/** n8n's Webhook node with Header Auth (credential 'bench header'), answering as `responseMode` says. */
export function headerAuthWebhookNode(
	credentialId: string,
	webhookPath: string,
	responseMode: 'onReceived' | 'lastNode',
) {
	return {
		name: 'Webhook',
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2.1,
		position: [0, 0] as [number, number],
		webhookId: randomUUID(),
		parameters: {
			httpMethod: 'POST',
			path: webhookPath,
			authentication: 'headerAuth',
			responseMode,
			options: {},
		},
		credentials: { httpHeaderAuth: { id: credentialId, name: 'bench header' } },
	};
}

/** n8n's Webhook node with Header Auth: the hand-made receiver of the same deliveries. */
export function webhookWorkflow(credentialId: string, webhookPath: string): WorkflowDefinition {
	return {
		name: 'bench: Webhook with header auth',
		nodes: [headerAuthWebhookNode(credentialId, webhookPath, 'onReceived')],
		connections: {},
	};
}
