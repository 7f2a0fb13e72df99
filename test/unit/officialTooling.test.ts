/**
 * The official n8n node tooling, used the way the starter uses it: `n8n-node lint` refuses a
 * strict package whose eslint.config.mjs differs from its template, and the tree's formatting is
 * the starter's.
 */
import fs from 'node:fs';
import path from 'node:path';

import { projectRoot } from '../../harness/n8n/projectPaths';

const templateDir = path.join(
	projectRoot,
	'tools/lint/node_modules/@n8n/node-cli/dist/template/templates/shared/default',
);
const words = (file: string) => fs.readFileSync(file, 'utf8').replace(/\s+/g, ' ').trim();

test("eslint.config.mjs is @n8n/node-cli's template, as `n8n-node lint` requires of a strict package", () => {
	const manifest = JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8'));

	expect(manifest.n8n.strict).toBe(true);
	expect(words(path.join(projectRoot, 'eslint.config.mjs'))).toBe(
		words(path.join(templateDir, 'eslint.config.mjs')),
	);
});

test("the prettier options are the starter's", () => {
	const ours = require(path.join(projectRoot, '.prettierrc.js'));
	const starters = require(path.join(templateDir, '.prettierrc.js'));

	expect(ours).toEqual(starters);
});
