import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';
import { portalRequest } from '../../../shared/transport';
import { callbackConfigurationFields } from '../common.descriptions';
import { readValidCallbackConfiguration } from '../parameters';

export const description = updateDisplayOptions(
	{ show: { resource: ['callbackConfiguration'], operation: ['set'] } },
	callbackConfigurationFields as INodeProperties[],
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const configuration = readValidCallbackConfiguration(this, itemIndex);
	await portalRequest(this, 'setCallbackConfiguration', { body: configuration, itemIndex });
	return [{ configured: true, ...configuration }];
}
