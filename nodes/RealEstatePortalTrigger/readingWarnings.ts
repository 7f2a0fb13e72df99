/**
 * The lines n8n's log gets (as warnings) when a delivery that carries the right secret is not read
 * whole: what was not understood, by field name, and where its values are. No value of the body
 * appears in them (a body holds personal data), nor the secret.
 */
import type { NodeExecutionHint } from 'n8n-workflow';
import type { PortalEvent } from '../shared/readEvent';

const PREFIX = 'Real Estate Portal Trigger:';

/** Names shown in one line at most; the rest are counted. */
const MOST_NAMES = 20;
/** A name (or an id) longer than this is cut: they come from the sender. */
const LONGEST_NAME = 60;

/** A text from the sender as one line: cut, control characters escaped. */
function asWritten(text: string): string {
	const cut = text.length > LONGEST_NAME ? `${text.slice(0, LONGEST_NAME)}…` : text;
	return JSON.stringify(cut).slice(1, -1);
}

function listOf(names: readonly string[]): string {
	const shown = names.slice(0, MOST_NAMES).map(asWritten);
	const more = names.length - shown.length;
	return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ');
}

/**
 * For an event emitted without some of its fields (or, for an ad or credit event, with an id
 * derived for want of one); undefined when it was read whole.
 */
export function partlyReadWarning(event: PortalEvent): string | undefined {
	const derivedId = event.lead === null && event.eventIdSource !== 'body';
	const unreadableFields = derivedId
		? [...event.unreadableFields, '(no text event id: one was derived)']
		: event.unreadableFields;
	const { eventId, unknownFields } = event;
	if (unreadableFields.length === 0 && unknownFields.length === 0) return undefined;
	const parts = [
		...(unreadableFields.length > 0
			? [`fields it could not read: ${listOf(unreadableFields)}`]
			: []),
		...(unknownFields.length > 0 ? [`fields it does not know: ${listOf(unknownFields)}`] : []),
	];
	return `${PREFIX} event ${asWritten(eventId)} was emitted without ${parts.join('; ')}. Their values are in the item's rawBody (unreadableFields names them); a value that could not be read is null.`;
}

/** A body that is no event the reader can place, emitted all the same. */
export function unplacedWarning(eventId: string, problem: string, eventType: string): string {
	return `${PREFIX} a delivery with the right secret is not an event this trigger can read (${problem}); it was emitted as eventType ${eventType}, event ${asWritten(eventId)}, with the body in rawBody.`;
}

/** A delivery with the right secret answered 4xx: its body is not JSON (or is too large). */
export function refusedWarning(status: number, message: string, contentType: unknown): string {
	const type = typeof contentType === 'string' && contentType !== '' ? contentType : 'none';
	return `${PREFIX} answered ${status} to a delivery with the right secret: ${message} (content type ${asWritten(type)}). The portal sends it again for up to 72 hours.`;
}

/** What the execution of a body not fully read shows on the trigger's output, beside its success. */
export const notFullyReadHint = (items: number): NodeExecutionHint => ({
	type: 'warning',
	location: 'outputPane',
	message: `${items === 1 ? 'This body was' : `${items} bodies were`} not fully read: unreadableFields names the fields that were not, rawBody holds their values. Check the lead's row.`,
});
