import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { forOperation } from '../common.descriptions';
import { readCallbackConfigurationNow } from './current';
import { configurationItem } from './configurationItem';
import { readStoredCallbackConfiguration } from '../../../shared/storedCallbackConfiguration';

export const description = forOperation('callbackConfiguration', 'get', [
	{
		displayName: 'Reveal Header Value',
		name: 'revealHeaderValue',
		type: 'boolean',
		default: false,
		description:
			'Whether to show the authorization header value in clear. Off, the output shows only that one is set, its length and last four characters: the value is the secret that proves a notification comes from the portal, and execution data is kept and shown to everyone with access to the workflow.',
	},
]);

/**
 * The interface's callback configuration, in any body language; `configured: false` when none is
 * set (204), or when what the portal holds has no url (nothing is delivered then).
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const configuration = await readCallbackConfigurationNow(this, itemIndex);
	if (!configuration) return [{ configured: false }];
	const read = readStoredCallbackConfiguration(configuration);
	const configured = read.ok && read.configuration !== null;
	const reveal = this.getNodeParameter('revealHeaderValue', itemIndex, false) as boolean;
	return [{ configured, ...configurationItem(this, configuration, reveal) }];
}
