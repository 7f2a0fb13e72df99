/**
 * The emulator is the other party (docs: design.md, "The emulator is written from the
 * specification"): it may import the specification's zod schemas and types from
 * nodes/shared/schemas, and nothing else of the nodes (their readers, alias tables, translators),
 * so a misreading on one side fails a test instead of being shared.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');
const SANDBOX = join(ROOT, 'sandbox');
const ALLOWED = join(ROOT, 'nodes/shared/schemas');

function sourceFiles(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) return sourceFiles(path);
		return /\.(ts|js|mjs|cjs)$/.test(entry.name) ? [path] : [];
	});
}

/** Every module a file imports or requires: static, dynamic, `export … from`, `require`. */
export function importedModules(source: string): string[] {
	const patterns = [
		/\b(?:import|export)\s[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g,
		/\bimport\s*['"]([^'"]+)['"]/g,
		/\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
		/\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
	];
	return patterns.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[1]));
}

describe('the emulator imports nothing of the nodes but the specification schemas', () => {
	it('reads the import lines of every sandbox file', () => {
		expect(
			importedModules(
				"import { a } from '../nodes/shared/eventFields';\nimport type {\n\tB,\n} from '../nodes/x';\nexport { c } from \"./c\";\nconst d = require('../nodes/d');\nawait import('../nodes/e');",
			),
		).toEqual(['../nodes/shared/eventFields', '../nodes/x', './c', '../nodes/e', '../nodes/d']);
	});

	it('finds no import of nodes/ other than nodes/shared/schemas in sandbox/', () => {
		const offending: string[] = [];
		for (const file of sourceFiles(SANDBOX)) {
			for (const module of importedModules(readFileSync(file, 'utf8'))) {
				if (!module.startsWith('.')) continue;
				const target = resolve(dirname(file), module).replace(/\.(ts|js)$/, '');
				const intoNodes = relative(join(ROOT, 'nodes'), target);
				if (intoNodes.startsWith('..') || target === ALLOWED) continue;
				offending.push(`${relative(ROOT, file)} imports ${module}`);
			}
		}
		expect(offending).toEqual([]);
	});
});
