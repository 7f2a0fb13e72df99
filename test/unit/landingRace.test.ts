/**
 * Two executions landing one lead at the same moment (after a restart the callback's repeat and
 * the lead list both bring it): whatever order their Data table calls take, the lead is one row that
 * has every value either brought, its property details, and no note saying they were missing.
 *
 * The examples' write path is run as written in the example files, on a table held here
 * (landingTable.ts), and the calls of the two executions interleave in every possible order.
 */
import { DATA_TABLE_EXAMPLES, decide, isBlank, leadItem, type Row } from './landingDecision';
import { landing, type Execution } from './landingTable';

/** The table each order of the two executions' calls leaves (an order: whose call came next). */
function everyOrder(start: () => Execution[]): Array<{ order: number[]; table: Row[] }> {
	const endings: Array<{ order: number[]; table: Row[] }> = [];
	const explore = (order: number[]) => {
		const table: Row[] = [];
		const executions = start();
		const pending = executions.map((execution) => execution.next().value || undefined);
		for (const which of order) {
			const next = executions[which].next(pending[which]!(table));
			pending[which] = next.done ? undefined : next.value;
		}
		const waiting = [0, 1].filter((which) => pending[which] !== undefined);
		if (waiting.length === 0) endings.push({ order, table });
		for (const which of waiting) explore([...order, which]);
	};
	explore([]);
	return endings;
}

/** The list's own id for a listed lead: the decision never writes it as the portal's event id. */
const LISTED = { eventId: '70000123' };
const CALLED = { eventId: 'ev-1' };

describe.each([
	[
		'the callback without the details, the list with them',
		leadItem(CALLED, 'missing'),
		leadItem(LISTED),
	],
	[
		'the callback with the details, the list without them',
		leadItem(CALLED),
		leadItem(LISTED, 'missing'),
	],
])('one lead from both paths at once: %s', (_case, fromCallback, fromList) => {
	const [callback, list] = DATA_TABLE_EXAMPLES.leadsToDataTable;
	const endings = everyOrder(() => [
		landing('leadsToDataTable', callback, [fromCallback]),
		landing('leadsToDataTable', list, [fromList]),
	]);
	/** What each path writes when it adds the lead's row alone. */
	const alone = [
		decide('leadsToDataTable', callback, [fromCallback], [])[0],
		decide('leadsToDataTable', list, [fromList], [])[0],
	];

	it('tries every order of their calls, both looking before either writes among them', () => {
		expect(endings.length).toBeGreaterThanOrEqual(10);
		expect(endings.filter(({ order }) => order[0] !== order[1]).length).toBeGreaterThan(0);
	});

	it('ends as one row with the details and no note that they were missing', () => {
		const wrong = endings.filter(
			({ table }) =>
				table.length !== 1 || isBlank(table[0].adTitle) || !isBlank(table[0].detailsMissing),
		);
		const seen = wrong.map(({ table }) =>
			table.map(({ adTitle, detailsMissing }) => ({ adTitle, detailsMissing })),
		);
		expect(seen).toEqual([]);
	});

	it("keeps every value either path brought, the callback's event id, and one path as source", () => {
		for (const {
			table: [row],
		} of endings) {
			for (const write of alone)
				for (const [column, value] of Object.entries(write))
					if (!isBlank(value) && column !== 'detailsMissing')
						expect({ column, kept: !isBlank(row[column]) }).toEqual({ column, kept: true });
			expect(row.eventId).toBe(CALLED.eventId);
			expect(['callback', 'list']).toContain(row.source);
		}
	});
});

describe.each([
	[
		'the callback without the details, the list with them',
		leadItem({ ...CALLED, leadKey: 'view:1' }, 'missing'),
		leadItem({ ...LISTED, leadKey: 'listed:2' }),
	],
	[
		'the callback with the details, the list without them',
		leadItem({ ...CALLED, leadKey: 'view:1' }),
		leadItem({ ...LISTED, leadKey: 'listed:2' }, 'missing'),
	],
])(
	'one lead the two paths key apart (a phone view listed without its e-mail), both at once: %s',
	(_case, fromCallback, fromList) => {
		const [callback, list] = DATA_TABLE_EXAMPLES.leadsToDataTable;
		const endings = everyOrder(() => [
			landing('leadsToDataTable', callback, [fromCallback]),
			landing('leadsToDataTable', list, [fromList]),
		]);

		it('ends as two rows, one naming the other, both with the details and no note', () => {
			expect(endings.length).toBeGreaterThanOrEqual(10);
			const wrong = endings.filter(({ table }) => {
				const [a, b] = table;
				const named = a.possibleDuplicateOf === b.leadKey || b.possibleDuplicateOf === a.leadKey;
				const detailed = table.every((row) => !isBlank(row.adTitle) && isBlank(row.detailsMissing));
				return table.length !== 2 || !named || !detailed;
			});
			const seen = wrong.map(({ order, table }) => ({
				order,
				rows: table.map(({ leadKey, possibleDuplicateOf, adTitle, detailsMissing }) => ({
					leadKey,
					possibleDuplicateOf,
					adTitle,
					detailsMissing,
				})),
			}));
			expect(seen).toEqual([]);
		});
	},
);
