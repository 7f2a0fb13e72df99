/** Readers of the parameters several operations share, validated before anything is sent. */
import { isResourceLocatorValue, type IExecuteFunctions } from 'n8n-workflow';
import { z } from 'zod';
import {
	DEFAULT_AUTHORIZATION_HEADER_KEY,
	callbackConfigurationSchema,
	type CallbackConfiguration,
} from '../../shared/schemas';
import { validateInput, type FieldLabels } from '../../shared/validation';

/** RFC 9110 token characters: what a header name may contain. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export const callbackConfigurationLabels: FieldLabels = {
	url: 'Callback URL',
	authorizationHeaderKey: 'Authorization Header Name',
	authorizationHeaderValue: 'Authorization Header Value',
	lenguajeCallbackBody: 'Body Language',
};

export const checkedCallbackConfigurationSchema = callbackConfigurationSchema.refine(
	(configuration) =>
		!configuration.authorizationHeaderKey || HEADER_NAME.test(configuration.authorizationHeaderKey),
	{
		path: ['authorizationHeaderKey'],
		message: 'must be a valid HTTP header name (letters, digits and - only, no spaces)',
	},
);

/** A parameter as trimmed text, whether plain or held by a resource locator ({__rl, mode, value}). */
function stringParameter(ctx: IExecuteFunctions, name: string, itemIndex: number): string {
	const raw: unknown = ctx.getNodeParameter(name, itemIndex, '');
	return String((isResourceLocatorValue(raw) ? raw.value : raw) ?? '').trim();
}

/** The callback configuration parameters as the service's object, empty optional fields left out. */
export function readCallbackConfiguration(
	ctx: IExecuteFunctions,
	itemIndex: number,
): CallbackConfiguration {
	const headerValue = stringParameter(ctx, 'authorizationHeaderValue', itemIndex);
	const language = stringParameter(ctx, 'callbackBodyLanguage', itemIndex);
	return {
		url: stringParameter(ctx, 'callbackUrl', itemIndex),
		authorizationHeaderKey:
			stringParameter(ctx, 'authorizationHeaderKey', itemIndex) || DEFAULT_AUTHORIZATION_HEADER_KEY,
		...(headerValue ? { authorizationHeaderValue: headerValue } : {}),
		...(language
			? { lenguajeCallbackBody: language as CallbackConfiguration['lenguajeCallbackBody'] }
			: {}),
	};
}

/** The callback configuration parameters, validated (URL scheme, header name). */
export function readValidCallbackConfiguration(
	ctx: IExecuteFunctions,
	itemIndex: number,
): CallbackConfiguration {
	return validateInput(
		ctx,
		checkedCallbackConfigurationSchema,
		readCallbackConfiguration(ctx, itemIndex),
		callbackConfigurationLabels,
		itemIndex,
	);
}

export const agencyCodeSchema = z
	.string({ required_error: 'is required' })
	.trim()
	.min(1, 'is required: choose an agency or give its code');

export const platformAdIdSchema = z.coerce
	.number({ invalid_type_error: 'must be a number' })
	.int('must be a whole number')
	.positive('must be a positive number');

export function readAgencyCode(ctx: IExecuteFunctions, itemIndex: number): string {
	return validateInput(
		ctx,
		agencyCodeSchema,
		stringParameter(ctx, 'agencyCode', itemIndex),
		{ '': 'Agency' },
		itemIndex,
	);
}

export { stringParameter };

/** Which ad a parameter names: its platform ID, or the ad code your interface gave it. */
export type AdReference = { platformAdId: number } | { adCode: string };

const AD_REQUIRED =
	'is required: choose an ad from the list, or give its platform ID or your ad code';

const adCodeSchema = z.string().trim().min(1, AD_REQUIRED);
const adIdSchema = z
	.string()
	.trim()
	.min(1, AD_REQUIRED)
	.refine((text) => text !== '0', AD_REQUIRED)
	.pipe(platformAdIdSchema);

function adLocator(ctx: IExecuteFunctions, itemIndex: number) {
	const raw: unknown = ctx.getNodeParameter('platformAdId', itemIndex, '');
	return {
		mode: isResourceLocatorValue(raw) ? raw.mode : undefined,
		value: String((isResourceLocatorValue(raw) ? raw.value : raw) ?? ''),
	};
}

/** The ad locator's platform ID (list, "By Platform ID", or a plain value), never empty or 0. */
export function readPlatformAdId(ctx: IExecuteFunctions, itemIndex: number): number {
	const { value } = adLocator(ctx, itemIndex);
	const label = { '': 'Ad (platform ID)' };
	return validateInput(ctx, adIdSchema, value, label, itemIndex);
}

/**
 * The ad locator (`platformAdId`): "By Ad Code" gives a code, the list and "By Platform ID" a
 * platform ID, and a plain value (saved by version 1 or sent by an expression) is a platform ID.
 * Empty or 0 is refused with the field's name before anything is sent.
 */
export function readAdReference(ctx: IExecuteFunctions, itemIndex: number): AdReference {
	const { mode, value } = adLocator(ctx, itemIndex);
	if (mode !== 'adCode') return { platformAdId: readPlatformAdId(ctx, itemIndex) };
	const label = { '': 'Ad (ad code)' };
	return { adCode: validateInput(ctx, adCodeSchema, value, label, itemIndex) };
}

/** The Limit parameter, or undefined under Return All. */
export function readLimit(ctx: IExecuteFunctions, itemIndex: number): number | undefined {
	if (ctx.getNodeParameter('returnAll', itemIndex, false) as boolean) return undefined;
	return validateInput(
		ctx,
		z.coerce.number().int('must be a whole number').min(1, 'must be at least 1'),
		ctx.getNodeParameter('limit', itemIndex, 50),
		{ '': 'Limit' },
		itemIndex,
	);
}
