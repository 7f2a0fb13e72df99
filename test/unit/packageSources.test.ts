/**
 * scripts/n8n/install-package.sh builds and packs this project again only when one of its
 * PACKAGE_SOURCES changed: the list must hold everything the tarball is made of, or the demo and the
 * real-n8n suites would install a package built from older code. And the README's install is the
 * one the real-n8n suites run.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { projectRoot } from '../../harness/n8n/projectPaths';

const script = fs.readFileSync(path.join(projectRoot, 'scripts/n8n/install-package.sh'), 'utf8');
const listed = /^PACKAGE_SOURCES=\(([^)]*)\)$/m.exec(script)![1].split(/\s+/);

/** Whether the file (relative to the project) is one of the listed files or lies in a listed folder. */
const isListed = (file: string) =>
	listed.some((source) => file === source || file.startsWith(`${source}/`));

const run = (command: string, args: string[]) =>
	execFileSync(command, args, { cwd: projectRoot, encoding: 'utf8' });

test('every file npm packs as it is, outside the built dist/, is listed', () => {
	const [pack] = JSON.parse(run('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'])) as [
		{ files: Array<{ path: string }> },
	];
	const packed = pack.files.map((file) => file.path).filter((file) => !file.startsWith('dist/'));

	expect(packed).toEqual(expect.arrayContaining(['package.json', 'README.md']));
	expect(packed.filter((file) => !isListed(file))).toEqual([]);
});

test('every file of the project the compiler reads for the build is listed, and its settings', () => {
	const read = run(path.join(projectRoot, 'node_modules/.bin/tsc'), [
		'-p',
		'tsconfig.build.json',
		'--listFilesOnly',
	])
		.trim()
		.split('\n')
		.map((file) => path.relative(projectRoot, file))
		.filter((file) => !file.split('/').includes('node_modules'));

	expect(read.length).toBeGreaterThan(50);
	expect(read.filter((file) => !isListed(file))).toEqual([]);
	expect(listed).toEqual(
		expect.arrayContaining(['tsconfig.json', 'tsconfig.build.json', 'package-lock.json']),
	);
});

test('the assets gulp copies come from listed folders, and the gulpfile is listed', () => {
	const gulpfile = fs.readFileSync(path.join(projectRoot, 'gulpfile.js'), 'utf8');
	const globs = [...gulpfile.matchAll(/'([\w-]+)\/\*\*\/[^']*'/g)].map((match) => match[1]);

	expect(globs.length).toBeGreaterThan(0);
	expect(globs.filter((folder) => !isListed(folder))).toEqual([]);
	expect(listed).toContain('gulpfile.js');
});

test("the README installs the packed tarball into n8n's nodes folder as install-package.sh does", () => {
	const readme = fs.readFileSync(path.join(projectRoot, 'README.md'), 'utf8');
	const flagsOf = (command: string) =>
		[...command.matchAll(/--[\w-]+(=\w+)?/g)].map(([flag]) => flag);
	const readmeInstall = /^npm install (.+\.tgz)$/m.exec(readme);
	const scriptInstall =
		/cd "\$nodes_dir" && with_progress '' '' npm install([^]+?)"\.\/\$tarball"/.exec(script);

	expect(readme).toMatch(/^npm run build && npm pack /m);
	expect(script).toMatch(/nodes_dir=.*\/\.n8n\/nodes"$/m);
	expect(readme).toMatch(/^mkdir -p ~\/\.n8n\/nodes && .* && cd ~\/\.n8n\/nodes$/m);
	expect(flagsOf(readmeInstall![1])).toEqual(
		expect.arrayContaining(['--legacy-peer-deps', '--omit=dev']),
	);
	expect(readmeInstall![1]).not.toMatch(/--prefix/);
	expect(
		flagsOf(readmeInstall![1]).filter((flag) => !flagsOf(scriptInstall![1]).includes(flag)),
	).toEqual([]);
});

test('npm run build and npm pack install no lint tool (tools/lint is for the checks alone)', () => {
	const { scripts } = JSON.parse(
		fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8'),
	) as {
		scripts: Record<string, string>;
	};
	const toolchain = fs.readFileSync(path.join(projectRoot, 'scripts/toolchain.sh'), 'utf8');
	expect(scripts.build).toMatch(/^TOOLCHAIN_LINT=off scripts\/run\.sh /);
	expect(scripts.prepack).toBe('npm run build');
	// The toolchain returns before installing tools/lint when TOOLCHAIN_LINT is off.
	const off = toolchain.indexOf('if [ "${TOOLCHAIN_LINT:-on}" = off ]; then return 0');
	expect(off).toBeGreaterThan(0);
	expect(off).toBeLessThan(toolchain.indexOf('install_when_changed tools/lint/'));
});
