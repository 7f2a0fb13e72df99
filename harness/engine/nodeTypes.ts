import { NodeHelpers, UnexpectedError } from 'n8n-workflow';
import type {
	IDataObject,
	IExecuteFunctions,
	INodeType,
	INodeTypes,
	IVersionedNodeType,
} from 'n8n-workflow';

export type AnyNodeType = INodeType | IVersionedNodeType;

/** A node type class (`RealEstatePortal`) or an instance of it. */
export type NodeTypeInput = AnyNodeType | (new () => AnyNodeType);

/** The package name n8n prefixes to community node type names once the package is installed. */
export const PACKAGE_NAME = 'n8n-nodes-real-estate-portal';

export function instantiate(nodeType: NodeTypeInput): AnyNodeType {
	return typeof nodeType === 'function' ? new nodeType() : nodeType;
}

/** The name n8n gives an installed community node: `<package>.<description.name>`. */
export function installedTypeName(nodeType: AnyNodeType): string {
	return `${PACKAGE_NAME}.${nodeType.description.name}`;
}

export function latestVersion(nodeType: AnyNodeType): number {
	if ('nodeVersions' in nodeType) return nodeType.currentVersion;
	const { version } = nodeType.description;
	return Array.isArray(version) ? Math.max(...version) : version;
}

/** The `INodeTypes` registry the engine looks node types up in. */
export class HarnessNodeTypes implements INodeTypes {
	private readonly types = new Map<string, AnyNodeType>();

	add(name: string, nodeType: AnyNodeType): this {
		this.types.set(name, nodeType);
		return this;
	}

	getByName(name: string): AnyNodeType {
		const nodeType = this.types.get(name);
		if (!nodeType) throw new UnexpectedError(`Unknown node type "${name}" in the engine harness`);
		return nodeType;
	}

	getByNameAndVersion(name: string, version?: number): INodeType {
		return NodeHelpers.getVersionedNodeType(this.getByName(name), version);
	}

	getKnownTypes(): IDataObject {
		return {};
	}
}

export const START_NODE_TYPE = 'harness.start';

/**
 * Plays the Manual Trigger: the harness puts the test's input items on the execution stack as
 * this node's input, and it passes them on, so the node under test gets them from a real parent.
 */
export const startNodeType: INodeType = {
	description: {
		displayName: 'Start',
		name: 'start',
		group: ['trigger'],
		version: 1,
		description: 'Emits the input items of the test',
		defaults: { name: 'Start' },
		inputs: [],
		outputs: ['main'],
		properties: [],
	},
	async execute(this: IExecuteFunctions) {
		return [this.getInputData()];
	},
};
