import fs from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';

/**
 * The modules a community package's built files require that n8n will not provide. n8n puts its
 * own module folders on NODE_PATH before loading community packages, but only its direct
 * dependencies are found there in every install (the Docker image holds no others), so anything
 * else must ship with the package. Our e2e n8n lives inside this repository, where NODE_PATH would
 * also reach the project's devDependencies: this check closes that gap.
 * Returns `<file>: <module>` for every such require.
 */
export function importsN8nDoesNotProvide(packageDir: string, n8nHome: string): string[] {
	const n8nManifest = path.join(n8nHome, 'node_modules', 'n8n', 'package.json');
	const provided = new Set(
		Object.keys(JSON.parse(fs.readFileSync(n8nManifest, 'utf8')).dependencies ?? {}),
	);
	const missing: string[] = [];
	for (const file of javascriptFiles(path.join(packageDir, 'dist'))) {
		for (const specifier of requiredModules(fs.readFileSync(file, 'utf8'))) {
			if (specifier.startsWith('.') || isBuiltin(specifier)) continue;
			if (!provided.has(packageName(specifier)))
				missing.push(`${path.relative(packageDir, file)}: ${specifier}`);
		}
	}
	return missing;
}

function* javascriptFiles(dir: string): Generator<string> {
	for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
		const full = path.join(dir, entry.name);
		if (entry.isDirectory()) yield* javascriptFiles(full);
		else if (entry.name.endsWith('.js')) yield full;
	}
}

/** The specifiers of `require('...')` calls, as tsc emits them for CommonJS. */
function requiredModules(source: string): string[] {
	return [...source.matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g)].map((match) => match[1]);
}

/** `zod/v4` → `zod`, `@scope/name/sub` → `@scope/name`. */
function packageName(specifier: string): string {
	const parts = specifier.split('/');
	return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}
