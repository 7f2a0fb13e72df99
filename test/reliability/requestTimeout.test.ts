/**
 * A service that accepts the connection and never answers must not hold an item for n8n's default
 * of 300 s per attempt (four attempts: 20 minutes): the transport should ask for a time-out.
 */
import type { IHttpRequestOptions } from 'n8n-workflow';
import { portalRequest, type PortalContext } from '../../nodes/shared/transport';

function contextRecording(sent: IHttpRequestOptions[]): PortalContext {
	return {
		getNode: () => ({
			id: 'n',
			name: 'Real Estate Portal',
			type: 't',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		}),
		getCredentials: async () => ({
			environment: 'sandbox',
			baseUrl: 'http://127.0.0.1:9',
			pathLanguage: 'es',
			interfaceKind: 'LES',
			authentication: 'accessToken',
			accessToken: 'x',
		}),
		helpers: {
			httpRequestWithAuthentication: async (_type: string, options: IHttpRequestOptions) => {
				sent.push(options);
				return { statusCode: 204, headers: {}, body: '' };
			},
		},
	} as unknown as PortalContext;
}

test('every portal request carries a time-out of at most a minute', async () => {
	const sent: IHttpRequestOptions[] = [];
	await portalRequest(contextRecording(sent), 'listCurrencies');
	expect(sent).toHaveLength(1);
	expect(sent[0].timeout).toEqual(expect.any(Number));
	expect(sent[0].timeout).toBeLessThanOrEqual(60_000);
});
