/**
 * The callback configuration object as the emulator accepts it (specification, "Callback
 * configuration"; field notes, "Callback configuration" [P]/[S]): `{url, authorizationHeaderKey,
 * authorizationHeaderValue, lenguajeCallbackBody}`, GET answering what PUT sent. Integrators report
 * configurations in languages beyond EN/ES/PT (`EN2`) and ones with nothing configured, so any
 * language text (empty, absent, unknown) and a missing or null url are kept as sent; a url given
 * as text must still start with http:// or https://. Unknown fields are dropped.
 */
import { z } from 'zod';

/** RFC 9110 token characters: what a header name may contain. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export const headerKeyMessage = 'authorizationHeaderKey must be a valid HTTP header name';

export const callbackConfigurationSchema = z.object({
	url: z
		.string({ invalid_type_error: 'url must be text' })
		.regex(/^https?:\/\//i, 'url must start with http:// or https://')
		.nullable()
		.optional(),
	authorizationHeaderKey: z
		.string()
		.refine((key) => key === '' || HEADER_NAME.test(key), headerKeyMessage)
		.nullable()
		.optional(),
	authorizationHeaderValue: z.string().nullable().optional(),
	lenguajeCallbackBody: z.string().nullable().optional(),
});
export type CallbackConfiguration = z.infer<typeof callbackConfigurationSchema>;

/** The header key when none is configured (specification). */
export const DEFAULT_AUTHORIZATION_HEADER_KEY = 'Authorization';
