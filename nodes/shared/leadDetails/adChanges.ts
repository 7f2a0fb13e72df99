/**
 * The items that tell of a change to an ad: the callback trigger's AVISO_ACTIVIDAD and
 * AVISO_ESTADO_PUBLICACION envelopes, and the Poll Trigger's ad items (`event` adChanged,
 * adWentOnline, adWentOffline). Their agency's book is read again (ages.ts).
 */
import type { IDataObject } from 'n8n-workflow';
import { referenceOf, textOf, type AdReference } from './knownAd';

const CHANGE_EVENT_KINDS: readonly unknown[] = ['AVISO_ACTIVIDAD', 'AVISO_ESTADO_PUBLICACION'];
const CHANGE_POLL_EVENTS: readonly unknown[] = ['adChanged', 'adWentOnline', 'adWentOffline'];

export interface AdChange {
	agencyCode: string | null;
	reference: AdReference | null;
}

/** The change the item tells of, or null when it tells of none. */
export function adChangeOf(item: IDataObject): AdChange | null {
	if (!CHANGE_EVENT_KINDS.includes(item.eventType) && !CHANGE_POLL_EVENTS.includes(item.event)) {
		return null;
	}
	return { agencyCode: textOf(item.agencyCode), reference: referenceOf(item) };
}
