/**
 * One callback delivery whose secret `webhook()` (runtime.ts) has checked → what the webhook answers
 * and what (if anything) the workflow receives: the body (delivery.ts), the event and the user's
 * choices. Whether an accepted event is already done is admission.ts's to decide.
 *
 * A delivery that carries the right secret is never refused for its shape: a lead becomes an item
 * with what could be read, a body that is no event becomes an item marked UNKNOWN, and what was not
 * read is named in the item and in a warning for n8n's log, its values in the raw body (without
 * the national id unless asked). Only a body that is not JSON at all (or far too large) is answered
 * 4xx, with a warning as well.
 */
import type { IDataObject } from 'n8n-workflow';
import { withoutNationalId, type BodyLanguage } from '../shared/eventFields';
import {
	UNPLACED_KIND,
	envelopeOf,
	fieldsNotRead,
	simplifyLead,
	unplacedItem,
	unreadablePart,
} from '../shared/normalizeEvent';
import { isPlainObject, readEvent, unplacedEventId, type PortalEvent } from '../shared/readEvent';
import type { EventKind } from '../shared/schemas';
import { readBody, type Delivery } from './delivery';
import { partlyReadWarning, refusedWarning, unplacedWarning } from './readingWarnings';

export interface ReceiveSettings {
	kinds: readonly EventKind[];
	/** The body language the callback is configured with: a hint, the body itself decides. */
	languageHint: string;
	simplify: boolean;
	includeRawBody: boolean;
	includeNationalId: boolean;
	/** Empty: no filter. */
	agencyCodes: readonly string[];
	adCodes: readonly string[];
}

/** What a read delivery was: its body language as recognised (null when none matched). */
interface Read {
	language: BodyLanguage | null;
}

/** A line for n8n's log (`logger.warn`): what of a delivery with the right secret was not read. */
interface Warned {
	warning?: string;
}

export type Reception =
	| ({ outcome: 'rejected'; status: 400 | 413; message: string } & Warned)
	| ({ outcome: 'ignored'; reason: string } & Read & Warned)
	| ({ outcome: 'accepted'; item: IDataObject; eventId: string } & Read & Warned);

function listed(value: string | null, list: readonly string[]): boolean {
	if (value === null) return false;
	const wanted = value.trim().toLowerCase();
	return list.some((entry) => entry.trim().toLowerCase() === wanted);
}

/** Why the user's filters drop this event, or null. An event that names no agency (or ad) fails that filter. */
function filteredOut(event: PortalEvent, settings: ReceiveSettings): string | null {
	if (settings.agencyCodes.length > 0 && !listed(event.agencyCode, settings.agencyCodes)) {
		return 'agency not in Only Agency Codes';
	}
	if (settings.adCodes.length > 0) {
		const named = [event.adCode, event.platformAdId];
		if (!named.some((code) => listed(code, settings.adCodes))) return 'ad not in Only Ad Codes';
	}
	return null;
}

/**
 * The body as a simplified item carries it: as delivered when the user asked for the raw body or
 * the national id, else without the national id (every name the alias table gives it).
 */
function rawBodyFor<T>(body: T, settings: ReceiveSettings): T {
	return settings.includeRawBody || settings.includeNationalId ? body : withoutNationalId(body);
}

function itemOf(event: PortalEvent, settings: ReceiveSettings, now: Date): IDataObject {
	if (!settings.simplify) return event.body;
	const rawBody = rawBodyFor(event.body, settings);
	if (!event.lead) return envelopeOf(event, now, rawBody) as IDataObject;
	const lead: IDataObject = simplifyLead(event.lead, {
		includeNationalId: settings.includeNationalId,
	});
	const asked = settings.includeRawBody ? { rawBody } : {};
	return { ...lead, ...asked, ...unreadablePart(fieldsNotRead(event), rawBody) };
}

/** A body that is no event → the item marked UNKNOWN (Simplify off: the body, an object or wrapped). */
function unplacedItemOf(body: unknown, eventId: string, settings: ReceiveSettings): IDataObject {
	if (!settings.simplify) {
		return isPlainObject(body) ? (body as IDataObject) : { body: body as IDataObject };
	}
	return unplacedItem(eventId, body, rawBodyFor(body, settings));
}

/**
 * Lead bodies in English 2 and English SF name no agency (docs/portal-api.md#lead-bodies). When the
 * interface is linked to a single agency (soleAgency.ts reads that again when older than a short
 * time), the event can only be about it: the output and the agency filter get its code.
 */
function withAgencyOf(agency: string | null, event: PortalEvent): PortalEvent {
	if (!agency || event.agencyCode !== null) return event;
	return {
		...event,
		agencyCode: agency,
		lead: event.lead && { ...event.lead, codigoInmobiliaria: agency },
	};
}

/** `soleAgencyCode`: the interface's agency when it is linked to one only (soleAgency.ts). */
export async function receive(
	delivery: Delivery,
	soleAgencyCode: string | null,
	settings: ReceiveSettings,
	now: Date,
): Promise<Reception> {
	const read = await readBody(delivery);
	if (!read.ok) {
		const warning = refusedWarning(read.status, read.message, delivery.headers['content-type']);
		return { outcome: 'rejected', status: read.status, message: read.message, warning };
	}
	const parsed = readEvent(read.value, settings.languageHint);
	if (!parsed.ok) {
		// Which kind, agency or ad it is cannot be told: no filter can drop it.
		const eventId = unplacedEventId(read.value, read.text);
		const warning = unplacedWarning(eventId, parsed.problem, UNPLACED_KIND);
		const item = unplacedItemOf(read.value, eventId, settings);
		return { outcome: 'accepted', item, eventId, language: null, warning };
	}
	const event = withAgencyOf(soleAgencyCode, parsed.event);
	const { language } = event;
	if (!settings.kinds.includes(event.kind))
		return { outcome: 'ignored', reason: `${event.kind} not chosen`, language };
	const filtered = filteredOut(event, settings);
	if (filtered) return { outcome: 'ignored', reason: filtered, language };
	const item = itemOf(event, settings, now);
	return {
		outcome: 'accepted',
		item,
		eventId: event.eventId,
		language,
		warning: partlyReadWarning(event),
	};
}
