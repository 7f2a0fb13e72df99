/**
 * What n8n's editor flags on the nodes of a workflow, computed as the editor does it: with the node
 * descriptions the running n8n serves (`/types/nodes.json`) and the n8n-workflow of the pinned n8n
 * install itself (its `NodeHelpers`: the parameters completed with their defaults, then their issues).
 */
import path from 'node:path';

import type { INode, INodeTypeDescription, NodeHelpers as Helpers } from 'n8n-workflow';

import { requestedN8nRelease } from '../../../harness/n8n/n8nInstall';

interface StoredNode {
	name: string;
	type: string;
	typeVersion: number;
	parameters?: Record<string, unknown>;
}

function pinnedNodeHelpers(): typeof Helpers {
	const modulePath = path.join(requestedN8nRelease().home, 'node_modules', 'n8n-workflow');
	return (require(modulePath) as { NodeHelpers: typeof Helpers }).NodeHelpers;
}

function describes(description: INodeTypeDescription, node: StoredNode): boolean {
	const versions = Array.isArray(description.version) ? description.version : [description.version];
	return description.name === node.type && versions.includes(node.typeVersion);
}

/**
 * Per node name, what the editor would show: "unknown node type or version", or the parameter
 * issues (`parameter: message`). Nodes without any are left out.
 */
export function nodeIssues(
	nodes: StoredNode[],
	nodeTypes: INodeTypeDescription[],
): Record<string, string[]> {
	const helpers = pinnedNodeHelpers();
	const found: Record<string, string[]> = {};
	for (const stored of nodes) {
		const description = nodeTypes.find((type) => describes(type, stored));
		if (!description) {
			found[stored.name] = [`unknown node type or version: ${stored.type} ${stored.typeVersion}`];
			continue;
		}
		const node = { ...stored, parameters: stored.parameters ?? {} } as unknown as INode;
		node.parameters =
			helpers.getNodeParameters(
				description.properties,
				node.parameters,
				true,
				false,
				node,
				description,
			) ?? {};
		const issues = helpers.getNodeParametersIssues(description.properties, node, description);
		const messages = Object.entries(issues?.parameters ?? {}).flatMap(([parameter, texts]) =>
			texts.map((text) => `${parameter}: ${text}`),
		);
		if (messages.length > 0) found[stored.name] = messages;
	}
	return found;
}
