/** The two sides the engine benchmarks run: our action node and n8n's HTTP Request node. */
import { RealEstatePortalApi } from '../../credentials/RealEstatePortalApi.credentials';
import { runNode, type RunNodeOptions, type RunNodeResult } from '../../harness/engine/runNode';
import {
	HTTP_REQUEST_TYPE,
	HTTP_REQUEST_VERSION,
	httpQueryAuthCredential,
	httpRequestNode,
} from '../lib/baselineNodes';

export const TOKEN = 'demo-les-token';
export const AGENCY = 'INMO-001';

// tsx resolves `RealEstatePortal.node` to the node's codex file (RealEstatePortal.node.json) first.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { RealEstatePortal } =
	require('../../nodes/RealEstatePortal/RealEstatePortal.node.ts') as typeof import('../../nodes/RealEstatePortal/RealEstatePortal.node');

type Parameters = RunNodeOptions['parameters'];

/** The credential of our nodes for the sandbox at `url`. */
export function portalCredentials(url: string, accessToken = TOKEN) {
	return {
		realEstatePortalApi: {
			environment: 'sandbox',
			baseUrl: url,
			authentication: 'accessToken',
			accessToken,
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

/**
 * How the HTTP Request node is set up: `baseline`, the token pasted into the query, n8n's defaults;
 * `fair`, what a careful user builds: a Query Auth credential carrying `access_token` and Retry On
 * Fail on (3 tries, 1 s apart).
 */
export type BaselineSetup = 'baseline' | 'fair';

const QUERY_AUTH = 'httpQueryAuth';

let loadedHttpRequestNode: ReturnType<typeof httpRequestNode> | undefined;

/**
 * Loads n8n's HTTP Request node; a round calls it before the measured run, as ours is loaded before
 * it (n8n has its nodes loaded before any execution).
 */
export function loadHttpRequestNode() {
	loadedHttpRequestNode ??= httpRequestNode();
	return loadedHttpRequestNode;
}

function setupOf(setup: BaselineSetup) {
	if (setup === 'baseline') {
		return {
			parameters: { sendQuery: true },
			token: [{ name: 'access_token', value: TOKEN }],
			rest: {},
		};
	}
	return {
		parameters: { authentication: 'genericCredentialType', genericAuthType: QUERY_AUTH },
		token: [],
		rest: {
			credentials: { [QUERY_AUTH]: { name: 'access_token', value: TOKEN } },
			credentialTypes: [httpQueryAuthCredential()],
			nodeSettings: {
				retryOnFail: true,
				maxTries: 3,
				waitBetweenTries: 1000,
				credentials: { [QUERY_AUTH]: { id: `${QUERY_AUTH}-id`, name: 'Portal token (query)' } },
			},
		},
	};
}

/** n8n's HTTP Request node calling this service as a user wires it by hand (see BaselineSetup). */
export async function runHttpRequest(
	setup: BaselineSetup,
	parameters: Parameters,
	rest: Rest = {},
): Promise<RunNodeResult> {
	const { queryParameters, ...others } = parameters as {
		queryParameters?: { parameters: unknown[] };
	};
	const chosen = setupOf(setup);
	const query = [...chosen.token, ...(queryParameters?.parameters ?? [])];
	return await runNode({
		nodeType: loadHttpRequestNode(),
		typeName: HTTP_REQUEST_TYPE,
		typeVersion: HTTP_REQUEST_VERSION,
		parameters: {
			...chosen.parameters,
			...(query.length > 0 ? { sendQuery: true, queryParameters: { parameters: query } } : {}),
			...others,
		} as Parameters,
		...chosen.rest,
		...rest,
	});
}
