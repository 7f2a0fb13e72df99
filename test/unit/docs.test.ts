/**
 * The docs hold together. Every relative link of the README, the docs and the other pages a user or
 * maintainer opens resolves to a file or folder of the repository, and an `#anchor` to a heading of
 * the markdown page it names; every `npm run <script>` they name is a script of package.json; the
 * README reads in five minutes (at most 260 lines); no page under docs/ (nor the emulator's
 * README) is over 25 kB; docs/e2e.md names every end-to-end test file.
 */
import fs from 'node:fs';
import path from 'node:path';

import { projectRoot } from '../../harness/n8n/projectPaths';
import { anchorsOf, isExternal, linksOf, slugOf } from './markdown';

const KB = 1024;
const README_MOST_LINES = 260;
const DOC_MOST_BYTES = 25 * KB;
/** The lead-burst section of benchmarks.md is filled by its own benchmark's owner. */
const BENCHMARKS_MOST_BYTES = 30 * KB;

const read = (file: string) => fs.readFileSync(path.join(projectRoot, file), 'utf8');

function markdownUnder(folder: string): string[] {
	return fs
		.readdirSync(path.join(projectRoot, folder), { recursive: true, encoding: 'utf8' })
		.filter((file) => file.endsWith('.md'))
		.map((file) => path.posix.join(folder, file.split(path.sep).join('/')))
		.sort();
}

const docPages = markdownUnder('docs');
const pages = [
	'README.md',
	'CONTRIBUTING.md',
	'CHANGELOG.md',
	'examples/README.md',
	'sandbox/README.md',
	...docPages,
];

test('the pages checked include the README and every doc page', () => {
	expect(docPages.length).toBeGreaterThanOrEqual(8);
	for (const page of pages) expect(fs.existsSync(path.join(projectRoot, page))).toBe(true);
});

test.each(pages)('every relative link of %s resolves, anchors included', (page) => {
	const broken: string[] = [];
	for (const { target, line } of linksOf(read(page))) {
		if (isExternal(target)) continue;
		const [filePart, anchor] = target.split('#') as [string, string | undefined];
		const file = filePart === '' ? page : path.posix.join(path.posix.dirname(page), filePart);
		const where = `${page}:${line} → ${target}`;
		if (file.startsWith('..') || !fs.existsSync(path.join(projectRoot, file))) {
			broken.push(`${where}: no such file`);
		} else if (anchor !== undefined && file.endsWith('.md') && !anchorsOf(read(file)).has(anchor)) {
			broken.push(`${where}: no such heading in ${file}`);
		}
	}
	expect(broken).toEqual([]);
});

test.each(pages)('every `npm run <script>` %s names is a script of package.json', (page) => {
	const { scripts } = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
	const named = [...read(page).matchAll(/npm run ([\w:.-]+)/g)].map((match) => match[1]);
	expect(named.filter((script) => !(script in scripts))).toEqual([]);
});

test('the README names the two commands a user starts with', () => {
	const readme = read('README.md');
	expect(readme).toContain('npm run demo');
	expect(readme).toContain('npm test');
});

test(`the README is at most ${README_MOST_LINES} lines`, () => {
	const lines = read('README.md').replace(/\n$/, '').split('\n').length;
	expect(lines).toBeLessThanOrEqual(README_MOST_LINES);
});

test.each([...docPages, 'sandbox/README.md'])('%s is at most about 25 kB', (page) => {
	const bytes = fs.statSync(path.join(projectRoot, page)).size;
	const most = page === 'docs/benchmarks.md' ? BENCHMARKS_MOST_BYTES : DOC_MOST_BYTES;
	expect(bytes).toBeLessThanOrEqual(most);
});

test('docs/e2e.md names every end-to-end test file', () => {
	const e2e = read('docs/e2e.md');
	const files = fs
		.readdirSync(path.join(projectRoot, 'test', 'e2e'))
		.filter((file) => file.endsWith('.test.ts'));
	expect(files.length).toBeGreaterThan(5);
	expect(files.filter((file) => !e2e.includes(file))).toEqual([]);
});

describe('reading markdown as GitHub renders it', () => {
	test("a heading's anchor is GitHub's slug of its text", () => {
		expect(slugOf('Ad → Get Many filters')).toBe('ad--get-many-filters');
		expect(slugOf('The `leadKey`: one key, whichever path')).toBe(
			'the-leadkey-one-key-whichever-path',
		);
		expect(slugOf('7. Where leads land, exactly once')).toBe('7-where-leads-land-exactly-once');
	});

	test('repeated headings get -1, -2; links inside code are not links', () => {
		const page =
			'# A\n## A\n## A\n<a id="x"></a>\n`[no](nowhere.md)`\n```\n[no](nowhere.md)\n```\n[yes](here.md)\n';
		expect([...anchorsOf(page)].sort()).toEqual(['a', 'a-1', 'a-2', 'x']);
		expect(linksOf(page)).toEqual([{ target: 'here.md', line: 9 }]);
	});
});
