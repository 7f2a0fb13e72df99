import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { chromium, selectors, type BrowserContext, type Page } from 'playwright-core';

import { n8nScriptsDir } from '../../../harness/n8n/projectPaths';
import { lastLine, runScript } from '../../../harness/n8n/runScript';

/** Flags that keep Debian's chromium quiet and local: no GPU, no QUIC, no background traffic. */
const CHROMIUM_FLAGS = [
	'--headless',
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
];

export interface RunningBrowser {
	context: BrowserContext;
	page: Page;
	/** The fresh profile folder (chromium's --user-data-dir); it names every process of this browser. */
	profileDir: string;
	/** Closes the browser (playwright stops the process it launched) and removes the profile. */
	close(): Promise<void>;
}

/** Debian's chromium (installed by scripts/n8n/install-browser.sh) with a fresh profile. */
export async function launchChromium(): Promise<RunningBrowser> {
	const executablePath = lastLine(await runScript(path.join(n8nScriptsDir, 'install-browser.sh')));
	// The n8n editor marks its elements with data-test-id (playwright's default is data-testid).
	selectors.setTestIdAttribute('data-test-id');
	const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chromium-e2e-'));
	const context = await chromium.launchPersistentContext(profileDir, {
		executablePath,
		args: CHROMIUM_FLAGS,
		viewport: { width: 1280, height: 800 },
	});
	const page = context.pages()[0] ?? (await context.newPage());
	return {
		context,
		page,
		profileDir,
		async close() {
			await context.close();
			fs.rmSync(profileDir, { recursive: true, force: true });
		},
	};
}
