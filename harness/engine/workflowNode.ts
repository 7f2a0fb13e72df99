import { NodeHelpers } from 'n8n-workflow';
import type { INode, INodeCredentials, INodeParameters, OnError } from 'n8n-workflow';

import type { CredentialStore } from './credentialStore';
import type { AnyNodeType } from './nodeTypes';
import { installedTypeName, latestVersion } from './nodeTypes';

export interface NodeUnderTestOptions {
	/** The node's parameters as the editor would save them; defaults are added by the engine. */
	parameters: INodeParameters;
	/** Type name in the workflow; default `n8n-nodes-real-estate-portal.<description.name>`. */
	typeName?: string;
	/** Default: the node type's latest version, at most FLAT_LEAD_VERSION. */
	typeVersion?: number;
	/** Node name in the workflow; default the node type's display name. */
	name?: string;
	/** n8n's "On Error" setting; `continueOnFail: true` is short for 'continueRegularOutput'. */
	onError?: OnError;
	continueOnFail?: boolean;
}

/**
 * The version engine tests run unless they name one: version 2 emits a lead as the flat lead, whose
 * every field the readers' tests look at; version 3 emits that lead as its row
 * (nodes/shared/landingRow.ts), and its tests name it.
 */
export const FLAT_LEAD_VERSION = 2;

/**
 * The node as it would sit in a saved workflow: the selected credential of every credential
 * type the node declares and the store has data for.
 */
export function buildWorkflowNode(
	nodeType: AnyNodeType,
	options: NodeUnderTestOptions,
	store: CredentialStore,
	extra: Partial<INode> = {},
): INode {
	const typeVersion = options.typeVersion ?? Math.min(latestVersion(nodeType), FLAT_LEAD_VERSION);
	const { description } = NodeHelpers.getVersionedNodeType(nodeType, typeVersion);
	const credentialNames = new Set((description.credentials ?? []).map(({ name }) => name));
	const credentials: INodeCredentials = {};
	for (const type of store.savedTypes()) {
		if (credentialNames.has(type)) credentials[type] = { id: `${type}-id`, name: `${type} (test)` };
	}
	const onError = options.onError ?? (options.continueOnFail ? 'continueRegularOutput' : undefined);
	return {
		id: 'node-under-test',
		name: options.name ?? nodeType.description.displayName,
		type: options.typeName ?? installedTypeName(nodeType),
		typeVersion,
		position: [200, 0],
		parameters: options.parameters,
		...(Object.keys(credentials).length > 0 ? { credentials } : {}),
		...(onError ? { onError } : {}),
		...extra,
	};
}
