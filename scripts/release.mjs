#!/usr/bin/env node
// Prepares a release in the git checkout it runs in: the version in package.json and
// package-lock.json, the CHANGELOG's "Unreleased" section dated under that version, a fresh empty
// "Unreleased" section, one commit and one tag. Pushing the tag makes .github/workflows/publish.yml
// test the package and publish it with an npm provenance statement (CONTRIBUTING.md).
//
//   npm run release -- patch|minor|major|<x.y.z> [--no-verify]
//
// --no-verify skips the quick checks (typecheck, lint, formatting) run before anything changes.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const UNRELEASED = /^## (?:Unreleased|(\d+\.\d+\.\d+) \(unreleased\))[ \t]*$/im;

function fail(message) {
	console.error(`release: ${message}`);
	process.exit(1);
}

function git(...args) {
	return execFileSync('git', args, { encoding: 'utf8' }).trim();
}

function nextVersion(current, bump) {
	if (/^\d+\.\d+\.\d+$/.test(bump)) return bump;
	const [major, minor, patch] = current.split('.').map(Number);
	if (bump === 'major') return `${major + 1}.0.0`;
	if (bump === 'minor') return `${major}.${minor + 1}.0`;
	if (bump === 'patch') return `${major}.${minor}.${patch + 1}`;
	return fail(`say which version: patch, minor, major or x.y.z (got "${bump ?? ''}")`);
}

function readJson(file) {
	return JSON.parse(fs.readFileSync(file, 'utf8'));
}

function writeJson(file, value, indent) {
	fs.writeFileSync(file, `${JSON.stringify(value, null, indent)}\n`);
}

/** Sets the version in the manifest and its lockfile; returns the files it changed. */
function setVersion(version) {
	const manifest = readJson('package.json');
	manifest.version = version;
	writeJson('package.json', manifest, '\t'); // the tree's formatting (.prettierrc.js)
	if (fs.existsSync('package-lock.json')) {
		const lock = readJson('package-lock.json');
		lock.version = version;
		if (lock.packages?.['']) lock.packages[''].version = version;
		writeJson('package-lock.json', lock, 2); // npm's own
		return ['package.json', 'package-lock.json'];
	}
	return ['package.json'];
}

/** The CHANGELOG with its unreleased section dated under `version`, and a fresh one above it. */
function datedChangelog(text, version, date) {
	const match = UNRELEASED.exec(text);
	if (!match) fail('CHANGELOG.md has no "## Unreleased" section: write what changed there first');
	if (match[1] && match[1] !== version) {
		fail(
			`CHANGELOG.md prepares ${match[1]}, not ${version}: release ${match[1]} or rename the section`,
		);
	}
	const rest = text.slice(match.index + match[0].length);
	const nextHeading = rest.search(/^## /m);
	const entries = (nextHeading === -1 ? rest : rest.slice(0, nextHeading)).trim();
	if (!entries) fail('the "Unreleased" section of CHANGELOG.md is empty: say what changed');
	return `${text.slice(0, match.index)}## Unreleased\n\n## ${version} (${date})${rest}`;
}

function main(args) {
	const verify = !args.includes('--no-verify');
	const [bump] = args.filter((arg) => !arg.startsWith('--'));
	if (git('status', '--porcelain'))
		fail('the working tree has changes: commit or stash them first');

	const current = readJson('package.json').version;
	const version = nextVersion(current, bump);
	if (git('tag', '--list', version)) fail(`tag ${version} exists already`);
	const changelog = datedChangelog(
		fs.readFileSync('CHANGELOG.md', 'utf8'),
		version,
		new Date().toISOString().slice(0, 10),
	);

	if (verify) {
		for (const script of ['typecheck', 'lint', 'format:check']) {
			execFileSync('npm', ['run', '--silent', script], { stdio: 'inherit' });
		}
	}
	const versioned = setVersion(version);
	fs.writeFileSync('CHANGELOG.md', changelog);
	git('add', 'CHANGELOG.md', ...versioned);
	git('commit', '--quiet', '-m', `Release ${version}`);
	git('tag', '--annotate', version, '-m', `Release ${version}`);
	console.log(`release: ${version} committed and tagged (was ${current}).`);
	console.log(`Push both to publish: git push origin HEAD ${version}`);
}

main(process.argv.slice(2));
