import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { portalRequest } from '../../../shared/transport';

/** The interface's callback configuration as the portal holds it, or null when none is set (204). */
export async function readCallbackConfigurationNow(
	ctx: IExecuteFunctions,
	itemIndex: number,
): Promise<IDataObject | null> {
	const configuration = await portalRequest<IDataObject>(ctx, 'getCallbackConfiguration', {
		itemIndex,
	});
	return configuration && typeof configuration === 'object' ? configuration : null;
}
