/**
 * The relative imports between the TypeScript files of some folders, read with the TypeScript
 * compiler's parser, and the import cycles among them, each as a readable chain
 * (`a.ts → b.ts → a.ts`). Every kind of import counts, type-only ones included: a reader
 * following an `import type` meets the cycle all the same.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/**
 * The module names a source imports: `import … from`, `export … from`, `import x = require()`,
 * `import()` and `require()`.
 */
export function importedNames(source: string, fileName = 'file.ts'): string[] {
	const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false);
	const names: string[] = [];
	const visit = (node: ts.Node) => {
		if (
			(ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
			node.moduleSpecifier &&
			ts.isStringLiteral(node.moduleSpecifier)
		) {
			names.push(node.moduleSpecifier.text);
		} else if (
			ts.isImportEqualsDeclaration(node) &&
			ts.isExternalModuleReference(node.moduleReference) &&
			ts.isStringLiteral(node.moduleReference.expression)
		) {
			names.push(node.moduleReference.expression.text);
		} else if (
			ts.isCallExpression(node) &&
			(node.expression.kind === ts.SyntaxKind.ImportKeyword ||
				(ts.isIdentifier(node.expression) && node.expression.text === 'require')) &&
			node.arguments.length > 0 &&
			ts.isStringLiteralLike(node.arguments[0])
		) {
			names.push(node.arguments[0].text);
		}
		ts.forEachChild(node, visit);
	};
	visit(file);
	return names;
}

function typeScriptFiles(folder: string): string[] {
	if (!existsSync(folder)) return [];
	return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
		const path = join(folder, entry.name);
		if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : typeScriptFiles(path);
		return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
	});
}

/** The file a relative module name points at (`./x` → `x.ts` or `x/index.ts`); undefined for a package. */
function resolveRelative(fromFile: string, name: string): string | undefined {
	if (!name.startsWith('.')) return undefined;
	const base = resolve(dirname(fromFile), name).replace(/\.(js|ts)$/, '');
	return [`${base}.ts`, join(base, 'index.ts')].find(
		(candidate) => existsSync(candidate) && statSync(candidate).isFile(),
	);
}

/** Each file (relative to `root`) and the files it imports, both in sorted order. */
export function importGraph(root: string, folders: string[]): Map<string, string[]> {
	const graph = new Map<string, string[]>();
	const files = folders.flatMap((folder) => typeScriptFiles(join(root, folder))).sort();
	for (const file of files) {
		const targets = importedNames(readFileSync(file, 'utf8'), file)
			.map((name) => resolveRelative(file, name))
			.filter((target): target is string => target !== undefined)
			.map((target) => relative(root, target));
		graph.set(relative(root, file), [...new Set(targets)].sort());
	}
	return graph;
}

/** A cycle as a chain that starts and ends at its alphabetically first file. */
function chainOf(cycle: string[]): string {
	const first = cycle.indexOf([...cycle].sort()[0]);
	const rotated = [...cycle.slice(first), ...cycle.slice(0, first)];
	return [...rotated, rotated[0]].join(' → ');
}

/**
 * The import cycles of a graph, one chain per import that closes one while the graph is walked
 * depth first: every file on a cycle is on at least one chain, and a graph without a chain has
 * no cycle.
 */
export function importCycles(graph: Map<string, string[]>): string[] {
	const chains = new Set<string>();
	const done = new Set<string>();
	const path: string[] = [];
	const onPath = new Set<string>();
	const walk = (file: string) => {
		path.push(file);
		onPath.add(file);
		for (const target of graph.get(file) ?? []) {
			if (onPath.has(target)) chains.add(chainOf(path.slice(path.indexOf(target))));
			else if (!done.has(target)) walk(target);
		}
		path.pop();
		onPath.delete(file);
		done.add(file);
	};
	for (const file of graph.keys()) if (!done.has(file)) walk(file);
	return [...chains].sort();
}
