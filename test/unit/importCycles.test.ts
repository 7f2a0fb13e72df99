/**
 * No import cycle among the package's and the emulator's files: a reader can follow any import
 * chain to its end, and a module is whole when the one importing it runs.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

import { importCycles, importGraph, importedNames } from './importGraph';

const ROOT = resolve(__dirname, '../..');
const CHECKED = ['nodes', 'sandbox', 'credentials'];

describe('import cycles', () => {
	it(`finds none under ${CHECKED.join(', ')}`, () => {
		const cycles = importCycles(importGraph(ROOT, CHECKED));
		expect(cycles).toEqual([]);
	});
});

describe('the import walker', () => {
	let folder: string;
	const write = (files: Record<string, string>) => {
		for (const [name, text] of Object.entries(files)) {
			mkdirSync(dirname(join(folder, name)), { recursive: true });
			writeFileSync(join(folder, name), text);
		}
	};

	beforeEach(() => {
		folder = mkdtempSync(join(tmpdir(), 'import-cycles-'));
	});
	afterEach(() => rmSync(folder, { recursive: true, force: true }));

	it('reads imports, type-only imports, re-exports, import-require, require and dynamic imports', () => {
		expect(
			importedNames(
				[
					"import { a } from './a';",
					"import type {\n\tB,\n} from '../b';",
					"export { c } from './c';",
					"export * from './d';",
					"import e = require('./e');",
					"const f = () => import('./f');",
					"const g = require('./g');",
					"import 'side-effect';",
					"// import { x } from './x';",
					'const text = "import { h } from \'./h\'";',
				].join('\n'),
			),
		).toEqual(['./a', '../b', './c', './d', './e', './f', './g', 'side-effect']);
	});

	it('reports a cycle through a re-export, a type import and an index file as one chain', () => {
		write({
			'src/a.ts': "export { b } from './b';",
			'src/b.ts': "import type { C } from './c';\nexport const b = 1;",
			'src/c/index.ts': "import { a } from '../a';\nexport type C = typeof a;",
			'src/d.ts': "import { b } from './b';\nimport { z } from 'zod';",
		});
		expect(importCycles(importGraph(folder, ['src']))).toEqual([
			'src/a.ts → src/b.ts → src/c/index.ts → src/a.ts',
		]);
	});

	it('reports each cycle, a dynamic import and a file importing itself included', () => {
		write({
			'one/a.ts': "import { b } from './b';",
			'one/b.ts': "const a = () => import('./a');",
			'two/self.ts': "import { x } from './self';\nexport const x = 1;",
			'two/tree.ts': "import { b } from '../one/b';",
		});
		expect(importCycles(importGraph(folder, ['one', 'two']))).toEqual([
			'one/a.ts → one/b.ts → one/a.ts',
			'two/self.ts → two/self.ts',
		]);
	});

	it('finds nothing in a tree', () => {
		write({
			'src/a.ts': "import { b } from './b';\nimport { c } from './c';",
			'src/b.ts': "import { c } from './c';",
			'src/c.ts': 'export const c = 1;',
		});
		expect(importCycles(importGraph(folder, ['src']))).toEqual([]);
	});
});
