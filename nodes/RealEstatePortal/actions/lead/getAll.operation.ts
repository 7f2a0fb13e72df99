/**
 * Lead → Get Many: the lead list (`listMessages`, both spellings through the path table) of one
 * agency or of every linked agency since a day, each item read into the flat lead the Poll Trigger
 * emits (nodes/shared/listedLead.ts), with the same lead key.
 */
import { DateTime } from 'luxon';
import { NodeError, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';
import { includeNationalIdOption } from '../../../shared/nationalIdOption';
import { normalizeAgency } from '../../../shared/normalize';
import { portalRequestAllPages } from '../../../shared/paging';
import { runInPool } from '../../../shared/pool';
import {
	agencyCodeField,
	forOperation,
	limitField,
	optionsCollection,
	returnAllField,
	simplifyField,
} from '../common.descriptions';
import { readAgencyCode, readLimit } from '../parameters';
import { typeVersionOf } from '../versions';
import { ROWS_FROM_VERSION, asRows } from '../../../shared/landingRow';
import { DEFAULT_DAYS_BACK, readSinceDay } from './sinceDay';

/** Agencies whose lead lists are read at the same time. */
const AGENCIES_IN_FLIGHT = 4;

export const description = forOperation('lead', 'getAll', [
	{
		displayName: 'Agencies',
		name: 'agencyScope',
		type: 'options',
		default: 'one',
		options: [
			{ name: 'One Agency', value: 'one' },
			{
				name: 'All Agencies Linked to the Credential',
				value: 'all',
				description: 'Every agency the interface is linked to',
			},
		],
	},
	{ ...agencyCodeField, displayOptions: { show: { agencyScope: ['one'] } } },
	{
		displayName: 'Since',
		name: 'since',
		type: 'dateTime',
		default: '',
		description: `The first day whose leads to list (the portal's day); empty for the last ${DEFAULT_DAYS_BACK} days`,
	},
	returnAllField,
	limitField,
	simplifyField,
	optionsCollection(includeNationalIdOption),
]);

async function agenciesOf(ctx: IExecuteFunctions, itemIndex: number): Promise<string[]> {
	if (ctx.getNodeParameter('agencyScope', itemIndex, 'one') === 'one') {
		return [readAgencyCode(ctx, itemIndex)];
	}
	const agencies = await portalRequestAllPages(ctx, 'listAgencies', { itemIndex });
	return agencies
		.map((agency) => normalizeAgency(agency).agencyCode)
		.filter((code): code is string => typeof code === 'string' && code !== '');
}

interface ListedLead {
	at: number;
	id: number;
	item: IDataObject;
}

interface ListSettings {
	fromDate: string;
	limit: number | undefined;
	simplify: boolean;
	/** Version 3 on: each lead as its row (shared/landingRow.ts). */
	version: number;
	zone: string;
	includeNationalId: boolean;
	itemIndex: number;
	/** Epoch ms: the instant of a lead whose registration cannot be read. */
	now: number;
}

/** One agency's leads since the day, each read as the Poll Trigger reads it. */
async function agencyLeads(
	ctx: IExecuteFunctions,
	agencyCode: string,
	settings: ListSettings,
): Promise<ListedLead[]> {
	const { fromDate, limit, itemIndex } = settings;
	const raws = await portalRequestAllPages(ctx, 'listMessages', {
		pathParams: { agencyCode },
		query: { fromDate },
		limit,
		itemIndex,
	});
	const options = {
		includeNationalId: settings.includeNationalId,
		logger: ctx.logger,
		forRow: settings.version >= ROWS_FROM_VERSION,
	};
	// The lead reader (the event field tables) is loaded at the first read, not with the node.
	const { readListedLead } = await import('../../../shared/listedLead');
	return raws.map((raw) => {
		const read = readListedLead(raw, agencyCode, options);
		// The Poll Trigger marks its items; this node's are not a trigger's.
		const lead = { ...read.item };
		delete lead.trigger;
		const [flat] = asRows([lead], settings.version, 'list', settings.zone);
		return { at: read.instant ?? settings.now, id: read.id, item: settings.simplify ? flat : raw };
	});
}

/** Over several agencies, a failure says which agency's lead list failed. */
function withAgencyNamed(error: unknown, agencyCode: string, agencies: number): unknown {
	if (agencies > 1 && error instanceof NodeError && !error.message.includes(agencyCode)) {
		error.description =
			`Reading the leads of agency ${agencyCode}. ${error.description ?? ''}`.trim();
	}
	return error;
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const settings: ListSettings = {
		fromDate: readSinceDay(this, itemIndex, DateTime.now().setZone(this.getTimezone())),
		limit: readLimit(this, itemIndex),
		simplify: this.getNodeParameter('simplify', itemIndex, true) as boolean,
		version: typeVersionOf(this),
		zone: this.getTimezone(),
		includeNationalId: this.getNodeParameter(
			'options.includeNationalId',
			itemIndex,
			false,
		) as boolean,
		itemIndex,
		now: Date.now(),
	};
	const agencies = await agenciesOf(this, itemIndex);
	const listed = await runInPool(
		agencies.length,
		AGENCIES_IN_FLIGHT,
		async (index): Promise<{ leads: ListedLead[] } | { error: unknown }> =>
			await agencyLeads(this, agencies[index], settings).then(
				(leads) => ({ leads }),
				(error: unknown) => ({ error }),
			),
		// One agency failing fails the item: start no more agencies after it.
		(outcome) => 'error' in outcome,
	);
	const leads: ListedLead[] = [];
	for (const [index, outcome] of listed.entries()) {
		if ('error' in outcome) throw withAgencyNamed(outcome.error, agencies[index], agencies.length);
		leads.push(...outcome.leads);
	}
	// Oldest first over every agency, as the Poll Trigger emits them.
	leads.sort((a, b) => a.at - b.at || a.id - b.id);
	const { limit } = settings;
	return (limit === undefined ? leads : leads.slice(0, limit)).map((lead) => lead.item);
}
