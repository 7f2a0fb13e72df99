/**
 * The demo's terminal, once ready: one line per lead as it lands in the Portal leads data table,
 * whichever path brought it (the callback, or the lead list for what the callback missed). Read from
 * n8n's own REST API with the owner's session; while n8n is down or starting, nothing is printed and
 * the next look catches up.
 */
import type { N8nSession } from '../../harness/n8n';

export type LandedRow = Record<string, unknown> & { id: number };

/** The newest rows n8n gives in one look: more leads than that within one look are caught up later. */
const ROWS_PER_LOOK = 250;

/** Which path wrote the row: the callback's columns (eventId), the lead list's (listId), or both. */
function pathsOf(row: LandedRow): string {
	const paths = [present(row.eventId) && 'the callback', present(row.listId) && 'the lead list'];
	const from = paths.filter(Boolean).join(' and ');
	return from ? `from ${from}` : 'written';
}

const present = (value: unknown) => value !== null && value !== undefined && value !== '';

/** The terminal's line for a landed row. */
export function landedLine(row: LandedRow): string {
	const via = pathsOf(row);
	if (row.eventType === 'UNKNOWN') {
		const fields = [row.unreadableFields, row.listUnreadableFields].filter(present).join(', ');
		return `landed: a body that is not a lead (fields: ${fields || 'none'}), ${via} (row ${row.id})`;
	}
	const who = typeof row.name === 'string' && row.name !== '' ? row.name : 'an anonymous prospect';
	const what = typeof row.contactType === 'string' && row.contactType ? row.contactType : 'lead';
	const ad = [row.adCode, row.adTitle && `"${String(row.adTitle)}"`].filter(Boolean).join(' ');
	return `lead landed: ${what} by ${who}${ad ? ` on ${ad}` : ''}, ${via} (row ${row.id})`;
}

/** Remembers the rows already told about; `fresh` answers the ones landed since, oldest first. */
export class LandedRows {
	private newestSeen: number | undefined;

	constructor(
		private readonly session: N8nSession,
		private readonly projectId: string,
		private readonly tableId: string,
	) {}

	private async newest(): Promise<LandedRow[]> {
		const page = await this.session.send<{ data: LandedRow[] }>(
			'GET',
			`/rest/projects/${this.projectId}/data-tables/${this.tableId}/rows?take=${ROWS_PER_LOOK}&sortBy=id:desc`,
		);
		return page?.data ?? [];
	}

	/** The rows there now count as told: only leads landing afterwards are printed. */
	async start(): Promise<void> {
		this.newestSeen = Math.max(0, ...(await this.newest()).map((row) => row.id));
	}

	async fresh(): Promise<LandedRow[]> {
		const seen = this.newestSeen ?? 0;
		const rows = (await this.newest()).filter((row) => row.id > seen).sort((a, b) => a.id - b.id);
		if (rows.length > 0) this.newestSeen = rows.at(-1)!.id;
		return rows;
	}
}
