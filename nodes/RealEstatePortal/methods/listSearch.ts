/**
 * Searchable lists of the resource locators: agencies (by name or code) and the online ads of the
 * chosen agency (by title words, page by page for large inventories).
 */
import {
	type IDataObject,
	type ILoadOptionsFunctions,
	type INodeListSearchItems,
	type INodeListSearchResult,
} from 'n8n-workflow';
import { portalRequestPage } from '../../shared/paging';
import { emptyUntilCredentialSet } from './credentialNotSet';
import { getAgencies } from './loadOptions';

/** Ads per page of the ad list: the editor asks for the next page as the user scrolls. */
const AD_PAGE_SIZE = 50;

/** Lower case without accents: "Galería" matches "galeria". */
const folded = (text: string) =>
	text
		.normalize('NFD')
		.replace(/\p{Diacritic}/gu, '')
		.toLowerCase();

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Version 1's agency options, those whose name holds every word of `filter`. */
export async function searchAgencies(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const words = folded(filter ?? '')
		.split(/\s+/)
		.filter(Boolean);
	const options = (await getAgencies.call(this)) as INodeListSearchItems[];
	return {
		results: options.filter((option) => words.every((word) => folded(option.name).includes(word))),
	};
}

function adOption(ad: IDataObject): INodeListSearchItems {
	const id = String(ad.idAvisoPlat);
	const code = text(ad.codigoAviso);
	const title = text(ad.titulo) || `Ad ${id}`;
	return {
		name: `${title} (ID ${id}, ${code ? `code ${code}` : 'no ad code'})`,
		value: id,
	};
}

/** The agency chosen in the node, whether picked from the list, typed, or saved by version 1. */
function chosenAgency(ctx: ILoadOptionsFunctions): string {
	const value = ctx.getCurrentNodeParameter('agencyCode', { extractValue: true });
	return typeof value === 'string' ? value.trim() : '';
}

export async function searchAds(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const agencyCode = chosenAgency(this);
	if (!agencyCode || agencyCode.startsWith('=')) return { results: [] };
	return await emptyUntilCredentialSet(
		async () => {
			const page = Number(paginationToken ?? 0) || 0;
			const { items, nextPage } = await portalRequestPage(this, 'adSummary', {
				pathParams: { agencyCode },
				query: { titulo: filter?.trim() || undefined },
				page,
				size: AD_PAGE_SIZE,
			});
			return {
				results: items.filter((ad) => ad.idAvisoPlat !== undefined).map(adOption),
				...(nextPage === undefined ? {} : { paginationToken: String(nextPage) }),
			};
		},
		{ results: [] },
	);
}
