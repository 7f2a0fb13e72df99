import { NodeHelpers } from 'n8n-workflow';
import type {
	IHttpRequestMethods,
	INode,
	IWebhookData,
	IWorkflowExecuteAdditionalData,
	Workflow,
} from 'n8n-workflow';

/** Production URLs are served under /webhook, the editor's "Listen for test event" under /webhook-test. */
export type WebhookMode = 'production' | 'test';

function trimSlashes(path: string): string {
	return path.replace(/^\/+/, '').replace(/\/+$/, '');
}

/**
 * The webhooks a node registers, as n8n's WebhookService.getNodeWebhooks computes them: one
 * per webhook description and HTTP method, with the path `<webhookId>/<path>`.
 */
export function nodeWebhooks(
	workflow: Workflow,
	node: INode,
	additionalData: IWorkflowExecuteAdditionalData,
	mode: WebhookMode,
): IWebhookData[] {
	const nodeType = workflow.nodeTypes.getByNameAndVersion(node.type, node.typeVersion);
	const webhooks: IWebhookData[] = [];
	for (const webhookDescription of nodeType.description.webhooks ?? []) {
		const resolve = (value: string | boolean | undefined, fallback?: string | boolean) =>
			workflow.expression.getSimpleParameterValue(node, value, 'internal', {}, undefined, fallback);
		if (resolve(webhookDescription.restartWebhook, false) === true) continue;
		const nodePath = trimSlashes(String(resolve(webhookDescription.path)));
		const isFullPath = resolve(webhookDescription.isFullPath, false) as boolean;
		const path = NodeHelpers.getNodeWebhookPath(workflow.id, node, nodePath, isFullPath);
		const methods = String(resolve(webhookDescription.httpMethod, 'GET'));
		for (const httpMethod of methods.split(',').map((method) => method.trim())) {
			if (!httpMethod) continue;
			webhooks.push({
				httpMethod: httpMethod as IHttpRequestMethods,
				node: node.name,
				path,
				webhookDescription,
				workflowId: workflow.id,
				workflowExecuteAdditionalData: additionalData,
				...(mode === 'test' ? { isTest: true } : {}),
			});
		}
	}
	return webhooks;
}
