import { UnexpectedError } from 'n8n-workflow';
import type { ICredentialsHelper, IWorkflowExecuteAdditionalData } from 'n8n-workflow';

export interface AdditionalDataOptions {
	credentialsHelper: ICredentialsHelper;
	executionId?: string;
	workflowId?: string;
	webhookBaseUrl?: string;
	webhookTestBaseUrl?: string;
}

const notInHarness = (what: string) => () => {
	throw new UnexpectedError(`${what} is not available in the engine harness`);
};

/**
 * The per-execution services n8n's CLI passes to the engine (WorkflowExecuteAdditionalData).
 * Only what a regular node uses is real; sub-workflows, task runners and AI events throw.
 */
export function createAdditionalData(
	options: AdditionalDataOptions,
): IWorkflowExecuteAdditionalData {
	return {
		credentialsHelper: options.credentialsHelper,
		executionId: options.executionId,
		workflowId: options.workflowId,
		currentNodeExecutionIndex: 0,
		variables: {},
		restApiUrl: 'http://127.0.0.1:5678/rest',
		instanceBaseUrl: 'http://127.0.0.1:5678/',
		webhookBaseUrl: options.webhookBaseUrl ?? 'http://127.0.0.1:5678/webhook',
		webhookTestBaseUrl: options.webhookTestBaseUrl ?? 'http://127.0.0.1:5678/webhook-test',
		webhookWaitingBaseUrl: 'http://127.0.0.1:5678/webhook-waiting',
		formBaseUrl: 'http://127.0.0.1:5678/form',
		formTestBaseUrl: 'http://127.0.0.1:5678/form-test',
		formWaitingBaseUrl: 'http://127.0.0.1:5678/form-waiting',
		mcpBaseUrl: 'http://127.0.0.1:5678/mcp',
		mcpTestBaseUrl: 'http://127.0.0.1:5678/mcp-test',
		executeWorkflow: notInHarness('Executing a sub-workflow'),
		getRunExecutionData: async () => undefined,
		getRuntimeCredential: async () => undefined,
		logAiEvent: () => {},
		startRunnerTask: notInHarness('The task runner (Code node)'),
	} as unknown as IWorkflowExecuteAdditionalData;
}
