import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LoggerProxy } from 'n8n-workflow';

import { CapturingLogger } from './logCapture';
import { Container, InstanceSettingsConfig, LoggerToken } from './n8nInternals';

/**
 * n8n-core reads its instance settings (a settings file with the encryption key) from the n8n
 * user folder, by default ~/.n8n. The harness points it at a throw-away folder per process,
 * through the DI container rather than N8N_* environment variables, so nothing outside the
 * test changes and the user's real n8n folder is never touched.
 */
function harnessUserFolder(): string {
	const folder = join(tmpdir(), `n8n-engine-harness-${process.pid}`);
	const cleanupFlag = Symbol.for('n8n-engine-harness.cleanup');
	const processFlags = process as unknown as Record<symbol, boolean>;
	mkdirSync(folder, { recursive: true });
	if (!processFlags[cleanupFlag]) {
		processFlags[cleanupFlag] = true;
		process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
	}
	return folder;
}

let logger: CapturingLogger | undefined;

/** Registers what n8n-core's execution engine needs in its DI container (once per module registry). */
export function ensureEngine(): CapturingLogger {
	if (logger) return logger;

	const settings = new InstanceSettingsConfig();
	const folder = harnessUserFolder();
	settings.n8nFolder = folder;
	settings.userHome = folder;
	settings.encryptionKey = 'engine-harness-encryption-key';
	settings.enforceSettingsFilePermissions = false;
	Container.set(InstanceSettingsConfig, settings);

	logger = new CapturingLogger();
	Container.set(LoggerToken, logger);
	LoggerProxy.init(logger);
	return logger;
}
