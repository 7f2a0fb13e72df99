/**
 * The parts of the tree and who may import whom (CONTRIBUTING.md, "Parts"): a lower part may be
 * imported by a higher one, never the reverse; nothing outside `test/` imports from `test/`; the
 * emulator, the other party, reads no node code but the zod schemas of the published contract.
 */
import { resolve } from 'node:path';

import { importGraph } from './importGraph';

const ROOT = resolve(__dirname, '../..');

/** Each part and the parts it may import, itself included; `test/` may import every part. */
const MAY_IMPORT = {
	product: ['product'],
	sandbox: ['sandbox', 'product'],
	harness: ['harness', 'sandbox', 'product'],
	scripts: ['scripts', 'harness', 'sandbox', 'product'],
	bench: ['bench', 'harness', 'sandbox', 'product'],
	test: ['test', 'bench', 'scripts', 'harness', 'sandbox', 'product'],
} as const;
type Part = keyof typeof MAY_IMPORT;

const FOLDERS: Record<string, Part> = {
	nodes: 'product',
	credentials: 'product',
	sandbox: 'sandbox',
	harness: 'harness',
	scripts: 'scripts',
	bench: 'bench',
	test: 'test',
};

/** The node file the emulator may read: the published contract's schemas (and what they import). */
const SCHEMAS = 'nodes/shared/schemas.ts';

const partOf = (file: string): Part | undefined => FOLDERS[file.split('/')[0]];

/** Every file reachable from `file` in the graph, itself included. */
function reachable(graph: Map<string, string[]>, file: string): Set<string> {
	const seen = new Set<string>();
	const visit = (next: string) => {
		if (seen.has(next)) return;
		seen.add(next);
		for (const target of graph.get(next) ?? []) visit(target);
	};
	visit(file);
	return seen;
}

/** Each import that crosses a boundary, as `importer → imported (why)`. */
export function boundaryBreaches(graph: Map<string, string[]>): string[] {
	const schemas = reachable(graph, SCHEMAS);
	const breaches: string[] = [];
	for (const [file, targets] of graph) {
		const from = partOf(file);
		if (!from) continue;
		for (const target of targets) {
			const to = partOf(target);
			if (!to) continue;
			const allowed: readonly Part[] = MAY_IMPORT[from];
			if (!allowed.includes(to)) {
				breaches.push(`${file} → ${target} (${from} may import ${allowed.join(', ')})`);
			} else if (from === 'sandbox' && to === 'product' && !schemas.has(target)) {
				breaches.push(`${file} → ${target} (the emulator reads only ${SCHEMAS})`);
			}
		}
	}
	return breaches;
}

describe('import boundaries', () => {
	it('no part imports one it may not, and nothing outside test/ imports from test/', () => {
		expect(boundaryBreaches(importGraph(ROOT, Object.keys(FOLDERS)))).toEqual([]);
	});

	it('names each crossing import: into test/, upwards, and the emulator reading node code', () => {
		const graph = new Map([
			['bench/a.ts', ['test/engine/harness/index.ts', 'harness/n8n/index.ts']],
			['harness/portal.ts', ['scripts/demo/settings.ts', 'sandbox/index.ts']],
			['sandbox/main.ts', ['scripts/shared/ancestors.ts', 'nodes/shared/schemas.ts']],
			['sandbox/views.ts', ['nodes/shared/readEvent.ts', 'nodes/shared/zodHelpers.ts']],
			['nodes/shared/schemas.ts', ['nodes/shared/zodHelpers.ts']],
			['nodes/shared/readEvent.ts', ['nodes/shared/schemas.ts']],
			['test/e2e/a.test.ts', ['bench/a.ts', 'scripts/demo/main.ts', 'harness/portal.ts']],
		]);
		expect(boundaryBreaches(graph)).toEqual([
			'bench/a.ts → test/engine/harness/index.ts (bench may import bench, harness, sandbox, product)',
			'harness/portal.ts → scripts/demo/settings.ts (harness may import harness, sandbox, product)',
			'sandbox/main.ts → scripts/shared/ancestors.ts (sandbox may import sandbox, product)',
			'sandbox/views.ts → nodes/shared/readEvent.ts (the emulator reads only nodes/shared/schemas.ts)',
		]);
	});
});
