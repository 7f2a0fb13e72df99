import { updateDisplayOptions, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';
import { readCallbackConfigurationNow } from './current';
import { configurationItem } from './configurationItem';

export const description = updateDisplayOptions(
	{ show: { resource: ['callbackConfiguration'], operation: ['get'] } },
	[
		{
			displayName: 'Reveal Header Value',
			name: 'revealHeaderValue',
			type: 'boolean',
			default: false,
			description:
				'Whether to show the authorization header value in clear. Off, the output shows only that one is set, its length and last four characters: the value is the secret that proves a notification comes from the portal, and execution data is kept and shown to everyone with access to the workflow.',
		},
	],
);

/** The interface's callback configuration; `configured: false` when none is set (204). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const configuration = await readCallbackConfigurationNow(this, itemIndex);
	if (!configuration) return [{ configured: false }];
	const reveal = this.getNodeParameter('revealHeaderValue', itemIndex, false) as boolean;
	return [{ configured: true, ...configurationItem(this, configuration, reveal) }];
}
