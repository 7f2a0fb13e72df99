/**
 * Node versions. Version 2 picks the agency and the ad with resource locators (a searchable
 * list, or by code / ID); version 1 keeps its agency dropdown and plain ad fields, so that
 * workflows saved with version 1 open in the editor and run exactly as before. Version 3 emits
 * each lead of Lead → Get Many as the row a keyed write lands (shared/landingRow.ts), as version
 * 3 of the triggers does.
 */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { FROM_VERSION_2, ONLY_VERSION_1, onlyWhen } from '../../shared/versionConditions';
import { agencyCodeField, legacyAgencyCodeField } from './common.descriptions';

export const NODE_VERSIONS = [1, 2, 3];

const versionOfRun = new WeakMap<IExecuteFunctions, number>();

/**
 * The version the workflow saved the node with, read once per execution: `getNode()` copies the
 * node with all its parameters, which a per-item read paid for every item of a bulk run.
 */
export function typeVersionOf(ctx: IExecuteFunctions): number {
	let version = versionOfRun.get(ctx);
	if (version === undefined) {
		version = ctx.getNode().typeVersion;
		versionOfRun.set(ctx, version);
	}
	return version;
}

/**
 * Every agency parameter twice: the version 1 dropdown and the version 2 locator, each under the
 * operation's own display conditions. Operations list `agencyCodeField` once; this is the only
 * place that knows about the old one.
 */
export function withVersionedAgency(properties: INodeProperties[]): INodeProperties[] {
	return properties.flatMap((property) =>
		property.name === agencyCodeField.name && property.type === agencyCodeField.type
			? [
					onlyWhen(ONLY_VERSION_1, {
						...legacyAgencyCodeField,
						displayOptions: property.displayOptions,
					}),
					onlyWhen(FROM_VERSION_2, property),
				]
			: [property],
	);
}
