import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { LoggerProxy } from 'n8n-workflow';

import { CapturingLogger } from './logCapture';
import { Container, InstanceSettingsConfig, LoggerToken } from './n8nInternals';

const ENCRYPTION_KEY = 'engine-harness-encryption-key';

/**
 * n8n-core reads its instance settings (a settings file with the encryption key) from the n8n
 * user folder, by default ~/.n8n. The harness points it at its own folder in the temp dir,
 * through the DI container rather than N8N_* environment variables, so nothing outside the
 * test changes and the user's real n8n folder is never touched. The settings file is written
 * up front, atomically, because parallel jest workers share the folder.
 */
function harnessUserFolder(): string {
	const folder = join(tmpdir(), `n8n-engine-harness-${userInfo().uid}`);
	const settingsFile = join(folder, 'config');
	if (!existsSync(settingsFile)) {
		mkdirSync(folder, { recursive: true });
		const draft = `${settingsFile}.${process.pid}`;
		writeFileSync(draft, JSON.stringify({ encryptionKey: ENCRYPTION_KEY }));
		renameSync(draft, settingsFile);
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
	settings.encryptionKey = ENCRYPTION_KEY;
	settings.enforceSettingsFilePermissions = false;
	Container.set(InstanceSettingsConfig, settings);

	logger = new CapturingLogger();
	Container.set(LoggerToken, logger);
	LoggerProxy.init(logger);
	return logger;
}
