/** `npm run demo`'s messages: a last line once everything is stopped, and no path of the machine. */
import { startSandbox } from '../../sandbox';
import net from 'node:net';

import { PathDisplay } from '../../scripts/demo/paths';
import { readSettings } from '../../scripts/demo/settings';
import { Stopper } from '../../scripts/demo/stopper';
import { landedLine } from '../../scripts/demo/landedRows';
import { terminalLine } from '../../scripts/demo/terminal';

describe('stopping the demo', () => {
	function stopperWith(...names: Array<[string, boolean]>) {
		const exits: number[] = [];
		const stopped: string[] = [];
		const stopper = new Stopper((code) => exits.push(code));
		for (const [name, works] of names) {
			stopper.add(name, async () => {
				if (!works) throw new Error('still running');
				stopped.push(name);
			});
		}
		return { stopper, exits, stopped };
	}

	async function linesOf(stopper: Stopper, exits: number[], why: string, code?: number) {
		const lines: string[] = [];
		const errors = jest.spyOn(console, 'error').mockImplementation((line: string) => {
			lines.push(line);
		});
		stopper.stopAndExit((line) => lines.push(line), why, code);
		while (exits.length === 0) await new Promise((resolve) => setImmediate(resolve));
		errors.mockRestore();
		return lines;
	}

	test('says why, stops in reverse order, says that the demo has finished, then exits 0', async () => {
		const { stopper, exits, stopped } = stopperWith(['the sandbox emulator', true], ['n8n', true]);

		const lines = await linesOf(stopper, exits, 'SIGTERM: stopping everything the demo started…');

		expect(stopped).toEqual(['n8n', 'the sandbox emulator']);
		expect(lines).toEqual([
			'\nSIGTERM: stopping everything the demo started…',
			'The demo has finished: everything it started is stopped.',
		]);
		expect(exits).toEqual([0]);
	});

	test('a stop that fails is named in the last line, and the others still stop', async () => {
		const { stopper, exits, stopped } = stopperWith(
			['the sandbox emulator', true],
			['n8n', false],
			['the ready file', true],
		);

		const lines = await linesOf(stopper, exits, 'The demo failed: stopping…', 1);

		expect(stopped).toEqual(['the ready file', 'the sandbox emulator']);
		expect(lines.at(-1)).toBe('The demo has finished, but n8n could not be stopped (see above).');
		expect(exits).toEqual([1]);
	});

	test('a second signal while stopping changes nothing', async () => {
		const { stopper, exits } = stopperWith(['n8n', true]);
		const lines: string[] = [];
		stopper.stopAndExit((line) => lines.push(line), 'SIGINT: stopping…');
		stopper.stopAndExit((line) => lines.push(line), 'SIGTERM: stopping…');
		while (exits.length === 0) await new Promise((resolve) => setImmediate(resolve));
		expect(lines).toEqual([
			'\nSIGINT: stopping…',
			'The demo has finished: everything it started is stopped.',
		]);
	});
});

describe('paths in what the demo prints', () => {
	const display = new PathDisplay({
		projectRoot: '/home/ana/work/portal-nodes',
		home: '/home/ana',
	});

	test('inside the project: relative to it', () => {
		expect(
			display.text(
				'n8n on http://127.0.0.1:5678 (log /home/ana/work/portal-nodes/artifacts/n8n/demo.log)',
			),
		).toBe('n8n on http://127.0.0.1:5678 (log artifacts/n8n/demo.log)');
		expect(
			display.text(
				'/home/ana/work/portal-nodes/scripts/n8n/install-package.sh /home/ana/work/portal-nodes/.demo-data/n8n failed',
			),
		).toBe('scripts/n8n/install-package.sh .demo-data/n8n failed');
	});

	test('a data folder outside the project: named by its variable', () => {
		const elsewhere = new PathDisplay({
			projectRoot: '/home/ana/work/portal-nodes',
			home: '/home/ana',
			dataDir: '/tmp/n8n-demo-x1',
		});
		expect(
			elsewhere.text(
				'sandbox emulator on http://127.0.0.1:4010 (log /tmp/n8n-demo-x1/sandbox.log)',
			),
		).toBe('sandbox emulator on http://127.0.0.1:4010 (log $DEMO_DATA_DIR/sandbox.log)');
		expect(elsewhere.text('with the data of the last run (/tmp/n8n-demo-x1/n8n)')).toBe(
			'with the data of the last run ($DEMO_DATA_DIR/n8n)',
		);
	});

	test('elsewhere in the home folder: from ~', () => {
		expect(display.text('npm log: /home/ana/.npm/_logs/debug.log')).toBe(
			'npm log: ~/.npm/_logs/debug.log',
		);
	});

	test('a path that only starts like the project is not cut', () => {
		expect(display.text('/home/ana/work/portal-nodes-old/x')).toBe('~/work/portal-nodes-old/x');
	});
});

describe("the demo's terminal once ready", () => {
	/** What the emulator writes to the demo's log (sandbox.log) for requests, as the demo starts it. */
	let requests: string[];
	beforeAll(async () => {
		const lines: string[] = [];
		const sandbox = await startSandbox({ port: 0, quiet: false, log: (line) => lines.push(line) });
		for (const request of [
			'/__sandbox/interfaces/demo-les',
			'/v1/inmobiliarias/INMO-001/avisos/online/resumen?access_token=demo-les-token',
			'/v1/inmobiliarias/INMO-001/avisos/online/resumen',
		])
			await (await fetch(`${sandbox.url}${request}`)).text();
		await sandbox.close();
		requests = lines.filter((line) => !line.startsWith('delivery '));
	});
	const delivered =
		'delivery CONTACTO_MENSAJE 5d0c7a4e-7b7e-4c35-9a51-1f2d3c4b5a69 → http://127.0.0.1:5678/webhook/abc/real-estate-portal attempt 1: 200';

	test('prints no line per delivery or request: a lead is told once, when it lands', () => {
		expect(requests.length).toBeGreaterThan(1);
		const minute = Array.from({ length: 60 }, (_unused, i) => [
			...requests,
			delivered.replace('5d0c7a4e', `lead${i}`),
			delivered.replace('5d0c7a4e', `lead${i}`).replace('attempt 1: 200', 'attempt 2: timeout'),
		]).flat();
		expect(minute.map((line) => terminalLine(line, false)).filter((line) => line !== null)).toEqual(
			[],
		);
		expect(
			landedLine({
				id: 17,
				name: 'Ana Pérez',
				contactType: 'message',
				adCode: 'DEMO-0001',
				adTitle: 'Cochera con balcón en Núñez',
				listId: '812345',
			}),
		).toBe(
			'lead landed: message by Ana Pérez on DEMO-0001 "Cochera con balcón en Núñez", from the lead list (row 17)',
		);
		expect(
			landedLine({ id: 18, contactType: 'phone view', isAnonymous: true, eventId: 'e-18' }),
		).toBe('lead landed: phone view by an anonymous prospect, from the callback (row 18)');
	});

	test('a row says which paths wrote it: the callback (eventId), the lead list (listId), or both', () => {
		const lead = { name: 'Ana Pérez', contactType: 'message', adCode: 'DEMO-0001' };
		expect(landedLine({ id: 1, ...lead, eventId: 'e-1' })).toBe(
			'lead landed: message by Ana Pérez on DEMO-0001, from the callback (row 1)',
		);
		expect(landedLine({ id: 2, ...lead, listId: '812345' })).toBe(
			'lead landed: message by Ana Pérez on DEMO-0001, from the lead list (row 2)',
		);
		expect(landedLine({ id: 3, ...lead, eventId: 'e-3', listId: '812346' })).toBe(
			'lead landed: message by Ana Pérez on DEMO-0001, from the callback and the lead list (row 3)',
		);
		// A column the row lacks is absent, or null as a data table gives it back: the same.
		expect(landedLine({ id: 4, ...lead, eventId: 'e-4', listId: null, source: 'list' })).toBe(
			'lead landed: message by Ana Pérez on DEMO-0001, from the callback (row 4)',
		);
		// Without a contact type read, the lead is called a lead.
		expect(landedLine({ id: 5, name: 'Ana Pérez', contactType: null, eventId: 'e-5' })).toBe(
			'lead landed: lead by Ana Pérez, from the callback (row 5)',
		);
	});

	test('a body that is not a lead is told as such, with the fields it had, never as an anonymous lead', () => {
		const line = landedLine({
			id: 19,
			eventType: 'UNKNOWN',
			name: null,
			eventId: 'e-19',
			unreadableFields: 'foo, bar',
		});
		expect(line).toBe(
			'landed: a body that is not a lead (fields: foo, bar), from the callback (row 19)',
		);
		expect(line).not.toContain('anonymous');
		expect(line).not.toContain('lead landed');
		expect(
			landedLine({ id: 20, eventType: 'UNKNOWN', listId: '9', listUnreadableFields: 'x' }),
		).toBe('landed: a body that is not a lead (fields: x), from the lead list (row 20)');
	});

	test('DEMO_VERBOSE=1 shows each delivery attempt and every request; errors always', () => {
		expect(terminalLine(delivered.replace('attempt 1: 200', 'attempt 2: timeout'), true)).toBe(
			'lead (message) 5d0c7a4e-7b7e-4c35-9a51-1f2d3c4b5a69: not delivered (timeout), attempt 2',
		);
		expect(requests.map((line) => terminalLine(line, true))).toEqual(requests);
		expect(terminalLine('unexpected error: boom', false)).toBe('unexpected error: boom');
	});
});

describe("the demo's ports", () => {
	const listening = async () => {
		const server = net.createServer();
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		return { server, port: (server.address() as net.AddressInfo).port };
	};

	test('a taken port is said in one line, naming the port used instead and the variable', async () => {
		const taken = await listening();
		try {
			const settings = await readSettings({
				DEMO_SANDBOX_PORT: String(taken.port),
				DEMO_N8N_PORT: '0',
				DEMO_DOOR_PORT: '0',
			});

			expect(settings.sandboxPort).not.toBe(taken.port);
			expect(settings.portNotes).toEqual([
				`port ${taken.port} is taken: the emulator listens on ${settings.sandboxPort} instead (DEMO_SANDBOX_PORT=<port> picks another)`,
			]);
		} finally {
			taken.server.close();
		}
	});

	test('one port asked for two parts goes to the first; the second gets another, said in one line', async () => {
		const free = await listening();
		await new Promise((resolve) => free.server.close(resolve));
		const port = String(free.port);

		const settings = await readSettings({
			DEMO_SANDBOX_PORT: port,
			DEMO_N8N_PORT: port,
			DEMO_DOOR_PORT: '0',
		});

		expect(settings.sandboxPort).toBe(free.port);
		expect(new Set([settings.sandboxPort, settings.n8nPort, settings.doorPort]).size).toBe(3);
		expect(settings.portNotes).toEqual([
			`port ${port} is taken: n8n listens on ${settings.n8nPort} instead (DEMO_N8N_PORT=<port> picks another)`,
		]);
	});

	test('a free port asked for is used, and nothing is said', async () => {
		const free = await listening();
		await new Promise((resolve) => free.server.close(resolve));

		const settings = await readSettings({
			DEMO_SANDBOX_PORT: '0',
			DEMO_N8N_PORT: String(free.port),
			DEMO_DOOR_PORT: '0',
		});

		expect(settings.n8nPort).toBe(free.port);
		expect(settings.portNotes).toEqual([]);
	});
});
