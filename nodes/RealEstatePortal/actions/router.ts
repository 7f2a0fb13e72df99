/** Dispatches the node's run to the chosen resource's operation, once per input item. */
import { NodeOperationError, type IExecuteFunctions, type INodeExecutionData } from 'n8n-workflow';
import * as ad from './ad/Ad.resource';
import * as agency from './agency/Agency.resource';
import * as callbackConfiguration from './callbackConfiguration/CallbackConfiguration.resource';
import * as development from './development/Development.resource';
import * as eventSubscription from './eventSubscription/EventSubscription.resource';
import * as lead from './lead/Lead.resource';
import * as lookup from './lookup/Lookup.resource';
import { runItems, type ItemOperation } from './runItems';
import * as sandbox from './sandbox/Sandbox.resource';

const RESOURCES = {
	ad: { associate: ad.associate, get: ad.get, getAll: ad.getAll },
	agency: { getAll: agency.getAll },
	callbackConfiguration: { get: callbackConfiguration.get, set: callbackConfiguration.set },
	development: { getAll: development.getAll },
	eventSubscription: {
		subscribe: eventSubscription.subscribe,
		unsubscribe: eventSubscription.unsubscribe,
	},
	lead: { getAll: lead.getAll },
	lookup: {
		getContactTypes: lookup.getContactTypes,
		getCurrencies: lookup.getCurrencies,
		getOperations: lookup.getOperations,
	},
	sandbox: {
		simulateCreditEvent: sandbox.simulateCreditEvent,
		simulateLeadEvent: sandbox.simulateLeadEvent,
	},
} satisfies Record<string, Record<string, { execute: ItemOperation }>>;

function operationOf(resource: string, operation: string): ItemOperation | undefined {
	const operations = (RESOURCES as Record<string, Record<string, { execute: ItemOperation }>>)[
		resource
	];
	return operations && Object.hasOwn(operations, operation)
		? operations[operation].execute
		: undefined;
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
