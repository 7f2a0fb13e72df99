import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { portalRequest, type PortalContext } from '../../../shared/transport';

type LookupOperation = 'listOperations' | 'listCurrencies';

/** A lookup list (operations or currencies): an array, or nothing (204) for an empty one. */
export async function listLookup(
	ctx: PortalContext,
	operation: LookupOperation,
	itemIndex?: number,
): Promise<IDataObject[]> {
	const body = await portalRequest(ctx, operation, { itemIndex });
	return Array.isArray(body)
		? body.filter((entry): entry is IDataObject => typeof entry === 'object' && entry !== null)
		: [];
}

/** A lookup operation of the node: no parameters, one item per entry, as the portal names it. */
export function lookupOperation(operation: LookupOperation) {
	const description: INodeProperties[] = [];
	async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		return await listLookup(this, operation, itemIndex);
	}
	return { description, execute };
}
