/** Dropdowns fed by the service: agencies, and the two lookups the ad filters accept. */
import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';
import { listLookup } from '../actions/lookup/listLookup';
import { portalRequestAllPages } from '../../shared/paging';
import { emptyUntilCredentialSet } from './credentialNotSet';

/** One option per entry carrying a text `valueKey`, sorted by name. */
function optionsFrom(
	entries: IDataObject[],
	valueKey: string,
	nameOf: (entry: IDataObject, value: string) => string,
): INodePropertyOptions[] {
	return entries
		.filter((entry) => typeof entry[valueKey] === 'string')
		.map((entry) => {
			const value = entry[valueKey] as string;
			return { name: nameOf(entry, value), value };
		})
		.sort((a, b) => a.name.localeCompare(b.name));
}

/** "Name (CODE)", or the code alone when the entry has no name. */
const namedCode = (nameKey: string) => (entry: IDataObject, code: string) =>
	typeof entry[nameKey] === 'string' && entry[nameKey] !== ''
		? `${entry[nameKey] as string} (${code})`
		: code;

/** ALQUILER_TEMPORAL → Alquiler Temporal. */
const humanize = (_entry: IDataObject, code: string) =>
	code
		.toLowerCase()
		.split('_')
		.map((word) => word.charAt(0).toUpperCase() + word.slice(1))
		.join(' ');

/** Version 1's agency dropdown; version 2's searchable list filters it (listSearch.ts). */
export async function getAgencies(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return await emptyUntilCredentialSet(async () => {
		const agencies = await portalRequestAllPages(this, 'listAgencies');
		return optionsFrom(agencies, 'codigoInmobiliaria', namedCode('nombre'));
	}, []);
}

/**
 * First in a filter's list: the field's default '' as a choice, so that a filter just added shows
 * "Any" instead of n8n's 'The value "" is not supported!' (readAdFilters leaves '' out).
 */
const ANY: INodePropertyOptions = { name: 'Any', value: '' };

export async function getOperations(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return [ANY, ...optionsFrom(await listLookup(this, 'listOperations'), 'operacion', humanize)];
}

export async function getCurrencies(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const currencies = await listLookup(this, 'listCurrencies');
	return [ANY, ...optionsFrom(currencies, 'codigoMoneda', namedCode('nombre'))];
}
