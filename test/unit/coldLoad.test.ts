/**
 * When n8n loads the package it requires every node and credential file and builds each class, for
 * the descriptions only: what runs a node (the trigger's lifecycle and receiver, the poll, the
 * action's dispatch, the lead reader) is loaded when a node first runs (npm run bench -- --only
 * package times the load). Each such module here throws when it is loaded.
 */
const RUNTIME = [
	'../../nodes/RealEstatePortalTrigger/runtime',
	'../../nodes/RealEstatePortalPollTrigger/poll',
	'../../nodes/RealEstatePortal/actions/router',
	'../../nodes/shared/listedLead',
];
for (const path of RUNTIME) {
	jest.doMock(path, () => {
		throw new Error(`${path} was loaded with the node`);
	});
}

it('loading the nodes and the credential loads none of what only runs', () => {
	const files = [
		'../../nodes/RealEstatePortal/RealEstatePortal.node',
		'../../nodes/RealEstatePortalTrigger/RealEstatePortalTrigger.node',
		'../../nodes/RealEstatePortalPollTrigger/RealEstatePortalPollTrigger.node',
		'../../credentials/RealEstatePortalApi.credentials',
	];
	for (const file of files) {
		for (const exported of Object.values(require(file) as Record<string, unknown>)) {
			if (typeof exported === 'function') expect(new (exported as new () => object)()).toBeTruthy();
		}
	}
});
