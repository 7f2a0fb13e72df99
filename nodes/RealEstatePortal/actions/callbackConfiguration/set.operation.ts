import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { SECRET_HEADER } from '../../../RealEstatePortalTrigger/verify';
import { portalRequest } from '../../../shared/transport';
import { callbackConfigurationFields, forOperation } from '../common.descriptions';
import { readValidCallbackConfiguration } from '../parameters';
import { readCallbackConfigurationNow } from './current';
import { configurationItem } from './configurationItem';

const oneCallbackNotice: INodeProperties = {
	displayName:
		"This replaces the interface's ONE callback: an active Real Estate Portal Trigger on the same credential stops receiving events. The output names its URL when it does.",
	name: 'replacesTriggerNotice',
	type: 'notice',
	default: '',
};

export const description = forOperation('callbackConfiguration', 'set', [
	oneCallbackNotice,
	...(callbackConfigurationFields as INodeProperties[]),
]);

/** The URL of a Real Estate Portal Trigger when the configuration is one it registered. */
function triggerUrlOf(configuration: IDataObject | null): string | undefined {
	const key = configuration?.authorizationHeaderKey;
	const isTrigger = typeof key === 'string' && key.toLowerCase() === SECRET_HEADER.toLowerCase();
	return isTrigger ? String(configuration?.url) : undefined;
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const configuration = readValidCallbackConfiguration(this, itemIndex);
	const replacedTriggerUrl = triggerUrlOf(await readCallbackConfigurationNow(this, itemIndex));
	await portalRequest(this, 'setCallbackConfiguration', { body: configuration, itemIndex });
	const result: IDataObject = {
		configured: true,
		...configurationItem(this, configuration, false),
	};
	if (replacedTriggerUrl) {
		result.replacedTriggerUrl = replacedTriggerUrl;
		result.warning = `This replaced the callback of a Real Estate Portal Trigger (${replacedTriggerUrl}): that trigger receives no more events until its workflow is unpublished and published again.`;
	}
	return [result];
}
