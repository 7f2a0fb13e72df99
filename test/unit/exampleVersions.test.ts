/**
 * Every example uses the latest version of this package's nodes: an example saved with an older one
 * shows a new user what the nodes no longer give (version 1's Callback Configuration → Get answered
 * the portal's `lenguajeCallbackBody`, version 2 answers `bodyLanguage`).
 */
import type { INodeType } from 'n8n-workflow';
import { RealEstatePortal } from '../../nodes/RealEstatePortal/RealEstatePortal.node';
import { RealEstatePortalPollTrigger } from '../../nodes/RealEstatePortalPollTrigger/RealEstatePortalPollTrigger.node';
import { RealEstatePortalTrigger } from '../../nodes/RealEstatePortalTrigger/RealEstatePortalTrigger.node';
import { EXAMPLES, readExample, type ExampleName } from '../../harness/n8n/examples';

const PACKAGE = 'n8n-nodes-real-estate-portal';

function latestVersion(nodeType: INodeType): number {
	const { version } = nodeType.description;
	return Array.isArray(version) ? Math.max(...version) : version;
}

const latest: Record<string, number> = {
	[`${PACKAGE}.realEstatePortal`]: latestVersion(new RealEstatePortal()),
	// The action node used as an AI agent's tool: the same node, the same versions.
	[`${PACKAGE}.realEstatePortalTool`]: latestVersion(new RealEstatePortal()),
	[`${PACKAGE}.realEstatePortalTrigger`]: latestVersion(new RealEstatePortalTrigger()),
	[`${PACKAGE}.realEstatePortalPollTrigger`]: latestVersion(new RealEstatePortalPollTrigger()),
};

it.each(Object.keys(EXAMPLES) as ExampleName[])(
	'%s uses the latest version of our nodes',
	(name) => {
		const nodes = readExample(name).nodes as unknown as Array<{
			name: string;
			type: string;
			typeVersion: number;
		}>;
		const ours = nodes.filter((node) => node.type.startsWith(`${PACKAGE}.`));
		expect(ours.length).toBeGreaterThan(0);
		for (const node of ours) {
			expect({ node: node.name, typeVersion: node.typeVersion }).toEqual({
				node: node.name,
				typeVersion: latest[node.type],
			});
		}
	},
);

it("no example reads version 1's callback configuration names", () => {
	for (const name of Object.keys(EXAMPLES) as ExampleName[]) {
		expect(JSON.stringify(readExample(name))).not.toContain('lenguajeCallbackBody');
	}
});
