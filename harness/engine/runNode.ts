import { Workflow } from 'n8n-workflow';
import type {
	ExecutionError,
	ExecutionStatus,
	ICredentialType,
	IDataObject,
	INode,
	INodeExecutionData,
	IRun,
	IRunData,
	WorkflowExecuteMode,
} from 'n8n-workflow';

import { createAdditionalData } from './additionalData';
import { CredentialStore, type CredentialsInput } from './credentialStore';
import { HarnessCredentialsHelper } from './credentialsHelper';
import { ensureEngine } from './engineSetup';
import { executeWorkflow } from './execute';
import {
	HarnessNodeTypes,
	START_NODE_TYPE,
	instantiate,
	startNodeType,
	type NodeTypeInput,
} from './nodeTypes';
import { buildWorkflowNode, type NodeUnderTestOptions } from './workflowNode';

export interface RunNodeOptions extends NodeUnderTestOptions {
	nodeType: NodeTypeInput;
	/** Saved credential data per credential type name, or a store shared between runs. */
	credentials?: CredentialsInput;
	credentialTypes?: ICredentialType[];
	/** Items the start node emits; plain objects become `{ json }`. Default: one empty item. */
	input?: Array<IDataObject | INodeExecutionData>;
	/** Default 'manual' (the editor's "Execute workflow"). */
	mode?: WorkflowExecuteMode;
	/**
	 * Node settings as a saved workflow holds them: Retry On Fail (`retryOnFail`, `maxTries`,
	 * `waitBetweenTries`), or credentials of a type the node does not declare (generic auth).
	 */
	nodeSettings?: Partial<
		Pick<INode, 'retryOnFail' | 'maxTries' | 'waitBetweenTries' | 'credentials'>
	>;
}

export interface RunNodeResult {
	/** Main output 0 of the node under test (json, pairedItem, error per item). */
	items: INodeExecutionData[];
	/** Every output of the node under test (a second one with onError 'continueErrorOutput'). */
	outputs: INodeExecutionData[][];
	/**
	 * The node's error when the run failed, as n8n records it in the execution: a plain copy of
	 * the thrown error's fields (name, message, description, httpCode, context, node...).
	 */
	error?: ExecutionError;
	status: ExecutionStatus;
	/** All run data of the execution, what n8n saves and shows. */
	runData: IRunData;
	run: IRun;
	/** Every line n8n's Logger received during the run, metadata included. */
	logs: string[];
	/** The credential store used, with any credential updates pre-authentication made. */
	credentials: CredentialStore;
	node: INode;
}

/** The start node of a harness workflow (it plays the trigger). */
export const START_NODE: INode = {
	id: 'start',
	name: 'Start',
	type: START_NODE_TYPE,
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

function toExecutionItem(item: IDataObject | INodeExecutionData): INodeExecutionData {
	const looksLikeItem = typeof item.json === 'object' && item.json !== null;
	return looksLikeItem ? (item as INodeExecutionData) : { json: item as IDataObject };
}

/** Runs [Start] → [node under test] in n8n-core's WorkflowExecute. */
export async function runNode(options: RunNodeOptions): Promise<RunNodeResult> {
	const logger = ensureEngine();
	const logMark = logger.mark();
	const store = CredentialStore.from(options.credentials, options.credentialTypes ?? []);
	const nodeType = instantiate(options.nodeType);
	const nodeUnderTest = buildWorkflowNode(nodeType, options, store, options.nodeSettings);
	const nodeTypes = new HarnessNodeTypes()
		.add(START_NODE_TYPE, startNodeType)
		.add(nodeUnderTest.type, nodeType);
	const workflow = new Workflow({
		id: 'engine-harness',
		name: 'Engine harness',
		nodes: [{ ...START_NODE }, nodeUnderTest],
		connections: {
			[START_NODE.name]: { main: [[{ node: nodeUnderTest.name, type: 'main', index: 0 }]] },
		},
		active: false,
		nodeTypes,
		settings: { executionOrder: 'v1' },
	});
	const additionalData = createAdditionalData({
		credentialsHelper: new HarnessCredentialsHelper(store),
		workflowId: workflow.id,
	});
	const input = (options.input ?? [{}]).map(toExecutionItem);
	const run = await executeWorkflow(
		workflow,
		workflow.getNode(START_NODE.name)!,
		[input],
		additionalData,
		options.mode ?? 'manual',
	);

	const { runData } = run.data.resultData;
	const task = runData[nodeUnderTest.name]?.[0];
	const outputs = (task?.data?.main ?? []).map((output) => output ?? []);
	return {
		items: outputs[0] ?? [],
		outputs,
		error: task?.error ?? run.data.resultData.error,
		status: run.status,
		runData,
		run,
		logs: logger.linesSince(logMark),
		credentials: store,
		node: workflow.getNode(nodeUnderTest.name)!,
	};
}
