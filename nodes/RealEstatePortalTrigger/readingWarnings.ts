/**
 * The lines n8n's log gets (as warnings) when a delivery that carries the right secret is not read
 * whole: what was not understood, by field name, and where its values are. No value of the body
 * appears in them (a body holds personal data), nor the secret.
 */

const PREFIX = 'Real Estate Portal Trigger:';

/** Names shown in one line at most; the rest are counted. */
const MOST_NAMES = 20;
/** A name longer than this is cut: names come from the sender. */
const LONGEST_NAME = 60;

function listOf(names: readonly string[]): string {
	const shown = names
		.slice(0, MOST_NAMES)
		.map((name) => (name.length > LONGEST_NAME ? `${name.slice(0, LONGEST_NAME)}…` : name))
		.map((name) => JSON.stringify(name).slice(1, -1));
	const more = names.length - shown.length;
	return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ');
}

/** A lead (or an event) emitted without some of its fields. */
export function partlyReadWarning(
	eventId: string,
	unreadableFields: readonly string[],
	unknownFields: readonly string[],
): string {
	const parts = [
		...(unreadableFields.length > 0
			? [`fields it could not read: ${listOf(unreadableFields)}`]
			: []),
		...(unknownFields.length > 0 ? [`fields it does not know: ${listOf(unknownFields)}`] : []),
	];
	return `${PREFIX} event ${eventId} was emitted without ${parts.join('; ')}. Their values are in the item's rawBody (unreadableFields names them); a value that could not be read is null.`;
}

/** A body that is no event the reader can place, emitted all the same. */
export function unplacedWarning(eventId: string, problem: string, eventType: string): string {
	return `${PREFIX} a delivery with the right secret is not an event this trigger can read (${problem}); it was emitted as eventType ${eventType}, event ${eventId}, with the body in rawBody.`;
}

/** A delivery with the right secret answered 4xx: its body is not JSON (or is too large). */
export function refusedWarning(status: number, message: string, contentType: unknown): string {
	const type = typeof contentType === 'string' && contentType !== '' ? contentType : 'none';
	return `${PREFIX} answered ${status} to a delivery with the right secret: ${message} (content type ${listOf([type])}). The portal sends it again for up to 72 hours.`;
}
