import fs from 'node:fs';
import path from 'node:path';

import type { Locator, Page } from 'playwright-core';

import { artifactsDir } from '../../../harness/n8n/projectPaths';
import type { OwnerAccount } from '../../../harness/n8n/n8nSession';

export const screenshotsDir = path.join(artifactsDir, 'screenshots');

// Generous: the first load of the editor's bundle on a busy 2-core machine takes tens of seconds.
const ACTION_TIMEOUT_MS = 60_000;
const NAVIGATION_TIMEOUT_MS = 120_000;

/**
 * The n8n 2.41 editor as a user drives it, through the same `data-test-id`s n8n's own browser
 * tests use. Every action waits for what it needs to see (playwright's auto-waiting), never a fixed time.
 */
export class N8nEditor {
	constructor(
		readonly page: Page,
		readonly baseUrl: string,
	) {
		page.setDefaultTimeout(ACTION_TIMEOUT_MS);
		page.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS);
	}

	async signIn(owner: Pick<OwnerAccount, 'email' | 'password'>) {
		await this.page.goto(`${this.baseUrl}/signin`);
		await this.page.locator('#emailOrLdapLoginId').waitFor({ timeout: NAVIGATION_TIMEOUT_MS });
		await this.page.locator('#emailOrLdapLoginId').fill(owner.email);
		await this.page.locator('#password').fill(owner.password);
		await this.page.getByTestId('form-submit-button').click();
		await this.page.waitForURL((url) => !url.pathname.startsWith('/signin'));
	}

	/** A new workflow; resolves with its ID once n8n has given it one. */
	async newWorkflow(): Promise<string> {
		await this.page.goto(`${this.baseUrl}/workflow/new`);
		await this.page.waitForURL(/\/workflow\/(?!new)[^/?]+/);
		await this.page.getByTestId('canvas-add-button').waitFor({ timeout: NAVIGATION_TIMEOUT_MS });
		return /\/workflow\/([^/?]+)/.exec(this.page.url())![1];
	}

	get nodePanel(): Locator {
		return this.page.getByTestId('node-creator');
	}

	/** Opens the node panel (the first-step button on an empty canvas, else the plus button). */
	async openNodePanel() {
		const firstStep = this.page.getByTestId('canvas-add-button');
		await (
			(await firstStep.isVisible()) ? firstStep : this.page.getByTestId('node-creator-plus-button')
		).click();
		await this.nodePanel.waitFor();
	}

	/** Opens the node panel, searches for `name` and opens the result of that name (its actions). */
	async findInNodePanel(name: string) {
		await this.openNodePanel();
		await this.page.getByTestId('node-creator-search-bar').fill(name);
		await this.nodePanel
			.getByTestId('item-iterator-item')
			.filter({ hasText: name })
			.first()
			.click();
	}

	get ndv(): Locator {
		return this.page.getByTestId('ndv');
	}

	async closeNdv() {
		await this.page.getByTestId('ndv-close-button').click();
		await this.ndv.waitFor({ state: 'hidden' });
	}

	async openNode(name: string) {
		await this.page.locator(`[data-test-id="canvas-node"][data-node-name="${name}"]`).dblclick();
		await this.ndv.waitFor();
	}

	parameter(name: string): Locator {
		return this.page.getByTestId(`parameter-input-${name}`);
	}

	/** Opens a dropdown parameter and answers the names of its options once they are listed. */
	async openDropdown(name: string): Promise<string[]> {
		return await this.openSelect(this.parameter(name));
	}

	/** The open panel's parameter issues, as n8n lists them in each warning icon's tooltip. */
	async parameterIssues(): Promise<string[]> {
		const issues: string[] = [];
		for (const icon of await this.ndv.getByTestId('parameter-issues').all()) {
			await icon.hover();
			const tooltip = this.page.getByText('Issues:', { exact: true }).locator('xpath=..');
			await tooltip.waitFor();
			const lines = (await tooltip.innerText()).split('\n').slice(1);
			issues.push(...lines.map((line) => line.replace(/^\s*-\s*/, '').trim()).filter(Boolean));
			await this.page.mouse.move(0, 0);
			await tooltip.waitFor({ state: 'hidden' });
		}
		return issues;
	}

	/** Picks an option, by its name, in the dropdown opened last. */
	async choose(option: string) {
		const headline = this.page.getByText(option, { exact: true });
		await this.openList!.getByRole('option').filter({ has: headline }).click();
		await this.openList!.waitFor({ state: 'hidden' });
	}

	/** Adds an entry of a collection parameter (e.g. a filter) by its display name. */
	async addToCollection(placeholder: string, entry: string) {
		await this.openSelect(this.page.getByPlaceholder(placeholder));
		await this.choose(entry);
	}

	private openList: Locator | undefined;

	/** The entries of the open resource locator list (n8n teleports it out of the parameter). */
	get locatorItems(): Locator {
		return this.page.getByTestId('rlc-item').filter({ visible: true });
	}

	/** Opens a resource locator's list and answers the names of its entries once they show. */
	async openLocatorList(name: string): Promise<string[]> {
		await this.page.getByTestId(`resource-locator-${name}`).getByTestId('rlc-input').click();
		return await this.locatorEntries();
	}

	/** Types into the open locator list's search box and answers the entries once all match it. */
	async searchLocator(text: string): Promise<string[]> {
		await this.page.getByPlaceholder('Search...').filter({ visible: true }).fill(text);
		const words = text.toLowerCase().split(/\s+/);
		const deadline = Date.now() + ACTION_TIMEOUT_MS;
		for (;;) {
			const entries = await this.locatorEntries();
			const matching = entries.every((entry) =>
				words.every((word) => entry.toLowerCase().includes(word)),
			);
			if (matching || Date.now() > deadline) return entries;
			await this.page.waitForTimeout(200);
		}
	}

	/** Picks the entry of the open locator list whose name starts with `name`. */
	async chooseInLocator(name: string) {
		await this.locatorItems.filter({ hasText: name }).first().click();
		await this.locatorItems.first().waitFor({ state: 'hidden' });
	}

	private async locatorEntries(): Promise<string[]> {
		const items = this.locatorItems;
		await items.first().waitFor();
		return (await items.allInnerTexts()).map((text) => text.split('\n')[0].trim());
	}

	/**
	 * Opens an element-plus select and waits for ITS list (the input names it in aria-controls) to
	 * show options. A click that lands while n8n re-renders the field (a collection entry just added)
	 * leaves the list closed: then it clicks again, until the list shows or the time-out.
	 */
	private async openSelect(select: Locator): Promise<string[]> {
		const input = select
			.locator('input[role="combobox"]')
			.or(select.and(this.page.locator('input')))
			.first();
		const deadline = Date.now() + ACTION_TIMEOUT_MS;
		for (;;) {
			const list = this.page.locator(`[id="${await input.getAttribute('aria-controls')}"]`);
			if (!(await list.isVisible())) await select.click();
			const options = list.getByRole('option');
			try {
				await options
					.first()
					.waitFor({ timeout: Math.min(5_000, Math.max(1, deadline - Date.now())) });
			} catch (error) {
				if (Date.now() >= deadline) throw error;
				continue;
			}
			this.openList = list;
			return (await options.allInnerTexts()).map((text) => text.split('\n')[0].trim());
		}
	}

	async screenshot(name: string, target: Page | Locator = this.page): Promise<string> {
		fs.mkdirSync(screenshotsDir, { recursive: true });
		const file = path.join(screenshotsDir, `${name}.png`);
		// Finished, not half-faded: dropdowns open and close with a CSS transition.
		await target.screenshot({ path: file, animations: 'disabled' });
		return file;
	}
}
