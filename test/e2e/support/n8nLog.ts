/**
 * The community packages n8n could not load at start-up, each with the reason it printed on the
 * next line, e.g. `n8n-nodes-x: Cannot find module '.../X.node.js'`.
 */
export function failedPackageLoads(log: string): string[] {
	return [...log.matchAll(/^Failed to load package "([^"]+)"\n(.*)$/gm)].map(
		([, name, reason]) => `${name}: ${reason}`,
	);
}
