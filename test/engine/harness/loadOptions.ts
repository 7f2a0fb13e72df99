import { LoadOptionsContext } from 'n8n-core';
import { UnexpectedError, Workflow } from 'n8n-workflow';
import type {
	ICredentialType,
	INodeListSearchResult,
	INodeParameters,
	INodePropertyOptions,
	INodeType,
} from 'n8n-workflow';

import { createAdditionalData } from '../../../harness/engine/additionalData';
import { CredentialStore, type CredentialsInput } from '../../../harness/engine/credentialStore';
import { HarnessCredentialsHelper } from '../../../harness/engine/credentialsHelper';
import { ensureEngine } from '../../../harness/engine/engineSetup';
import {
	HarnessNodeTypes,
	instantiate,
	type NodeTypeInput,
} from '../../../harness/engine/nodeTypes';
import { buildWorkflowNode } from '../../../harness/engine/workflowNode';

export interface LoadOptionsOptions {
	nodeType: NodeTypeInput;
	/** Name of the method in `methods.loadOptions` (or `methods.listSearch`). */
	method: string;
	/** The node's current parameters in the editor (what `getCurrentNodeParameter` reads). */
	parameters?: INodeParameters;
	credentials?: CredentialsInput;
	credentialTypes?: ICredentialType[];
	/** Path of the parameter being loaded, e.g. 'parameters.operation'. */
	path?: string;
	typeName?: string;
	typeVersion?: number;
}

/**
 * Builds the context n8n's editor backend (DynamicNodeParametersService) gives a node's
 * dynamic-parameter methods: a one-node workflow with the node's current parameters and a
 * LoadOptionsContext on it.
 */
function loadOptionsContext(options: LoadOptionsOptions) {
	ensureEngine();
	const store = CredentialStore.from(options.credentials, options.credentialTypes ?? []);
	const nodeType = instantiate(options.nodeType);
	const parameters = options.parameters ?? {};
	const node = buildWorkflowNode(nodeType, { ...options, parameters, name: 'Temp-Node' }, store);
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: new HarnessNodeTypes().add(node.type, nodeType),
	});
	const additionalData = createAdditionalData({
		credentialsHelper: new HarnessCredentialsHelper(store),
	});
	additionalData.currentNodeParameters = parameters;
	const versioned = workflow.nodeTypes.getByNameAndVersion(
		node.type,
		node.typeVersion,
	) as INodeType;
	const context = new LoadOptionsContext(
		workflow,
		workflow.getNode(node.name)!,
		additionalData,
		options.path ?? '',
	);
	return { context, methods: versioned.methods };
}

/** Calls `methods.loadOptions[method]` the way the editor does to fill a dropdown. */
export async function loadOptions(options: LoadOptionsOptions): Promise<INodePropertyOptions[]> {
	const { context, methods } = loadOptionsContext(options);
	const method = methods?.loadOptions?.[options.method];
	if (!method) throw new UnexpectedError(`The node has no loadOptions method "${options.method}"`);
	return await method.call(context);
}

/** Calls `methods.listSearch[method]` the way the editor does for a resource locator list. */
export async function listSearch(
	options: LoadOptionsOptions & { filter?: string; paginationToken?: string },
): Promise<INodeListSearchResult> {
	const { context, methods } = loadOptionsContext(options);
	const method = methods?.listSearch?.[options.method];
	if (!method) throw new UnexpectedError(`The node has no listSearch method "${options.method}"`);
	return await method.call(context, options.filter, options.paginationToken);
}
