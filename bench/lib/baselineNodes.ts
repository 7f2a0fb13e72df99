/**
 * n8n's own nodes, the baselines, loaded from the n8n release the end-to-end suite installs
 * (.cache/n8n-<pin>/). They require that release's n8n-workflow copy while the engine harness runs
 * the project's n8n-core; both are 2.41, and the HTTP Request node only passes plain objects and
 * n8n-workflow errors across, which the engine reads by name, not by class, so it runs unchanged.
 */
import path from 'node:path';

import type { ICredentialType, INodeType, INodeTypeBaseDescription } from 'n8n-workflow';

import { requestedN8nRelease } from '../../harness/n8n/n8nInstall';

const release = requestedN8nRelease();
export const N8N_VERSION = release.pin;
export const n8nHome = release.home;
export const nodesBaseDist = path.join(n8nHome, 'node_modules', 'n8n-nodes-base', 'dist');

/** The file of the HTTP Request node's version 3 class (typeVersions 3 to 4.x). */
export const httpRequestV3File = path.join(
	nodesBaseDist,
	'nodes',
	'HttpRequest',
	'V3',
	'HttpRequestV3.node.js',
);
export const webhookFile = path.join(nodesBaseDist, 'nodes', 'Webhook', 'Webhook.node.js');

export const HTTP_REQUEST_TYPE = 'n8n-nodes-base.httpRequest';
export const HTTP_REQUEST_VERSION = 4.2;

/** The HTTP Request node's pagination over the portal's lists: `pageable.page` from 0 until a 204. */
export const PAGES_UNTIL_204 = {
	pagination: {
		pagination: {
			paginationMode: 'updateAParameterInEachRequest',
			parameters: {
				parameters: [{ type: 'qs', name: 'pageable.page', value: '={{ $pageCount }}' }],
			},
			paginationCompleteWhen: 'receiveSpecificStatusCodes',
			statusCodesWhenComplete: '204',
			limitPagesFetched: false,
			requestInterval: 0,
		},
	},
};

export function httpRequestNode(): INodeType {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { HttpRequestV3 } = require(httpRequestV3File) as {
		HttpRequestV3: new (base: INodeTypeBaseDescription) => INodeType;
	};
	return new HttpRequestV3({
		displayName: 'HTTP Request',
		name: 'httpRequest',
		group: ['output'],
		description: 'Makes an HTTP request and returns the response data',
		defaultVersion: HTTP_REQUEST_VERSION,
	});
}

/** n8n's generic Query Auth credential (a name and a value added to the query of every request). */
export function httpQueryAuthCredential(): ICredentialType {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { HttpQueryAuth } = require(
		path.join(nodesBaseDist, 'credentials', 'HttpQueryAuth.credentials.js'),
	) as { HttpQueryAuth: new () => ICredentialType };
	return new HttpQueryAuth();
}
