import { lookupOperation } from './listLookup';

export const { description, execute } = lookupOperation('listCurrencies');
