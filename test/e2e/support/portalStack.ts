import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { startSandbox, type Sandbox, type SandboxOptions } from '../../../sandbox';
import { installPackageInto } from '../../../harness/n8n/n8nInstall';
import { startN8n, type RunningN8n } from '../../../harness/n8n/n8nProcess';
import { SandboxClient, createPortalCredential } from '../../../harness/n8n/portal';
import { provisionOwner, type ProvisionedN8n } from '../../../harness/n8n/provision';

/** The sandbox emulator and a fresh n8n with this package, an owner and a credential for the emulator. */
export interface PortalStack {
	sandbox: Sandbox;
	portal: SandboxClient;
	n8n: RunningN8n;
	owner: ProvisionedN8n;
	credential: { id: string; name: string };
	/**
	 * Stops n8n and starts it again on the same user folder and port (`n8n` is the new process);
	 * `whileStopped` runs in between.
	 */
	restartN8n(whileStopped?: () => Promise<void>): Promise<void>;
	/** Stops n8n (its process group) and the emulator, and removes the user folder. */
	stop(): Promise<void>;
}

/**
 * Starts the emulator on an ephemeral port (with `sandboxOptions`, e.g. a network of agencies),
 * installs the packed package into a new temporary n8n user folder, starts n8n on it and provisions
 * the owner and the credential.
 */
export async function startPortalStack(
	logName: string,
	options: { sandbox?: SandboxOptions; n8nEnv?: Record<string, string> } = {},
): Promise<PortalStack> {
	const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), `n8n-${logName}-`));
	let sandbox: Sandbox | undefined;
	let n8n: RunningN8n | undefined;
	const stop = async () => {
		await n8n?.stop();
		await sandbox?.close();
		fs.rmSync(userFolder, { recursive: true, force: true });
	};
	try {
		sandbox = await startSandbox({ ...options.sandbox, port: 0 });
		// n8n loads community packages at start-up: the tarball goes in first.
		await installPackageInto(userFolder);
		n8n = await startN8n({ userFolder, logName, env: options.n8nEnv });
		const owner = await provisionOwner(n8n.url);
		const { id, name } = await createPortalCredential(owner.api, sandbox.url);
		const stack: PortalStack = {
			sandbox,
			portal: new SandboxClient(sandbox.url),
			n8n,
			owner,
			credential: { id, name },
			stop,
			async restartN8n(whileStopped) {
				const { port } = stack.n8n;
				await stack.n8n.stop();
				await whileStopped?.();
				n8n = await startN8n({ userFolder, port, logName, env: options.n8nEnv });
				stack.n8n = n8n;
			},
		};
		return stack;
	} catch (error) {
		await stop();
		throw error;
	}
}
