import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { normalizeCallbackConfiguration } from '../../../shared/normalize';
import { typeVersionOf } from '../versions';
import { withMaskedHeaderValue } from './maskHeaderValue';

/**
 * The configuration as an output item: English names from version 2 on (`bodyLanguage`), the
 * portal's own in version 1, and the header value masked unless `reveal`.
 */
export function configurationItem(
	ctx: IExecuteFunctions,
	configuration: IDataObject,
	reveal: boolean,
): IDataObject {
	const named =
		typeVersionOf(ctx) < 2 ? configuration : normalizeCallbackConfiguration(configuration);
	return withMaskedHeaderValue(named, reveal);
}
