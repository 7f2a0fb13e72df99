import { randomUUID } from 'node:crypto';

/** n8n's own Webhook node on the production URL `/webhook/<webhookPath>`, POST, no authentication. */
export function webhookNode(webhookPath: string, responseMode: 'onReceived' | 'lastNode') {
	return {
		name: 'Webhook',
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2.1,
		position: [0, 0],
		webhookId: randomUUID(),
		parameters: { httpMethod: 'POST', path: webhookPath, responseMode, options: {} },
	};
}
