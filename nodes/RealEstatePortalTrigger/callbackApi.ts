/** The four callback operations the lifecycle needs, on the package's one transport. */
import { NodeOperationError, type IHookFunctions } from 'n8n-workflow';
import { portalRequest } from '../shared/transport';
import { callbackConfigurationSchema, type CallbackConfiguration } from '../shared/schemas';
import type { CallbackApi } from './registration';

export function callbackApiOf(ctx: IHookFunctions): CallbackApi {
	return {
		async getConfiguration() {
			const body = await portalRequest(ctx, 'getCallbackConfiguration');
			if (body === undefined || body === null) return null;
			const parsed = callbackConfigurationSchema.safeParse(body);
			if (!parsed.success) {
				throw new NodeOperationError(
					ctx.getNode(),
					'The portal answered the callback configuration in an unknown shape',
					{
						description:
							'Expected {url, authorizationHeaderKey, authorizationHeaderValue, lenguajeCallbackBody}.',
					},
				);
			}
			return parsed.data;
		},
		async setConfiguration(configuration: CallbackConfiguration) {
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
