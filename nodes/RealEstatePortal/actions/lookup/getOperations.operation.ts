import { normalizeOperation } from '../../../shared/normalize';
import { lookupOperation } from './listLookup';

export const { description, execute } = lookupOperation(
	'getOperations',
	'listOperations',
	normalizeOperation,
);
