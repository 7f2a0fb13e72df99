/** A table of figures a suite prints at its end, in Markdown, so that the docs can quote it. */
export interface Column<Row> {
	header: string;
	cell(row: Row): string | number;
	/** Numbers read best right-aligned. */
	numeric?: boolean;
}

export class Board<Row> {
	private readonly rows: Row[] = [];

	constructor(
		private readonly title: string,
		private readonly columns: ReadonlyArray<Column<Row>>,
	) {}

	add(row: Row): void {
		this.rows.push(row);
	}

	render(): string {
		const line = (cells: Array<string | number>) => `| ${cells.join(' | ')} |`;
		return [
			`Figures: ${this.title}`,
			line(this.columns.map((column) => column.header)),
			line(this.columns.map((column) => (column.numeric ? '---:' : '---'))),
			...this.rows.map((row) => line(this.columns.map((column) => column.cell(row)))),
		].join('\n');
	}

	/** Printed once, by afterAll. */
	print(): void {
		if (this.rows.length > 0) process.stdout.write(`\n${this.render()}\n\n`);
	}
}
