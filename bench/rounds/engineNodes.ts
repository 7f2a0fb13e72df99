/** The two sides the engine benchmarks run: our action node and n8n's HTTP Request node. */
import { RealEstatePortalApi } from '../../credentials/RealEstatePortalApi.credentials';
import {
	runNode,
	type RunNodeOptions,
	type RunNodeResult,
} from '../../test/engine/harness/runNode';
import { HTTP_REQUEST_TYPE, HTTP_REQUEST_VERSION, httpRequestNode } from '../lib/baselineNodes';

export const TOKEN = 'demo-les-token';
export const AGENCY = 'INMO-001';

// tsx resolves `RealEstatePortal.node` to the node's codex file (RealEstatePortal.node.json) first.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { RealEstatePortal } =
	require('../../nodes/RealEstatePortal/RealEstatePortal.node.ts') as typeof import('../../nodes/RealEstatePortal/RealEstatePortal.node');

type Parameters = RunNodeOptions['parameters'];

/** The credential of our nodes for the sandbox at `url`. */
export function portalCredentials(url: string) {
	return {
		realEstatePortalApi: {
			environment: 'sandbox',
			baseUrl: url,
			authentication: 'accessToken',
			accessToken: TOKEN,
		},
	};
}
type Rest = Omit<RunNodeOptions, 'nodeType' | 'parameters'>;

export async function runOurs(
	url: string,
	parameters: Parameters,
	rest: Rest = {},
): Promise<RunNodeResult> {
	return await runNode({
		nodeType: RealEstatePortal,
		parameters,
		credentials: portalCredentials(url),
		credentialTypes: [new RealEstatePortalApi()],
		...rest,
	});
}

/** n8n's HTTP Request node with the token in the query, as a user wires this service by hand. */
export async function runHttpRequest(
	parameters: Parameters,
	rest: Rest = {},
): Promise<RunNodeResult> {
	const { queryParameters, ...others } = parameters as {
		queryParameters?: { parameters: unknown[] };
	};
	return await runNode({
		nodeType: httpRequestNode(),
		typeName: HTTP_REQUEST_TYPE,
		typeVersion: HTTP_REQUEST_VERSION,
		parameters: {
			sendQuery: true,
			queryParameters: {
				parameters: [
					{ name: 'access_token', value: TOKEN },
					...(queryParameters?.parameters ?? []),
				],
			},
			...others,
		} as Parameters,
		...rest,
	});
}
