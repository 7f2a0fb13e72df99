/**
 * The figures every reliability suite prints at its end (inputs tried, executions, lost, duplicated,
 * crashes) so that docs/reliability.md can quote them.
 */
import { Board } from './board';

export interface Figure {
	scenario: string;
	inputs: number;
	executions: number;
	lost: number;
	duplicated: number;
	crashes: number;
	/** Anything else worth printing: retries, injected faults, error items... */
	notes?: string;
}

export class FigureBoard extends Board<Figure> {
	constructor(suite: string) {
		super(suite, [
			{ header: 'Scenario', cell: (row) => row.scenario },
			{ header: 'Inputs', cell: (row) => row.inputs, numeric: true },
			{ header: 'Executions', cell: (row) => row.executions, numeric: true },
			{ header: 'Lost', cell: (row) => row.lost, numeric: true },
			{ header: 'Duplicated', cell: (row) => row.duplicated, numeric: true },
			{ header: 'Crashes', cell: (row) => row.crashes, numeric: true },
			{ header: 'Notes', cell: (row) => row.notes ?? '' },
		]);
	}
}
