/** The four callback operations the lifecycle needs, on the package's one transport. */
import { NodeOperationError } from 'n8n-workflow';
import { portalRequest, type PortalContext } from '../shared/transport';
import type { StoredCallbackConfiguration } from '../shared/schemas';
import { readStoredCallbackConfiguration } from '../shared/storedCallbackConfiguration';
import type { CallbackApi } from './registration';

export function callbackApiOf(ctx: PortalContext): CallbackApi {
	return {
		async getConfiguration() {
			const read = readStoredCallbackConfiguration(
				await portalRequest(ctx, 'getCallbackConfiguration'),
			);
			if (!read.ok) {
				throw new NodeOperationError(
					ctx.getNode(),
					'The portal answered the callback configuration in an unknown shape',
					{
						description:
							'Expected {url, authorizationHeaderKey, authorizationHeaderValue, lenguajeCallbackBody}.',
					},
				);
			}
			return read.configuration;
		},
		async setConfiguration(configuration: StoredCallbackConfiguration) {
			await portalRequest(ctx, 'setCallbackConfiguration', { body: { ...configuration } });
		},
		async subscribe(kind) {
			await portalRequest(ctx, 'subscribeEvent', { pathParams: { eventKind: kind } });
		},
		async unsubscribe(kind) {
			await portalRequest(ctx, 'unsubscribeEvent', { pathParams: { eventKind: kind } });
		},
	};
}
