import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { portalRequest } from '../../../shared/transport';

export const description: INodeProperties[] = [];

/** The interface's callback configuration; `configured: false` when none is set (204). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const configuration = await portalRequest<IDataObject>(this, 'getCallbackConfiguration', {
		itemIndex,
	});
	if (!configuration || typeof configuration !== 'object') return [{ configured: false }];
	return [{ configured: true, ...configuration }];
}
