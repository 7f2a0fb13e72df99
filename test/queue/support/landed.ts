import { Board } from '../../reliability/support/board';

/**
 * What landed in a destination against what should have: every expected lead once, nothing else.
 * The figures each exactly-once suite prints at its end, for docs/reliability.md.
 */
export interface Landed {
	/** Rows holding an expected lead. */
	rows: number;
	/** Expected leads with no row. */
	missing: number;
	/** Rows beyond one per lead. */
	duplicateRows: number;
	/** Rows of leads nobody made. */
	unexpected: number;
}

export function landed(expected: Iterable<string>, rowIds: Iterable<string>): Landed {
	const wanted = new Set(expected);
	const perId = new Map<string, number>();
	let unexpected = 0;
	for (const id of rowIds) {
		if (!wanted.has(id)) unexpected++;
		else perId.set(id, (perId.get(id) ?? 0) + 1);
	}
	let duplicateRows = 0;
	for (const count of perId.values()) duplicateRows += count - 1;
	return {
		rows: [...perId.values()].reduce((sum, count) => sum + count, 0),
		missing: [...wanted].filter((id) => !perId.has(id)).length,
		duplicateRows,
		unexpected,
	};
}

export interface LandingFigure extends Landed {
	scenario: string;
	destination: string;
	leads: number;
	deliveries: number;
	/** Executions of the destination's workflow by status. */
	executions: Record<string, number>;
	/** Leads whose every callback attempt failed: the portal gave them up (callback destinations). */
	givenUp?: number;
	notes?: string;
}

export class LandingBoard extends Board<LandingFigure> {
	constructor(suite: string) {
		super(suite, [
			{ header: 'Scenario', cell: (f) => f.scenario },
			{ header: 'Destination', cell: (f) => f.destination },
			{ header: 'Leads', cell: (f) => f.leads, numeric: true },
			{ header: 'Deliveries', cell: (f) => f.deliveries, numeric: true },
			{
				header: 'Executions',
				cell: (f) =>
					Object.entries(f.executions)
						.map(([status, count]) => `${count} ${status}`)
						.join(', '),
			},
			{ header: 'Rows', cell: (f) => f.rows, numeric: true },
			{ header: 'Missing', cell: (f) => f.missing, numeric: true },
			{ header: 'Duplicate rows', cell: (f) => f.duplicateRows, numeric: true },
			{
				header: 'Notes',
				cell: (f) =>
					`${f.notes ?? ''}${f.unexpected > 0 ? `; ${f.unexpected} unexpected rows` : ''}`,
			},
		]);
	}
}
