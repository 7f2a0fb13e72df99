import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { DemoReadyFile } from '../../scripts/demo/main';
import {
	EXAMPLES,
	LANDING_CALLBACK_TRIGGER,
	PORTAL_CREDENTIAL_NAME,
	SandboxClient,
	nodeOutput,
	processGroupMembers,
	processesMentioning,
	provisionOwner,
	type ProvisionedN8n,
} from './support';
import { portIsFree } from '../../harness/n8n/freePort';
import { projectRoot } from '../../harness/n8n/projectPaths';

/** `npm run demo` as a user starts it in a terminal: its own process group, which Ctrl-C signals. */
class DemoRun {
	readonly child: ChildProcess;
	output = '';
	/** The exit code, or the signal that ended npm (npm re-raises the Ctrl-C it received). */
	readonly exited: Promise<number | NodeJS.Signals | null>;

	constructor(dataDir: string, env: Record<string, string> = {}) {
		this.child = spawn('npm', ['run', '--silent', 'demo'], {
			cwd: projectRoot,
			// Any free ports: a developer's own demo may hold 4010 and 5678.
			env: {
				...process.env,
				DEMO_DATA_DIR: dataDir,
				DEMO_SANDBOX_PORT: '0',
				DEMO_N8N_PORT: '0',
				DEMO_DOOR_PORT: '0',
				...env,
			},
			detached: true,
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		for (const stream of [this.child.stdout!, this.child.stderr!]) {
			stream.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
		}
		this.exited = new Promise((resolve) =>
			this.child.once('exit', (code, signal) => resolve(code ?? signal)),
		);
	}

	get groupId(): number {
		return this.child.pid!;
	}

	async waitForOutput(text: string, timeoutMs = 600_000): Promise<void> {
		const deadline = Date.now() + timeoutMs;
		let exited = false;
		void this.exited.then(() => (exited = true));
		while (!this.output.includes(text)) {
			if (exited || Date.now() > deadline)
				throw new Error(`the demo never printed "${text}":\n${this.output}`);
			await new Promise((resolve) => setTimeout(resolve, 200));
		}
	}

	/** The pid of the n8n the demo runs now: n8n runs in a process group of its own. */
	get n8nPid(): number {
		const pids = [...this.output.matchAll(/n8n (?:on \S+|is back) \(pid (\d+)/g)];
		if (pids.length === 0) throw new Error(`the demo printed no n8n pid:\n${this.output}`);
		return Number(pids.at(-1)![1]);
	}

	/** Last resort for a failed test: no process of this run may outlive it. */
	kill() {
		for (const group of [
			this.groupId,
			...(/n8n (on \S+|is back) \(pid (\d+)/.test(this.output) ? [this.n8nPid] : []),
		]) {
			try {
				process.kill(-group, 'SIGKILL');
			} catch {
				// Already gone.
			}
		}
	}
}

/** What a running demo wrote to its data folder for scripts (scripts/demo/main.ts). */
const readyFileIn = (dataDir: string) =>
	JSON.parse(fs.readFileSync(path.join(dataDir, 'ready.json'), 'utf8')) as DemoReadyFile;

/** Runs the curl command the demo printed for a test lead; its answer and the body it sent. */
async function fireThePrintedLead(run: DemoRun) {
	const curl = /curl -s -X POST (\S+) \\\n\s+-H 'content-type: application\/json' -d '(.+)'/.exec(
		run.output,
	);
	if (!curl) throw new Error(`the demo printed no curl command:\n${run.output}`);
	const [, url, body] = curl;
	const fired = await fetch(url, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body,
	});
	return { fired, body };
}

/** Polls `done` until it holds or `timeoutMs` passes; answers whether it held. */
async function eventually(done: () => boolean, timeoutMs: number): Promise<boolean> {
	const deadline = Date.now() + timeoutMs;
	while (!done()) {
		if (Date.now() > deadline) return false;
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
	return true;
}

describe('npm run demo', () => {
	let dataDir: string;
	const runs: DemoRun[] = [];

	beforeAll(() => {
		dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-demo-'));
	});

	afterAll(() => {
		for (const run of runs) run.kill();
		fs.rmSync(dataDir, { recursive: true, force: true });
	});

	it('reaches "ready" and, with DEMO_EXIT_AFTER_READY, stops everything it started and exits 0', async () => {
		const run = new DemoRun(dataDir, { DEMO_EXIT_AFTER_READY: '1' });
		runs.push(run);

		await run.waitForOutput('Demo ready.');
		expect(await run.exited).toBe(0);

		expect(run.output).toContain('owner account owner@example.com created');
		// The data folder is outside the project here: it is named, not printed.
		expect(run.output).toContain('(log $DEMO_DATA_DIR/sandbox.log)');
		expect(run.output).not.toContain(dataDir);
		expect(run.output).not.toContain(projectRoot);
		expect(run.output.trimEnd()).toMatch(
			/The demo has finished: everything it started is stopped\.$/,
		);
		expect(processGroupMembers(run.n8nPid)).toEqual([]);
		expect(processGroupMembers(run.groupId)).toEqual([]);
		expect(fs.existsSync(path.join(dataDir, 'ready.json'))).toBe(false);
	}, 900_000);

	describe('run again on the same data', () => {
		let run: DemoRun;
		let ready: DemoReadyFile;
		let owner: ProvisionedN8n;

		beforeAll(async () => {
			run = new DemoRun(dataDir);
			runs.push(run);
			await run.waitForOutput('Demo ready.');
			ready = readyFileIn(dataDir);
			owner = await provisionOwner(ready.editorUrl.replace(/\/$/, ''));
		}, 600_000);

		it('serves the editor and logs in to the existing owner', async () => {
			const editor = await fetch(ready.editorUrl);

			expect(editor.status).toBe(200);
			expect(await editor.text()).toContain('<title>n8n');
			expect(run.output).toContain('logged in as the owner owner@example.com');
		});

		it('keeps one credential and one copy of each example workflow', async () => {
			const credentials = (await owner.api.listCredentials()).filter(
				(c) => c.name === PORTAL_CREDENTIAL_NAME,
			);
			const names = (await owner.api.listWorkflows()).map((workflow) => workflow.name).sort();

			expect(credentials).toHaveLength(1);
			expect(names).toHaveLength(Object.keys(EXAMPLES).length);
			expect(new Set(names).size).toBe(names.length);
		});

		it("has the lead workflow published, with the emulator's callback pointing at it", async () => {
			expect(await owner.session.publicationStatus(ready.leadWorkflowId)).toMatchObject({
				status: 'published',
			});
			const demoInterface = await new SandboxClient(ready.sandboxUrl).interface();
			expect(demoInterface.configuration?.url).toBe(ready.leadWebhookUrl);
		});

		it('turns the test lead it printed (the curl command) into a row of the Portal leads data table', async () => {
			const { fired, body } = await fireThePrintedLead(run);

			expect(fired.status).toBe(200);
			const [execution] = await owner.api.waitForExecutions(ready.leadWorkflowId, 1, {
				mode: 'webhook',
			});
			expect(execution.status).toBe('success');
			const { nombre, email, mensaje } = JSON.parse(body);
			expect(await owner.api.dataTableRows(ready.leadsTableId)).toEqual([
				expect.objectContaining({
					eventId: nodeOutput(execution, LANDING_CALLBACK_TRIGGER)[0].eventId,
					eventType: 'CONTACTO_MENSAJE',
					name: nombre,
					email,
					message: mensaje,
				}),
			]);
			expect(run.output).toContain(ready.leadsTableUrl);
		}, 60_000);

		it('starts n8n again when it dies while leads stream, and every lead is one row', async () => {
			const portal = new SandboxClient(ready.sandboxUrl);
			const emails = Array.from({ length: 20 }, (_, n) => `streamed.${n}@example.com`);
			const making = (async () => {
				for (const [n, email] of emails.entries()) {
					await portal.lead(ready.leadAdId, {
						tipoEvento: n % 3 === 0 ? 'CONTACTO' : 'CONTACTO_MENSAJE',
						nombre: `Streamed ${n}`,
						email,
					});
					await new Promise((resolve) => setTimeout(resolve, 250));
				}
			})();
			await new Promise((resolve) => setTimeout(resolve, 1_000));
			process.kill(-run.n8nPid, 'SIGKILL');
			await making;
			await run.waitForOutput('n8n is back', 180_000);

			const landed = async () =>
				(await owner.api.dataTableRows(ready.leadsTableId).catch(() => [])).filter((row) =>
					emails.includes(String(row.email)),
				);
			// The demo's emulator retries 1, 5, 30 s and 2 minutes after a failed delivery.
			const deadline = Date.now() + 240_000;
			while ((await landed()).length < emails.length && Date.now() < deadline)
				await new Promise((resolve) => setTimeout(resolve, 3_000));
			const rows = await landed();
			expect(rows.map((row) => row.email).sort()).toEqual([...emails].sort());
			expect(run.output).toContain('lead landed: ');
		}, 400_000);

		it('stops on Ctrl-C (SIGINT), leaving no process behind', async () => {
			const n8nGroup = processGroupMembers(run.n8nPid);
			expect(n8nGroup).toContain(run.n8nPid);
			// Not started by tsx's command line (its child loads tsx's preflight): that one SIGKILLs a
			// child slow to confirm a signal (see scripts/demo/main.ts), and then nothing stopped n8n.
			const demoGroup = processGroupMembers(run.groupId);
			const underTsxCommand = processesMentioning('tsx/dist/preflight');
			expect(demoGroup.filter((pid) => underTsxCommand.includes(pid))).toEqual([]);

			process.kill(-run.groupId, 'SIGINT');

			// The demo exits 0; npm, which got the same Ctrl-C, may report it as 130 (128 + SIGINT).
			expect([0, 130, 'SIGINT']).toContain(await run.exited);
			expect(run.output).toContain('SIGINT: stopping everything the demo started');
			await eventually(() => run.output.includes('The demo has finished: '), 10_000);
			expect(run.output.trimEnd()).toMatch(/The demo has finished: [^\n]+$/);
			expect(processGroupMembers(run.groupId)).toEqual([]);
			expect(processGroupMembers(run.n8nPid)).toEqual([]);
			await expect(fetch(ready.editorUrl)).rejects.toThrow();
			await expect(fetch(`${ready.sandboxUrl}/__sandbox`)).rejects.toThrow();
		}, 60_000);
	});

	it('started again as a whole keeps every earlier row as it was, and a new lead is a new row', async () => {
		const run = new DemoRun(dataDir);
		runs.push(run);
		await run.waitForOutput('Demo ready.');
		const ready = readyFileIn(dataDir);
		const owner = await provisionOwner(ready.editorUrl.replace(/\/$/, ''));
		const before = await owner.api.dataTableRows(ready.leadsTableId);
		expect(before.length).toBeGreaterThan(0);

		// The README's test lead once more: the same prospect and ad, a later instant.
		expect((await fireThePrintedLead(run)).fired.status).toBe(200);
		expect(await eventually(() => run.output.includes('lead landed: '), 60_000)).toBe(true);
		const after = await owner.api.dataTableRows(ready.leadsTableId);

		const strip = ({ updatedAt: _updated, ...row }: Record<string, unknown>) => row;
		expect(after.slice(0, before.length).map(strip)).toEqual(before.map(strip));
		expect(after).toHaveLength(before.length + 1);
		process.kill(run.child.pid!, 'SIGTERM');
		await run.exited;
	}, 900_000);

	// A process manager, `kill` or a closed session signals the npm process alone, not its group.
	describe.each([
		['SIGTERM', 'SIGTERM: stopping everything'],
		['SIGINT', 'SIGINT: stopping everything'],
		['SIGKILL', 'the process that started the demo'],
	] as const)('%s to the npm process alone', (signal, said) => {
		it('stops every process of the demo within 60 s and frees its ports', async () => {
			const run = new DemoRun(dataDir);
			runs.push(run);
			await run.waitForOutput('Demo ready.');
			const ready = readyFileIn(dataDir);
			const ports = [ready.editorUrl, ready.sandboxUrl].map((url) => Number(new URL(url).port));
			expect(processGroupMembers(run.n8nPid)).toContain(run.n8nPid);

			process.kill(run.child.pid!, signal);

			const gone = () =>
				processGroupMembers(run.groupId).length === 0 &&
				processGroupMembers(run.n8nPid).length === 0;
			expect(await eventually(gone, 60_000)).toBe(true);
			expect(run.output).toContain(said);
			expect(await eventually(() => run.output.includes('The demo has finished: '), 10_000)).toBe(
				true,
			);
			for (const port of ports) expect(await portIsFree(port)).toBe(true);
		}, 900_000);
	});
});
