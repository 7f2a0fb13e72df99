/**
 * `npm run release` (scripts/release.mjs), run in a scratch git repository the way a maintainer
 * runs it: what it changes, commits and tags, and what it refuses.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { projectRoot } from '../../harness/n8n/projectPaths';

const releaseScript = path.join(projectRoot, 'scripts', 'release.mjs');
const today = new Date().toISOString().slice(0, 10);

let repo: string;

function git(...args: string[]): string {
	return execFileSync('git', args, { cwd: repo, encoding: 'utf8' }).trim();
}

function write(file: string, text: string) {
	fs.writeFileSync(path.join(repo, file), text);
}

function read(file: string): string {
	return fs.readFileSync(path.join(repo, file), 'utf8');
}

function release(...args: string[]) {
	return spawnSync(process.execPath, [releaseScript, ...args, '--no-verify'], {
		cwd: repo,
		encoding: 'utf8',
	});
}

beforeEach(() => {
	repo = fs.mkdtempSync(path.join(os.tmpdir(), 'release-'));
	git('init', '--quiet', '--initial-branch=main');
	git('config', 'user.email', 'maintainer@example.com');
	git('config', 'user.name', 'Maintainer');
	write(
		'package.json',
		`${JSON.stringify({ name: 'n8n-nodes-x', version: '0.1.0' }, null, '\t')}\n`,
	);
	write(
		'package-lock.json',
		`${JSON.stringify({ name: 'n8n-nodes-x', version: '0.1.0', packages: { '': { version: '0.1.0' } } }, null, 2)}\n`,
	);
	write(
		'CHANGELOG.md',
		'# Changelog\n\n## Unreleased\n\n- Poll trigger.\n\n## 0.1.0 (2026-01-05)\n\n- First.\n',
	);
	git('add', '.');
	git('commit', '--quiet', '-m', 'start');
});

afterEach(() => fs.rmSync(repo, { recursive: true, force: true }));

test('a minor release sets the version, dates the changelog section, commits and tags', () => {
	const result = release('minor');

	expect(result.status).toBe(0);
	expect(JSON.parse(read('package.json')).version).toBe('0.2.0');
	expect(JSON.parse(read('package-lock.json'))).toMatchObject({
		version: '0.2.0',
		packages: { '': { version: '0.2.0' } },
	});
	expect(read('CHANGELOG.md')).toBe(
		`# Changelog\n\n## Unreleased\n\n## 0.2.0 (${today})\n\n- Poll trigger.\n\n## 0.1.0 (2026-01-05)\n\n- First.\n`,
	);
	expect(git('log', '-1', '--format=%s')).toBe('Release 0.2.0');
	expect(git('rev-list', '-n', '1', '0.2.0')).toBe(git('rev-parse', 'HEAD'));
	expect(git('status', '--porcelain')).toBe('');
	expect(result.stdout).toContain('git push origin HEAD 0.2.0');
});

test('the first release keeps the version the changelog prepares', () => {
	write('CHANGELOG.md', '# Changelog\n\n## 0.1.0 (unreleased)\n\n- First.\n');
	git('commit', '--quiet', '-am', 'changelog');

	expect(release('0.1.0').status).toBe(0);
	expect(read('CHANGELOG.md')).toBe(
		`# Changelog\n\n## Unreleased\n\n## 0.1.0 (${today})\n\n- First.\n`,
	);
	expect(git('tag', '--list')).toBe('0.1.0');
});

test.each([
	[
		'an uncommitted change',
		() => write('README.md', 'draft'),
		'patch',
		'the working tree has changes',
	],
	['an existing tag', () => git('tag', '0.1.1'), 'patch', 'tag 0.1.1 exists already'],
	['no version named', () => undefined, 'soon', 'say which version'],
	[
		'an empty Unreleased section',
		() => {
			write('CHANGELOG.md', '# Changelog\n\n## Unreleased\n\n## 0.1.0 (2026-01-05)\n');
			git('commit', '--quiet', '-am', 'empty');
		},
		'patch',
		'is empty: say what changed',
	],
	[
		'a changelog preparing another version',
		() => {
			write('CHANGELOG.md', '# Changelog\n\n## 0.3.0 (unreleased)\n\n- Big.\n');
			git('commit', '--quiet', '-am', 'other');
		},
		'patch',
		'prepares 0.3.0, not 0.1.1',
	],
])('refuses with %s, and changes nothing', (_case, arrange, bump, message) => {
	arrange();
	const head = git('rev-parse', 'HEAD');
	const manifest = read('package.json');

	const result = release(bump);

	expect(result.status).toBe(1);
	expect(result.stderr).toContain(message);
	expect(git('rev-parse', 'HEAD')).toBe(head);
	expect(read('package.json')).toBe(manifest);
});
