/** The agencies a poll covers, and the dropdown of agencies. */
import {
	NodeOperationError,
	type ILoadOptionsFunctions,
	type INodePropertyOptions,
	type IPollFunctions,
} from 'n8n-workflow';
import { normalizeAgency } from '../shared/normalize';
import { portalRequestAllPages } from '../shared/paging';
import { chosenAgency } from './properties';

async function linkedAgencies(ctx: IPollFunctions | ILoadOptionsFunctions) {
	return (await portalRequestAllPages(ctx, 'listAgencies')).map(normalizeAgency);
}

/** The agency codes to poll: the chosen one, or every agency linked to the credential. */
export async function agenciesToPoll(ctx: IPollFunctions): Promise<string[]> {
	const chosen = chosenAgency(ctx);
	if (chosen !== null) return [chosen];
	const codes = (await linkedAgencies(ctx))
		.map((agency) => agency.agencyCode)
		.filter((code): code is string => code !== null && code !== '');
	if (codes.length === 0) {
		throw new NodeOperationError(ctx.getNode(), 'No agency is linked to this credential', {
			description:
				"Ask the portal to link your agencies to this interface, or check the credential's access token.",
		});
	}
	return codes;
}

export async function getAgencies(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return (await linkedAgencies(this))
		.filter((agency) => agency.agencyCode)
		.map((agency) => ({
			name: agency.name ? `${agency.name} (${agency.agencyCode})` : agency.agencyCode!,
			value: agency.agencyCode!,
		}))
		.sort((a, b) => a.name.localeCompare(b.name));
}
