/** The subtitle under the node on the canvas, evaluated by n8n's expression engine like the editor. */
import { Workflow, type INodeParameters } from 'n8n-workflow';
import { RealEstatePortal } from '../../../nodes/RealEstatePortal/RealEstatePortal.node';
import { HarnessNodeTypes } from '../harness/nodeTypes';

const nodeType = new RealEstatePortal();

function subtitleFor(parameters: INodeParameters): unknown {
	const node = {
		id: 'n',
		name: 'Real Estate Portal',
		type: 'n8n-nodes-real-estate-portal.realEstatePortal',
		typeVersion: 2,
		position: [0, 0] as [number, number],
		parameters,
	};
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: new HarnessNodeTypes().add(node.type, nodeType),
	});
	return workflow.expression.getSimpleParameterValue(
		workflow.getNode(node.name)!,
		nodeType.description.subtitle as string,
		'internal',
		{},
	);
}

test.each([
	[{ resource: 'ad', operation: 'getAll' }, 'Get many: Ad'],
	[{ resource: 'ad', operation: 'associate' }, 'Associate: Ad'],
	[{ resource: 'ad', operation: 'get' }, 'Get: Ad'],
	[{ resource: 'agency', operation: 'getAll' }, 'Get many: Agency'],
	[{ resource: 'lookup', operation: 'getCurrencies' }, 'Get currencies: Lookup'],
	[{ resource: 'callbackConfiguration', operation: 'set' }, 'Set: Callback Configuration'],
	[{ resource: 'sandbox', operation: 'simulateLeadEvent' }, 'Simulate lead event: Sandbox'],
	[
		{
			resource: 'eventSubscription',
			operation: 'subscribe',
			eventKinds: ['CONTACTO', 'AVISO', 'CREDITO'],
		},
		'Subscribe: 3 event kinds',
	],
	[
		{ resource: 'eventSubscription', operation: 'unsubscribe', eventKinds: ['CONTACTO'] },
		'Unsubscribe: 1 event kind',
	],
])('%p reads "%s"', (parameters, expected) => {
	expect(subtitleFor(parameters as INodeParameters)).toBe(expected);
});

test('every operation of every resource has a subtitle without raw values', () => {
	const resources = nodeType.description.properties.find((p) => p.name === 'resource')!;
	for (const resource of resources.options as Array<{ value: string }>) {
		const operations = nodeType.description.properties.find(
			(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource.value),
		)!;
		for (const operation of operations.options as Array<{ value: string }>) {
			const subtitle = String(
				subtitleFor({ resource: resource.value, operation: operation.value, eventKinds: [] }),
			);
			expect(subtitle).not.toMatch(/undefined|getAll|[a-z][A-Z]/);
		}
	}
});
