import { WebhookContext } from 'n8n-core';
import type {
	INodeExecutionData,
	IRun,
	IWebhookData,
	IWebhookResponseData,
	Workflow,
	WorkflowExecuteMode,
} from 'n8n-workflow';

import { executeWorkflow } from '../../../../harness/engine/execute';
import {
	WebhookHttpError,
	sendError,
	type WebhookRequest,
	type WebhookResponse,
} from './httpAdapter';
import type { WebhookMode } from './nodeWebhooks';
import { parseRequestBody } from './requestBody';
import type { TriggerWorkflow } from './triggerWorkflow';

/** One request the trigger's webhook received, once it was answered (and its run finished). */
export interface ReceivedWebhook {
	mode: WebhookMode;
	method: string;
	headers: WebhookRequest['headers'];
	/** The body as n8n parsed it for the node (undefined when n8n would not parse it). */
	body: unknown;
	/** HTTP status answered, by n8n or by the node itself (`noWebhookResponse`). */
	status: number;
	/** Answer body: parsed JSON when it was JSON, else the text. */
	response: unknown;
	/** Items the node emitted on its first output; [] when it started no execution. */
	items: INodeExecutionData[];
	/** Every output the node emitted (`workflowData`), undefined when no execution started. */
	workflowData?: INodeExecutionData[][];
	/** The error webhook() threw, if it did. */
	error?: Error;
	/** The execution n8n-core ran from the node's output (when the receiver runs workflows). */
	run?: IRun;
	/** What n8n's Logger received while this request was handled (and its run ran). */
	logs: string[];
}

const WEBHOOK_ERROR = 'Workflow Webhook Error: Workflow could not be started!';

function responseBody(res: WebhookResponse): unknown {
	const text = res.sentBody.toString('utf-8');
	const isJson = String(res.getHeader('content-type') ?? '').includes('json');
	if (!isJson || text === '') return text;
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return text;
	}
}

/** n8n's answer once an execution has started in 'onReceived' mode. */
function onReceivedAnswer(result: IWebhookResponseData, responseData: unknown): unknown {
	if (responseData === 'noData') return undefined;
	if (responseData) return responseData;
	if (result.webhookResponse !== undefined) return result.webhookResponse;
	return { message: 'Workflow was started' };
}

/** n8n's 'firstEntryJson' answer in 'lastNode' mode: the last node's first item. */
function firstEntryJsonOf(run: IRun): unknown {
	const { lastNodeExecuted, runData } = run.data.resultData;
	const tasks = lastNodeExecuted === undefined ? undefined : runData[lastNodeExecuted];
	return tasks?.at(-1)?.data?.main?.[0]?.[0]?.json ?? {};
}

/** Like n8n's webhook-request-handler, without looking whether an answer went out already. */
function answer(res: WebhookResponse, code: number, body: unknown): void {
	res.status(code);
	if (typeof body === 'string') res.send(body);
	else res.json(body);
}

export interface ExecuteWebhookOptions {
	trigger: TriggerWorkflow;
	workflow: Workflow;
	webhookData: IWebhookData;
	mode: WebhookMode;
	req: WebhookRequest;
	res: WebhookResponse;
	runWorkflow: boolean;
	/** Awaited after the execution in 'lastNode' mode, before n8n answers: a slow destination. */
	workflowTail?: () => Promise<void>;
}

/**
 * What n8n's webhook-helpers `executeWebhook` does with a request for a registered webhook:
 * parse the body, call the node's webhook() in a WebhookContext, answer (n8n's default answers,
 * the node's `webhookResponse`, or nothing when the node answered itself), then start the
 * execution with the node's `workflowData`. Response modes 'onReceived' and 'lastNode' (the answer
 * goes out once the execution finished: 500 `Error in workflow` when it failed, nothing with
 * responseData 'noData').
 */
export async function executeWebhook(options: ExecuteWebhookOptions): Promise<ReceivedWebhook> {
	const { trigger, workflow, webhookData, mode, req, res } = options;
	const node = workflow.getNode(trigger.node.name)!;
	const executionMode: WorkflowExecuteMode = mode === 'test' ? 'manual' : 'webhook';
	const additionalData = trigger.additionalData();
	additionalData.httpRequest = req as unknown as typeof additionalData.httpRequest;
	additionalData.httpResponse = res as unknown as typeof additionalData.httpResponse;
	const received: ReceivedWebhook = {
		mode,
		method: req.method ?? '',
		headers: req.headers,
		body: undefined,
		status: 0,
		response: undefined,
		items: [],
		logs: [],
	};
	const finish = () => ({ ...received, status: res.statusCode, response: responseBody(res) });

	const describe = (
		key: 'responseMode' | 'responseCode' | 'responseData',
		fallback?: string | number,
	) =>
		workflow.expression.getSimpleParameterValue(
			node,
			webhookData.webhookDescription[key] as string | undefined,
			executionMode,
			{},
			undefined,
			fallback as string,
		);
	const responseMode = describe('responseMode', 'onReceived');
	const responseCode = Number(describe('responseCode', 200));

	let result: IWebhookResponseData;
	try {
		if (responseMode !== 'onReceived' && responseMode !== 'lastNode') {
			throw new WebhookHttpError(
				500,
				`The engine harness does not support the response mode '${String(responseMode)}'`,
			);
		}
		await parseRequestBody(req, node.typeVersion);
		received.body = req.body;
		const nodeType = workflow.nodeTypes.getByNameAndVersion(node.type, node.typeVersion);
		const context = new WebhookContext(
			workflow,
			node,
			additionalData,
			executionMode,
			webhookData,
			[],
			null,
		);
		result = (await nodeType.webhook!.call(context)) as IWebhookResponseData;
	} catch (error) {
		const isHttpError = error instanceof WebhookHttpError;
		sendError(res, isHttpError ? error : new WebhookHttpError(500, WEBHOOK_ERROR));
		return { ...finish(), ...(isHttpError ? {} : { error: error as Error }) };
	}

	if (result.workflowData === undefined) {
		if (result.noWebhookResponse !== true) {
			answer(res, responseCode, result.webhookResponse ?? { message: 'Webhook call received' });
		}
		return finish();
	}

	received.workflowData = result.workflowData;
	received.items = result.workflowData[0] ?? [];
	if (responseMode === 'lastNode') {
		const run = await executeWorkflow(
			workflow,
			node,
			result.workflowData,
			trigger.additionalData(),
			executionMode,
		);
		await options.workflowTail?.();
		if (result.noWebhookResponse !== true) {
			const failed = run.data.resultData.error !== undefined;
			const noData = describe('responseData', 'firstEntryJson') === 'noData';
			if (failed) answer(res, 500, { message: 'Error in workflow' });
			else answer(res, responseCode, noData ? '' : firstEntryJsonOf(run));
		}
		if (mode === 'production') trigger.saveStaticDataOf(workflow);
		else await trigger.stopListeningForTestEvent();
		return { ...finish(), run };
	}
	if (result.noWebhookResponse !== true) {
		// n8n 2.41.1 evaluates a missing responseData to 'firstEntryJson' (webhook-helpers.js) and,
		// in 'onReceived' mode, sends that text as the answer.
		answer(res, responseCode, onReceivedAnswer(result, describe('responseData', 'firstEntryJson')));
	}
	const answered = finish();
	if (options.runWorkflow) {
		answered.run = await executeWorkflow(
			workflow,
			node,
			result.workflowData,
			trigger.additionalData(),
			executionMode,
		);
	}
	if (mode === 'production') trigger.saveStaticDataOf(workflow);
	else await trigger.stopListeningForTestEvent();
	return answered;
}
