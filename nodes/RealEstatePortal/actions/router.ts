/** Dispatches the node's run to the chosen resource's operation, once per input item. */
import {
	NodeOperationError,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';
import * as ad from './ad/Ad.resource';
import * as agency from './agency/Agency.resource';
import * as callbackConfiguration from './callbackConfiguration/CallbackConfiguration.resource';
import * as development from './development/Development.resource';
import * as eventSubscription from './eventSubscription/EventSubscription.resource';
import * as lead from './lead/Lead.resource';
import * as lookup from './lookup/Lookup.resource';
import { runItems, type ItemOperation } from './runItems';
import * as sandbox from './sandbox/Sandbox.resource';

/** Each resource's module: its operations by name, and its `description` (which runs nothing). */
const RESOURCES: Record<string, Record<string, { execute: ItemOperation } | INodeProperties[]>> = {
	ad,
	agency,
	callbackConfiguration,
	development,
	eventSubscription,
	lead,
	lookup,
	sandbox,
};

function operationOf(resource: string, operation: string): ItemOperation | undefined {
	const operations = Object.hasOwn(RESOURCES, resource) ? RESOURCES[resource] : {};
	const chosen = Object.hasOwn(operations, operation) ? operations[operation] : undefined;
	return Array.isArray(chosen) ? undefined : chosen?.execute;
}

export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const resource = this.getNodeParameter('resource', 0) as string;
	const operation = this.getNodeParameter('operation', 0) as string;
	const execute = operationOf(resource, operation);
	if (!execute) {
		throw new NodeOperationError(
			this.getNode(),
			`The operation "${operation}" of resource "${resource}" is not supported`,
		);
	}
	return [await runItems(this, execute)];
}
