/** The agencies a poll covers, and the dropdown of agencies. */
import {
	NodeOperationError,
	type ILoadOptionsFunctions,
	type INodePropertyOptions,
	type IPollFunctions,
} from 'n8n-workflow';
import { normalizeAgency } from '../shared/normalize';
import { portalRequestDistinct } from '../shared/paging';
import { chosenAgency } from './properties';

/** The linked agencies, each once; `whole`: none skipped by a list that shifted while paged. */
async function linkedAgencies(ctx: IPollFunctions | ILoadOptionsFunctions, deadline?: number) {
	const { items, whole } = await portalRequestDistinct(ctx, 'listAgencies', {
		keyOf: (raw) => normalizeAgency(raw).agencyCode,
		deadline,
	});
	return { agencies: items.map(normalizeAgency), whole };
}

/** The agencies a poll covers; `whole`: every linked agency is among them. */
export interface PolledAgencies {
	codes: string[];
	whole: boolean;
}

/**
 * The agency codes to poll: the chosen one, or every agency linked to the credential, read by the
 * poll's deadline (its retries included) so that the poll keeps within its time.
 */
export async function agenciesToPoll(
	ctx: IPollFunctions,
	deadline: number,
): Promise<PolledAgencies> {
	const chosen = chosenAgency(ctx);
	if (chosen !== null) return { codes: [chosen], whole: true };
	const { agencies, whole } = await linkedAgencies(ctx, deadline);
	const codes = agencies
		.map((agency) => agency.agencyCode)
		.filter((code): code is string => code !== null && code !== '');
	if (codes.length === 0) {
		throw new NodeOperationError(ctx.getNode(), 'No agency is linked to this credential', {
			description:
				"Ask the portal to link your agencies to this interface, or check the credential's access token.",
		});
	}
	return { codes, whole };
}

export async function getAgencies(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return (await linkedAgencies(this)).agencies
		.filter((agency) => agency.agencyCode)
		.map((agency) => ({
			name: agency.name ? `${agency.name} (${agency.agencyCode})` : agency.agencyCode!,
			value: agency.agencyCode!,
		}))
		.sort((a, b) => a.name.localeCompare(b.name));
}
