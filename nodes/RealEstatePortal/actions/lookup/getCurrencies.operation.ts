import { normalizeCurrency } from '../../../shared/normalize';
import { lookupOperation } from './listLookup';

export const { description, execute } = lookupOperation(
	'getCurrencies',
	'listCurrencies',
	normalizeCurrency,
);
