import { ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';
import { createRunExecutionData } from 'n8n-workflow';
import type {
	INode,
	INodeExecutionData,
	IRun,
	IWorkflowBase,
	IWorkflowExecuteAdditionalData,
	Workflow,
	WorkflowExecuteMode,
} from 'n8n-workflow';

let executionsStarted = 0;

function workflowBase(workflow: Workflow): IWorkflowBase {
	return {
		id: workflow.id,
		name: workflow.name ?? 'Engine harness',
		active: false,
		isArchived: false,
		nodes: Object.values(workflow.nodes),
		connections: workflow.connectionsBySourceNode,
		createdAt: new Date(),
		updatedAt: new Date(),
	} as IWorkflowBase;
}

/**
 * Runs a workflow the way n8n starts an execution from a trigger: `startNode` is put on the
 * execution stack with `startData` as its data (the trigger's or webhook's output), then
 * n8n-core's WorkflowExecute processes the whole graph.
 */
export async function executeWorkflow(
	workflow: Workflow,
	startNode: INode,
	startData: INodeExecutionData[][],
	additionalData: IWorkflowExecuteAdditionalData,
	mode: WorkflowExecuteMode,
): Promise<IRun> {
	const executionId = (additionalData.executionId ??= String(++executionsStarted));
	additionalData.hooks = new ExecutionLifecycleHooks(mode, executionId, workflowBase(workflow));
	const runExecutionData = createRunExecutionData({
		executionData: {
			nodeExecutionStack: [{ node: startNode, data: { main: startData }, source: null }],
		},
	});
	const engine = new WorkflowExecute(additionalData, mode, runExecutionData);
	return await engine.processRunExecutionData(workflow);
}
