/**
 * The README's install route, run as written by a user who is not root: `npm pack`'s tarball into
 * ~/.n8n/nodes, then npm inside that folder. npm keeps its own settings there (with `--prefix` it
 * read another global npmrc, and a proxy's certificate set in the global one was lost), and the
 * install reads nothing from the registry (n8n provides the peer dependency): here the registry
 * npm is given does not answer, and the route must not need it. What n8n then loads from the
 * folder is what every other real-n8n suite installs the same way (scripts/n8n/install-package.sh).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { projectRoot } from '../../harness/n8n/projectPaths';

const USER = 'portal-installer';
const packageJson = JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as {
	name: string;
	version: string;
};
const TARBALL = `${packageJson.name}-${packageJson.version}.tgz`;

/** The README's lines from the copy into the nodes folder on, as a user types them. */
function readmeRoute(): string[] {
	const readme = fs.readFileSync(path.join(projectRoot, 'README.md'), 'utf8');
	const block = /## Install in n8n[^]*?```sh\n([^]*?)```/.exec(readme)![1];
	return block
		.split('\n')
		.filter((line) => line.startsWith('mkdir -p ~/.n8n/nodes') || line.startsWith('npm install '));
}

const asRoot = process.getuid?.() === 0;

/**
 * A user who is not root, with a home of their own (the current user when this is not root), whose
 * shell holds only `env`: none of the npm_config_* that `npm test` hands its children.
 */
function installer(): { home: string; run: (script: string, env: Record<string, string>) => void } {
	const fresh = (env: Record<string, string>) => ['env', '-i', ...envPairs(env), 'bash', '-c'];
	if (!asRoot) {
		const home = fs.mkdtempSync(path.join(os.tmpdir(), 'install-route-home-'));
		return { home, run: (script, env) => shell([...fresh({ ...env, HOME: home }), script]) };
	}
	if (spawnSync('id', [USER]).status !== 0) execFileSync('useradd', ['-m', USER]);
	const home = `/home/${USER}`;
	fs.rmSync(path.join(home, '.n8n'), { recursive: true, force: true });
	return {
		home,
		run: (script, env) =>
			shell(['runuser', '-u', USER, '--', ...fresh({ ...env, HOME: home, USER }), script]),
	};
}

const envPairs = (env: Record<string, string>) =>
	Object.entries(env).map(([name, value]) => `${name}=${value}`);

function shell([command, ...args]: string[]): void {
	const ran = spawnSync(command, args, { encoding: 'utf8', timeout: 120_000 });
	if (ran.status !== 0)
		throw new Error(`${command} exited ${ran.status}: ${ran.stdout}\n${ran.stderr}`);
}

describe("the README's install route", () => {
	it('installs the package into ~/.n8n/nodes as a user who is not root, reading nothing from the registry', () => {
		const work = fs.mkdtempSync(path.join(os.tmpdir(), 'install-route-'));
		fs.chmodSync(work, 0o755);
		execFileSync('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', work], {
			cwd: projectRoot,
		});
		fs.chmodSync(path.join(work, TARBALL), 0o644);
		const user = installer();
		const route = readmeRoute();
		expect(route).toHaveLength(2);
		const started = Date.now();
		user.run(`cd ${work} && ${route.join(' && ')}`, {
			// The machine's own Node.js and npm, as a user has them.
			PATH: '/usr/local/bin:/usr/bin:/bin',
			// A registry that does not answer: a route that asked it anything would fail.
			npm_config_registry: 'http://127.0.0.1:9/',
			npm_config_fetch_retries: '0',
			npm_config_fetch_timeout: '5000',
		});
		const installed = path.join(user.home, '.n8n/nodes/node_modules', packageJson.name);
		expect(fs.existsSync(path.join(installed, 'dist/nodes'))).toBe(true);
		// n8n provides n8n-workflow: the route installs no copy of it.
		expect(fs.existsSync(path.join(user.home, '.n8n/nodes/node_modules/n8n-workflow'))).toBe(false);
		expect(Date.now() - started).toBeLessThan(60_000);
		if (asRoot) expect(fs.statSync(installed).uid).not.toBe(0);
	}, 180_000);
});
