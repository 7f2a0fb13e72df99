/**
 * One item of the lead list → the flat lead the callback trigger emits, through the same reader
 * (nodes/shared/readEvent.ts). Two item shapes are read: the recorded one (`{id, idMensaje,
 * idContacto, idContactoAccion, idAvisoPlat, codigoAviso, fecha, nombre, email, telefono,
 * textoMensaje}`) and the callback-like one, in any body language (docs/portal-api.md, "Lead list items").
 *
 * The key the poll de-duplicates on is the item's message id; an item without one is keyed by its
 * list `id`, and one without either by a number derived from its fields (see `listedLeadKeys`).
 */
import type { IDataObject, Logger } from 'n8n-workflow';
import { idKeyOf } from './leadKey';
import { isExactInstant, isoInstantOf } from './instants';
import { fieldsNotRead, simplifyLead, unreadablePart } from './normalizeEvent';
import { fieldsDigest, readEvent, wholeNumberOf } from './readEvent';
import { detectBodyLanguage, readFields, withoutNationalId } from './eventFields';

/** How a listed lead's key was obtained. */
export type ListedKeySource = 'messageId' | 'listId' | 'digest';

export interface ListedLeadKeys {
	/** The key the poll de-duplicates on: a safe integer. */
	id: number;
	idSource: ListedKeySource;
	/** Epoch ms of the registration; null when the item carries none that can be read. */
	instant: number | null;
	/** yyyyMMdd of the registration as the item writes it; null when it writes no dated text. */
	day: string | null;
}

/**
 * A key for an item with neither a message id nor a list id: the first 52 bits of a SHA-256 of
 * its fields (names sorted), the same at every poll while the portal lists it unchanged. Two items
 * whose every field is equal share it, and the second is taken for the first.
 */
function digestKey(raw: IDataObject): number {
	return parseInt(fieldsDigest(raw).slice(0, 13), 16);
}

function instantOf(value: unknown): { instant: number | null; day: string | null } {
	if (typeof value === 'number' && Number.isFinite(value)) return { instant: value, day: null };
	if (typeof value !== 'string') return { instant: null, day: null };
	const iso = isoInstantOf(value);
	const dayText = iso === null ? null : /^(\d{4})-(\d{2})-(\d{2})T/.exec(iso);
	return {
		instant: iso === null ? null : Date.parse(iso),
		day: dayText ? `${dayText[1]}${dayText[2]}${dayText[3]}` : null,
	};
}

/**
 * Keys already read, per listed item: the list's de-duplication (paging.ts) and the lead's reading
 * both ask for them, and an item's fields are read once. Held only as long as the item is.
 */
const keysRead = new WeakMap<IDataObject, ListedLeadKeys>();

/** The item's key, registration instant and day, for the cursor (leadCursor.ts). */
export function listedLeadKeys(raw: IDataObject): ListedLeadKeys {
	let keys = keysRead.get(raw);
	if (keys === undefined) {
		keys = readKeys(raw);
		keysRead.set(raw, keys);
	}
	return keys;
}

function readKeys(raw: IDataObject): ListedLeadKeys {
	const { fields } = readFields(raw, detectBodyLanguage(raw));
	const messageId = wholeNumberOf(fields.idMensaje);
	const listId = wholeNumberOf(raw.id);
	const key: Pick<ListedLeadKeys, 'id' | 'idSource'> =
		messageId !== null
			? { id: messageId, idSource: 'messageId' }
			: listId !== null
				? { id: listId, idSource: 'listId' }
				: { id: digestKey(raw), idSource: 'digest' };
	return { ...key, ...instantOf(fields.fechaRegistro) };
}

export interface ListedLeadOptions {
	includeNationalId: boolean;
	logger: Pick<Logger, 'info'>;
	/**
	 * For a row (landingRow.ts): an instant not exact to the millisecond is the list's reading
	 * (`listedAt`), not the lead's `registeredAt`, which the callback's exact one would contradict.
	 */
	forRow?: boolean;
}

/** Keys already told about in this process, so that a lead listed at every poll is logged once. */
const told = new Set<string>();
const MOST_TOLD = 10_000;

function tellKeyed(logger: ListedLeadOptions['logger'], agencyCode: string, keys: ListedLeadKeys) {
	const mark = `${agencyCode} ${keys.id}`;
	if (told.has(mark)) return;
	if (told.size >= MOST_TOLD) told.clear();
	told.add(mark);
	const how =
		keys.idSource === 'listId'
			? `its list id ${keys.id}`
			: `a number derived from its fields (${keys.id})`;
	logger.info(
		`Real Estate Portal Poll Trigger: a lead of agency ${agencyCode} is listed without a message id; it is emitted once, keyed by ${how} (docs/portal-api.md, "Lead list items").`,
	);
}

/** A listed item → its keys and the flat lead (eventId being the key). */
export function readListedLead(
	raw: IDataObject,
	agencyCode: string,
	options: ListedLeadOptions,
): ListedLeadKeys & { item: IDataObject } {
	const keys = listedLeadKeys(raw);
	const eventId = String(keys.id);
	const read = readEvent(raw);
	// A phone view has no message id: its list id is its key, nothing to say. A message without
	// one, or an item without either id, is unexpected and said once.
	const hasMessage = read.ok && Boolean(read.event.lead?.mensaje);
	if (keys.idSource === 'digest' || (keys.idSource === 'listId' && hasMessage))
		tellKeyed(options.logger, agencyCode, keys);
	const messageId = keys.idSource === 'messageId' ? keys.id : null;
	const rawBody = options.includeNationalId ? raw : withoutNationalId(raw);
	if (!read.ok || !read.event.lead) {
		const leadKey = idKeyOf(messageId, eventId, 'list');
		const item = { leadKey, eventId, messageId, ...unreadablePart(['(no lead field)'], rawBody) };
		return { ...keys, item: { ...item, agencyCode, trigger: 'poll' } };
	}
	const { lead } = read.event;
	const flat: IDataObject = simplifyLead(
		{ ...lead, idEvento: eventId, idMensaje: messageId },
		{ includeNationalId: options.includeNationalId, path: 'list' },
	);
	if (options.forRow && !isExactInstant(lead.fechaRegistro)) {
		flat.listedAt = flat.registeredAt;
		flat.registeredAt = null;
	}
	return {
		...keys,
		item: {
			...flat,
			...unreadablePart(fieldsNotRead(read.event), rawBody),
			agencyCode: flat.agencyCode ?? agencyCode,
			trigger: 'poll',
		},
	};
}
