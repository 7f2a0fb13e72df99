/**
 * A lead item (normalizeEvent.ts, with its property details) → the row a table, a sheet or a CRM
 * takes as is: version 3 of both triggers and of Lead → Get Many emit it. Its columns are
 * ROW_COLUMNS, in their order: what an agent acts on first (when, who, how to reach them, what was
 * asked, which property), the lead's other fields next, keys, bodies and reading notes last.
 *
 * What holds, so that the destination's own keyed write (an upsert on `leadKey`) ends in the same
 * row whichever path brings a lead first, twice, or at the same moment:
 * - a value the path does not know is absent, never null nor '': an upsert leaves its column as it
 *   is (a Data table, PostgreSQL's insert or update, a sheet's append or update);
 * - a column both paths write holds what the lead itself says, never a default: `contactType` only
 *   where the contact type was read, `isAnonymous` only where a name or an e-mail was,
 *   `registeredAt` and `when` only from an instant exact to the millisecond (listedLead.ts moves a
 *   listed instant that is not into `listedAt`);
 * - what one path alone knows has a column of that path: the callback's `eventId`, `rawBody` and
 *   `unreadableFields`; the list's `listId`, `listedAt`, `listRawBody` and `listUnreadableFields`;
 * - every value fits its column's type: no object, no array (a body is JSON text), ids as text or
 *   whole numbers as the column says;
 * - `adKey` names the ad as both paths do (its code, else its platform id, as the lead key does), so
 *   that one order-free update by it gives an ad's details to every row of that ad lacking them.
 */
import type { IDataObject } from 'n8n-workflow';
import { DateTime } from 'luxon';

export type ColumnType = 'string' | 'number' | 'boolean' | 'date';

/** Which path read the lead: the callback, or the lead list (the Poll Trigger, Lead → Get Many). */
export type RowPath = 'callback' | 'list';

/** The columns of a lead's row, in the order a table shows them, with the type each takes. */
export const ROW_COLUMNS: ReadonlyArray<readonly [string, ColumnType]> = [
	['when', 'string'],
	['name', 'string'],
	['phone', 'string'],
	['email', 'string'],
	['contactType', 'string'],
	['message', 'string'],
	['adTitle', 'string'],
	['adLocation', 'string'],
	['adImageUrl', 'string'],
	['agencyName', 'string'],
	['adOperation', 'string'],
	['adPropertyTypeId', 'number'],
	['registeredAt', 'date'],
	['eventType', 'string'],
	['isAnonymous', 'boolean'],
	['adCode', 'string'],
	['platformAdId', 'number'],
	['agencyCode', 'string'],
	['messageId', 'number'],
	['contactTypeId', 'number'],
	['contactId', 'string'],
	['developmentId', 'string'],
	['developmentCode', 'string'],
	['publicationPlan', 'string'],
	['internalKey', 'string'],
	['clientCode', 'string'],
	['leadOrigin', 'string'],
	['prospectId', 'string'],
	['nationalId', 'string'],
	['eventId', 'string'],
	['listId', 'string'],
	['listedAt', 'string'],
	['leadKey', 'string'],
	['matchKey', 'string'],
	['adKey', 'string'],
	['unreadableFields', 'string'],
	['rawBody', 'string'],
	['listUnreadableFields', 'string'],
	['listRawBody', 'string'],
];

/** The list path's own names for what the callback path writes under its own. */
const LIST_COLUMN_OF: Readonly<Record<string, string>> = {
	eventId: 'listId',
	unreadableFields: 'listUnreadableFields',
	rawBody: 'listRawBody',
};

/** How `when` writes the registration instant, in the workflow's time zone. */
const LOCAL_FORM = 'yyyy-MM-dd HH:mm:ss ZZ';

const isAbsent = (value: unknown) => value === null || value === undefined || value === '';

/** A value as its column takes it; undefined when it cannot be (a number column given text). */
function asColumn(value: unknown, type: ColumnType): string | number | boolean | undefined {
	switch (type) {
		case 'number':
			return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
		case 'boolean':
			return typeof value === 'boolean' ? value : undefined;
		case 'date':
			return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? value : undefined;
		default:
			if (typeof value === 'string') return value;
			if (typeof value === 'number' || typeof value === 'boolean') return String(value);
			return JSON.stringify(value);
	}
}

/** The instant in `zone`, as `when` shows it; undefined when it is not a readable instant. */
export function localWhen(instant: unknown, zone: string): string | undefined {
	if (typeof instant !== 'string') return undefined;
	const local = DateTime.fromISO(instant, { setZone: true }).setZone(zone);
	return local.isValid ? local.toFormat(LOCAL_FORM) : undefined;
}

/** The values a lead item carries, under the column names of the path that read it. */
function underPathNames(item: IDataObject, path: RowPath): IDataObject {
	if (path === 'callback') return item;
	const renamed: IDataObject = {};
	for (const [key, value] of Object.entries(item)) renamed[LIST_COLUMN_OF[key] ?? key] = value;
	return renamed;
}

/** What the lead says itself, without the defaults the flat lead fills in for a mapping. */
function withoutDefaults(values: IDataObject): IDataObject {
	const own = { ...values };
	if (isAbsent(own.contactTypeId)) delete own.contactType;
	if (own.isAnonymous !== true && isAbsent(own.name) && isAbsent(own.email)) delete own.isAnonymous;
	return own;
}

/**
 * The ad as both paths name it: the integrator's code where the ad is associated to the interface
 * (both paths then carry it), else the platform's id; undefined when the lead names neither.
 */
function adKeyOf(values: IDataObject): string | undefined {
	const code = typeof values.adCode === 'string' ? values.adCode.trim().toLowerCase() : '';
	if (code !== '') return `code:${code}`;
	const id = values.platformAdId;
	return typeof id === 'number' && Number.isSafeInteger(id) ? `plat:${id}` : undefined;
}

/** A lead item (or an unplaced body's item) → its row: ROW_COLUMNS' known values, in order. */
export function leadRow(item: IDataObject, path: RowPath, zone: string): IDataObject {
	const values = withoutDefaults(underPathNames(item, path));
	values.when = localWhen(values.registeredAt, zone);
	values.adKey = adKeyOf(values);
	const row: IDataObject = {};
	for (const [column, type] of ROW_COLUMNS) {
		const value = values[column];
		if (isAbsent(value)) continue;
		const written = asColumn(value, type);
		if (written !== undefined) row[column] = written;
	}
	return row;
}

/** The node version from which the triggers and Lead → Get Many emit a lead as its row. */
export const ROWS_FROM_VERSION = 3;

/**
 * The items a node of `version` emits: from ROWS_FROM_VERSION on, each lead item (it carries a
 * `leadKey`) as its row; an ad or credit event's envelope, and every item of an earlier version, as
 * it is.
 */
export function asRows(
	items: IDataObject[],
	version: number,
	path: RowPath,
	zone: string,
): IDataObject[] {
	if (version < ROWS_FROM_VERSION) return items;
	return items.map((item) => ('leadKey' in item ? leadRow(item, path, zone) : item));
}
