/** What a node output in an execution that n8n recorded. */
import type { BinaryFile, Execution } from '../../../harness/n8n/n8nPublicApi';

/** The items a node output in an execution (first run, first output). */
export function nodeOutput(execution: Execution, nodeName: string): Array<Record<string, unknown>> {
	return firstOutputItems(execution, nodeName).map((item) => item.json);
}

/** The files (binary property → file) of the items a node output (first run, first output). */
export function nodeBinaryOutput(
	execution: Execution,
	nodeName: string,
): Array<Record<string, BinaryFile>> {
	return firstOutputItems(execution, nodeName).map((item) => item.binary ?? {});
}

function firstOutputItems(execution: Execution, nodeName: string) {
	const runs = execution.data?.resultData.runData[nodeName];
	if (!runs) throw new Error(`execution ${execution.id} has no run of node "${nodeName}"`);
	return runs[0].data?.main[0] ?? [];
}
