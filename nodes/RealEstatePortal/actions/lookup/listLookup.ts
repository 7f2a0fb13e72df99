import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { portalRequest, type PortalContext } from '../../../shared/transport';
import { forOperation, simplifyField } from '../common.descriptions';
import { FROM_VERSION_2, onlyWhen } from '../../../shared/versionConditions';
import { typeVersionOf } from '../versions';

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

/**
 * A lookup operation of the node: one item per entry, with English names (version 2 on; Simplify
 * off, or version 1, gives the entry as the portal names it).
 */
export function lookupOperation(
	nodeOperation: string,
	operation: LookupOperation,
	simplified: (entry: IDataObject) => IDataObject,
) {
	const description = forOperation('lookup', nodeOperation, [
		onlyWhen(FROM_VERSION_2, simplifyField),
	]);
	async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const entries = await listLookup(this, operation, itemIndex);
		const simplify =
			typeVersionOf(this) >= 2 && (this.getNodeParameter('simplify', itemIndex, true) as boolean);
		return simplify ? entries.map(simplified) : entries;
	}
	return { description, execute };
}
