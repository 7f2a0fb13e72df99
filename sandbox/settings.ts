/**
 * The emulator's settings a user picks (options of `startSandbox`, `SANDBOX_*` variables, the admin
 * reset): their names and allowed values, in one place that everything reads. Their defaults are
 * choices of the emulator, in behaviour.ts. This module imports no runtime code.
 */
import type { Edition } from './contract/editions';

/** The ad summary's shape: A a bare array, B the page envelope (specification, two shapes). */
export const AD_SHAPES = ['A', 'B'] as const;
export type AdShape = (typeof AD_SHAPES)[number];

/** A wrong ad-summary filter answers an error or every ad of the agency (specification, rule 4). */
export const BAD_FILTER_MODES = ['error', 'all'] as const;
export type BadFilterMode = (typeof BAD_FILTER_MODES)[number];

/** The lead list's items: the recorded shape, or the callback-like one (contract/leadList.ts). */
export const LEAD_LIST_SHAPES = ['recorded', 'callback'] as const;
export type LeadListShape = (typeof LEAD_LIST_SHAPES)[number];

/** What the emulator serves now; the admin reset may change it. */
export interface RuntimeSettings {
	adShape: AdShape;
	badFilter: BadFilterMode;
	/** The documentation edition of every interface's lead bodies; null: by path language. */
	edition: Edition | null;
	leadList: LeadListShape;
}

export interface ResetOverrides {
	seed?: number;
	ads?: number;
	/** The network's size (SANDBOX_AGENCIES); its ads and leads per agency stay as started. */
	agencies?: number;
	adShape?: AdShape;
	badFilter?: BadFilterMode;
	edition?: Edition | null;
	leadList?: LeadListShape;
}

/** The untidy portal's switches (untidy.ts), each off unless chosen. */
export const UNTIDY_SWITCHES = [
	'shiftingPages',
	'lateLeads',
	'instantForms',
	'listInstantSeconds',
	'listInstantLocal',
	'viewsListedWithoutEmail',
	'unassociatedAdLeads',
	'oneClickTwoTypes',
	'alikeProspects',
] as const;
export type UntidySwitch = (typeof UNTIDY_SWITCHES)[number];
export type UntidySettings = Record<UntidySwitch, boolean>;
