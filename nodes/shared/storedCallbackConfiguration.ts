/**
 * The interface's callback configuration as the portal answers it → the four published fields, or
 * null when nothing is configured (no answer, or no url). Any body language is read as it is
 * (EN2, EN_SF, empty): it is shown and given back, never refused.
 */
import { storedCallbackConfigurationSchema, type StoredCallbackConfiguration } from './schemas';

export type StoredConfigurationRead =
	| { ok: true; configuration: StoredCallbackConfiguration | null }
	| { ok: false };

export function readStoredCallbackConfiguration(body: unknown): StoredConfigurationRead {
	if (body === undefined || body === null || body === '') return { ok: true, configuration: null };
	const parsed = storedCallbackConfigurationSchema.safeParse(body);
	if (!parsed.success) return { ok: false };
	const { url, authorizationHeaderKey, authorizationHeaderValue, lenguajeCallbackBody } =
		parsed.data;
	if (typeof url !== 'string' || url.trim() === '') return { ok: true, configuration: null };
	return {
		ok: true,
		configuration: {
			url,
			...(authorizationHeaderKey !== undefined && { authorizationHeaderKey }),
			...(authorizationHeaderValue !== undefined && { authorizationHeaderValue }),
			...(lenguajeCallbackBody !== undefined && {
				lenguajeCallbackBody: lenguajeCallbackBody === null ? null : String(lenguajeCallbackBody),
			}),
		},
	};
}
