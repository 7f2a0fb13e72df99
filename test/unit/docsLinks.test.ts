/**
 * The editor's Docs links: n8n appends its tracking query to a node's codex documentation URLs and
 * to a credential's documentationUrl, so an "#anchor" in them ends up before the query and breaks.
 * Every such URL names a page of this repository's main branch that exists.
 */
import fs from 'node:fs';
import path from 'node:path';

import { RealEstatePortalApi } from '../../credentials/RealEstatePortalApi.credentials';
import { projectRoot } from '../../harness/n8n/projectPaths';

const REPOSITORY_FILES =
	'https://github.com/n8n-nodes-real-estate-portal/n8n-nodes-real-estate-portal/blob/main/';

function codexUrls(): Array<[string, string]> {
	const nodesDir = path.join(projectRoot, 'nodes');
	return fs.readdirSync(nodesDir).flatMap((node) => {
		const codex = path.join(nodesDir, node, `${node}.node.json`);
		if (!fs.existsSync(codex)) return [];
		const { resources } = JSON.parse(fs.readFileSync(codex, 'utf8')) as {
			resources: Record<string, Array<{ url: string }>>;
		};
		return Object.values(resources)
			.flat()
			.map(({ url }): [string, string] => [node, url]);
	});
}

const urls: Array<[string, string]> = [
	...codexUrls(),
	['RealEstatePortalApi credential', new RealEstatePortalApi().documentationUrl],
];

test('the three nodes and the credential all have documentation links', () => {
	expect(new Set(urls.map(([owner]) => owner)).size).toBe(4);
});

test.each(urls)('%s: %s has no anchor and names a file of the repository', (_owner, url) => {
	expect(url).not.toContain('#');
	expect(url.startsWith(REPOSITORY_FILES)).toBe(true);
	const file = path.join(projectRoot, url.slice(REPOSITORY_FILES.length));
	expect(fs.existsSync(file)).toBe(true);
});
