/**
 * Version 3 of the Poll Trigger: each lead as the row a keyed write lands (nodes/shared/landingRow.ts),
 * and "Emit Again Within", which lands again what a destination down for a while failed to write.
 */
import type { IDataObject } from 'n8n-workflow';
import { ROW_COLUMNS } from '../../../nodes/shared/landingRow';
import type { Sandbox } from '../../../sandbox';
import { useSandbox } from '../action/support';
import { takeClock } from './clock';
import { emitted, makeLead, pollWorkflow } from './support';

const sandbox = useSandbox();
const MINUTE = 60_000;

/** A version 3 Poll Trigger on New Lead, its options `options`. */
const rowWorkflow = (box: Sandbox, options: IDataObject = {}) =>
	pollWorkflow(box, { typeVersion: 3, parameters: { options } });

describe('Real Estate Portal Poll Trigger, version 3', () => {
	it('emits a lead as its row: the list path’s own columns, nothing unknown, no null', async () => {
		const workflow = rowWorkflow(sandbox());
		await workflow.activate();
		const id = await makeLead(sandbox(), 'INMO-001', {
			tipoEvento: 'CONTACTO_MENSAJE',
			nombre: 'Ana Pérez',
			email: 'ana@example.com',
		});
		const [row] = emitted(await workflow.poll());
		expect(row).toMatchObject({
			name: 'Ana Pérez',
			email: 'ana@example.com',
			eventType: 'CONTACTO_MENSAJE',
			listId: String(id),
			leadKey: `message:${id}`,
			when: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} [+-]\d{2}:\d{2}$/),
		});
		expect(row).not.toHaveProperty('eventId');
		expect(row).not.toHaveProperty('trigger');
		const columns = ROW_COLUMNS.map(([name]) => name);
		expect(Object.keys(row).every((key) => columns.includes(key))).toBe(true);
		expect(Object.values(row).filter((value) => value === null || value === '')).toEqual([]);
	});

	describe('Emit Again Within', () => {
		let clock: ReturnType<typeof takeClock>;
		beforeEach(() => {
			clock = takeClock(Date.parse('2026-12-02T15:00:00Z'));
		});
		afterEach(() => clock.restore());

		it('emits again, at each poll, the leads registered within the window, and no older one nor one before the start', async () => {
			const workflow = rowWorkflow(sandbox(), { emitAgainWithinMinutes: 30 });
			// Made before the starting point: counted, never emitted, so never emitted again.
			await makeLead(sandbox(), 'INMO-001', { nombre: 'Before' });
			clock.advance(MINUTE);
			await workflow.activate();
			const first = await makeLead(sandbox(), 'INMO-001', { nombre: 'Ana' });
			expect(emitted(await workflow.poll()).map((row) => row.listId)).toEqual([String(first)]);
			clock.advance(20 * MINUTE);
			const second = await makeLead(sandbox(), 'INMO-001', { nombre: 'Bruno' });
			// The destination may have failed the first write: both land again (a keyed write makes
			// the repeat harmless); each once in the poll.
			expect(emitted(await workflow.poll()).map((row) => row.listId)).toEqual([
				String(first),
				String(second),
			]);
			clock.advance(15 * MINUTE);
			// 35 minutes after the first: only the second is within the window.
			expect(emitted(await workflow.poll()).map((row) => row.listId)).toEqual([String(second)]);
			clock.advance(20 * MINUTE);
			expect(emitted(await workflow.poll())).toEqual([]);
		});

		it('off by default: each lead once', async () => {
			const workflow = rowWorkflow(sandbox());
			await workflow.activate();
			const first = await makeLead(sandbox(), 'INMO-001', { nombre: 'Ana' });
			expect(emitted(await workflow.poll()).map((row) => row.listId)).toEqual([String(first)]);
			clock.advance(MINUTE);
			expect(emitted(await workflow.poll())).toEqual([]);
		});
	});
});
