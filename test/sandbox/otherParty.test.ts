/**
 * The emulator is the other party (docs: design.md, "The emulator is written from the
 * specification"): it may import the specification's zod schemas and types from
 * nodes/shared/schemas, and nothing else of the nodes (their readers, alias tables, translators),
 * so a misreading on one side fails a test instead of being shared.
 */
import { resolve } from 'node:path';

import { importGraph } from '../unit/importGraph';

const ROOT = resolve(__dirname, '../..');
const ALLOWED = 'nodes/shared/schemas.ts';

describe('the emulator imports nothing of the nodes but the specification schemas', () => {
	it('finds no import of nodes/ other than nodes/shared/schemas in sandbox/', () => {
		const offending = [...importGraph(ROOT, ['sandbox', 'nodes'])].flatMap(([file, targets]) =>
			file.startsWith('sandbox/')
				? targets
						.filter((target) => target.startsWith('nodes/') && target !== ALLOWED)
						.map((target) => `${file} imports ${target}`)
				: [],
		);
		expect(offending).toEqual([]);
	});

	it('sees the imports it checks: sandbox/ does import the schemas', () => {
		const graph = importGraph(ROOT, ['sandbox', 'nodes']);
		expect([...graph.values()].some((targets) => targets.includes(ALLOWED))).toBe(true);
	});
});
