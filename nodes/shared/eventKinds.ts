/**
 * The event kinds and who receives them (docs/portal-api.md#event-kinds): the one home of their
 * labels, of which kinds are leads, and of the rule that a read-only (LEC) interface is sent lead
 * events only. Used by the trigger, the subscription operations and the sandbox emulator.
 */
import type { EventKind, InterfaceKind } from './schemas';

interface EventKindInfo {
	/** What the node panels show; the portal's code in brackets, as the output's eventType holds it. */
	label: string;
	/** The label's words on the canvas, in lower case: "phone views", "ad state". */
	short: string;
	description: string;
	isLead: boolean;
}

const EVENT_KIND_INFO: Record<EventKind, EventKindInfo> = {
	CONTACTO: {
		label: 'Lead: Phone View (CONTACTO)',
		short: 'phone views',
		description: "A prospect viewed the agency's phone number on an ad",
		isLead: true,
	},
	CONTACTO_MENSAJE: {
		label: 'Lead: Message (CONTACTO_MENSAJE)',
		short: 'messages',
		description: 'A prospect wrote a message about an ad',
		isLead: true,
	},
	AVISO_CALIDAD: {
		label: 'Ad Quality (AVISO_CALIDAD)',
		short: 'ad quality',
		description: 'The quality score of an ad changed',
		isLead: false,
	},
	AVISO_ACTIVIDAD: {
		label: 'Ad Activity (AVISO_ACTIVIDAD)',
		short: 'ad activity',
		description: 'An ad was added, removed or modified',
		isLead: false,
	},
	AVISO_ESTADO_PUBLICACION: {
		label: 'Ad Publication State (AVISO_ESTADO_PUBLICACION)',
		short: 'ad state',
		description: 'An ad went online or offline',
		isLead: false,
	},
	CREDITO: {
		label: 'Credits (CREDITO)',
		short: 'credits',
		description: "An agency's publication plan was activated, cancelled or modified",
		isLead: false,
	},
};

const ALL_KINDS = Object.keys(EVENT_KIND_INFO) as EventKind[];

export const LEAD_EVENT_KINDS: readonly EventKind[] = ALL_KINDS.filter(isLeadKind);

export function isLeadKind(kind: EventKind): boolean {
	return EVENT_KIND_INFO[kind].isLead;
}

/** Every kind's canvas words, in the table's order. */
export function eventKindShortLabels(): Array<{ kind: EventKind; short: string; isLead: boolean }> {
	return ALL_KINDS.map((kind) => ({
		kind,
		short: EVENT_KIND_INFO[kind].short,
		isLead: EVENT_KIND_INFO[kind].isLead,
	}));
}

/** A read-write (LES) interface is sent every kind; a read-only (LEC) one, lead kinds only. */
export function isReceivedBy(interfaceKind: InterfaceKind, kind: EventKind): boolean {
	return interfaceKind === 'LES' || isLeadKind(kind);
}

export function kindsReceivedBy(interfaceKind: InterfaceKind): EventKind[] {
	return ALL_KINDS.filter((kind) => isReceivedBy(interfaceKind, kind));
}

/** "Event Kinds" options, sorted by label as n8n's lint asks (not localeCompare: 10 ms at load). */
export function eventKindOptions(): Array<{ name: string; value: EventKind; description: string }> {
	return ALL_KINDS.map((kind) => ({
		name: EVENT_KIND_INFO[kind].label,
		value: kind,
		description: EVENT_KIND_INFO[kind].description,
	})).sort((a, b) => (a.name < b.name ? -1 : 1));
}
