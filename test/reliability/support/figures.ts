/**
 * The figures every reliability suite prints at its end (inputs tried, executions, lost, duplicated,
 * crashes) so that docs/reliability.md can quote them.
 */
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

export class FigureBoard {
	private readonly rows: Figure[] = [];

	constructor(private readonly suite: string) {}

	add(figure: Figure): void {
		this.rows.push(figure);
	}

	/** A Markdown table, printed once by afterAll. */
	render(): string {
		const header = '| Scenario | Inputs | Executions | Lost | Duplicated | Crashes | Notes |';
		const rule = '|---|---:|---:|---:|---:|---:|---|';
		const lines = this.rows.map(
			(row) =>
				`| ${row.scenario} | ${row.inputs} | ${row.executions} | ${row.lost} | ${row.duplicated} | ${row.crashes} | ${row.notes ?? ''} |`,
		);
		return [`Figures: ${this.suite}`, header, rule, ...lines].join('\n');
	}

	print(): void {
		if (this.rows.length > 0) process.stdout.write(`\n${this.render()}\n\n`);
	}
}
