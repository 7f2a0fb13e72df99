/**
 * `npm run demo`: the sandbox emulator and a real n8n with this package, an owner, a credential for
 * the emulator and the example workflows, the lead workflow published. Ctrl-C, SIGTERM or SIGHUP to
 * any process of the chain (npm → this), or the end of the process that started it, stops everything.
 * TypeScript runs through tsx's loader (`node --import tsx`), not tsx's command line: that one relays a
 * signal to its child and SIGKILLs it when the child does not confirm within 60 ms, as a busy machine
 * makes it, and n8n, in a process group of its own, was then left running.
 * Its variables (DEMO_DATA_DIR, DEMO_*_PORT, DEMO_VERBOSE, DEMO_EXIT_AFTER_READY, SANDBOX_*): docs/e2e.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { startSandbox } from '../../sandbox';
import { parseActivity } from '../../sandbox/activity';
import { BEHAVIOUR } from '../../sandbox/behaviour';
import {
	N8nSession,
	SandboxClient,
	dataTableUrl,
	startDoor,
	type Door,
	demoOwner,
	ensureN8nInstalled,
	installPackageInto,
	provisionOwner,
	startN8n,
} from '../../harness/n8n';
import { projectRoot } from '../../harness/n8n/projectPaths';
import {
	ensureCredential,
	ensureExampleWorkflows,
	ensureLeadWorkflowLive,
	ensureLeadsTable,
	leadWebhookUrl,
	removeProvisioningApiKeys,
} from './provision';
import { PathDisplay } from './paths';
import { readSettings, type DemoSettings } from './settings';
import { whenAncestorGone } from '../../sandbox/ancestors';
import { Stopper } from './stopper';
import { LandedRows, landedLine } from './landedRows';
import { terminalLine } from './terminal';

/** Every line goes out without the machine's folders in it (paths.ts). */
const display = new PathDisplay({ projectRoot, home: os.homedir() });
const say = (line = '') => console.log(display.text(line));
const complain = (line: string) => console.error(display.text(line));
const step = (what: string) => say(`• ${what}`);

/** What a test (or a curious user) needs to drive the running demo; removed when it stops. */
export interface DemoReadyFile {
	editorUrl: string;
	sandboxUrl: string;
	demoPid: number;
	n8nPid: number;
	leadWorkflowId: string;
	leadWebhookUrl: string;
	/** The n8n data table the lead workflow writes each lead into. */
	leadsTableId: string;
	leadsTableUrl: string;
	leadAdId: number;
}

async function main() {
	const stopper = new Stopper();
	stopper.stopOnSignals(say);
	whenAncestorGone((pid) =>
		stopper.stopAndExit(
			say,
			`the process that started the demo (pid ${pid}) is gone: stopping everything…`,
		),
	);
	try {
		await run(stopper);
	} catch (error) {
		complain(`\nThe demo failed: ${(error as Error).message}`);
		stopper.stopAndExit(say, 'Stopping everything the demo started…', 1);
	}
}

async function run(stopper: Stopper) {
	const settings = await readSettings();
	display.dataDir = settings.dataDir;
	fs.mkdirSync(settings.dataDir, { recursive: true });
	say('Real Estate Portal nodes for n8n: demo');
	for (const note of settings.portNotes) step(note);

	const relay = (line: string) => say(`  ${line}`);
	step('n8n: the pinned release (installed into .cache/ the first time: 5 to 10 minutes, 3 GB)');
	const install = await ensureN8nInstalled(relay);
	step('this package as an n8n community package (built and packed again when its sources change)');
	await installPackageInto(settings.userFolder, { relay });

	const readyFile = path.join(settings.dataDir, 'ready.json');
	let ready: DemoReadyFile | undefined;
	const writeReady = (content: DemoReadyFile) =>
		fs.writeFileSync(readyFile, `${JSON.stringify(content, null, '\t')}\n`);

	const sandboxLog = path.join(settings.dataDir, 'sandbox.log');
	const sandboxLogStream = fs.createWriteStream(sandboxLog, { flags: 'a' });
	let echoSandbox = false;
	const sandbox = await startSandbox({
		port: settings.sandboxPort,
		quiet: false,
		// Shape A carries the ad's location and picture: the lead rows then show every property column.
		adShape: process.env.SANDBOX_AD_SHAPE === 'B' ? 'B' : 'A',
		retrySchedule: [...BEHAVIOUR.delivery.cliRetryScheduleMs],
		activity: parseActivity(process.env.SANDBOX_ACTIVITY ?? ''),
		// The portal outlives n8n and the demo: its leads, ids, pending retries and callback stay.
		stateFile: path.join(settings.dataDir, 'portal-state.json'),
		log: (line) => {
			sandboxLogStream.write(`${new Date().toISOString()} ${line}\n`);
			const shown = echoSandbox ? terminalLine(line, settings.verbose) : null;
			if (shown !== null) say(`  [portal emulator] ${shown}`);
		},
	});
	stopper.add('the sandbox emulator', async () => {
		await sandbox.close();
		sandboxLogStream.end();
	});
	step(`sandbox emulator on ${sandbox.url} (log ${sandboxLog})`);
	const portal = new SandboxClient(sandbox.url);

	// The emulator is up first: n8n re-publishes the lead workflow at start-up and registers with it.
	const reused = fs.existsSync(path.join(settings.userFolder, '.n8n', 'database.sqlite'));
	const runKind = reused
		? `with the data of the last run (${settings.userFolder})`
		: 'for the first time';
	step(`starting n8n ${runKind}`);
	// The door in front of n8n's webhooks, as in production (docs/deployment.md): the portal's
	// deliveries wait there, or are answered 503, while n8n is busy, starting or down.
	step(
		"the door: HAProxy in front of n8n's webhooks (installed with apt-get the first time, as root or with sudo without a password)",
	);
	const door = openDoor(settings);
	if (door) {
		stopper.add('the door', async () => door.stop());
		step(
			`door on ${door.url} (deploy/haproxy/n8n-door.cfg): n8n takes a few leads at a time, the others wait at the door`,
		);
	}
	// n8n gives its webhook nodes the door's address: the trigger registers it at the portal.
	const env: Record<string, string> = door ? { N8N_WEBHOOK_URL: `${door.url}/` } : {};
	const startOptions = {
		userFolder: settings.userFolder,
		port: settings.n8nPort,
		logName: 'demo',
		install,
		env,
		whileStarting: (seconds: number, lastLogLine: string) =>
			say(`  n8n starting: ${seconds} s${lastLogLine ? `, its log: ${lastLogLine}` : ''}`),
	};
	let n8n = await startN8n(startOptions);
	stopper.add('n8n', () => n8n.stop());
	// As a process manager would: n8n started again whenever it exits, the portal retrying meanwhile.
	const keepRunning = (current: typeof n8n): void => {
		void current.exited.then(async () => {
			if (stopper.isStopping) return;
			say(`  n8n (pid ${current.pid}) exited: starting it again, as a process manager would`);
			try {
				n8n = await startN8n(startOptions);
			} catch (error) {
				complain(`\nn8n did not start again: ${(error as Error).message}`);
				stopper.stopAndExit(say, 'Stopping everything else the demo started…', 1);
				return;
			}
			say(`  n8n is back (pid ${n8n.pid})`);
			if (ready) writeReady({ ...ready, n8nPid: n8n.pid });
			keepRunning(n8n);
		});
	};
	keepRunning(n8n);
	step(`n8n on ${n8n.url} (pid ${n8n.pid}, log ${n8n.logFile})`);

	const hadOwner = await N8nSession.hasOwner(n8n.url);
	const owner = await provisionOwner(n8n.url, demoOwner);
	step(
		hadOwner
			? `logged in as the owner ${demoOwner.email}`
			: `owner account ${demoOwner.email} created`,
	);

	const credential = await ensureCredential(owner, sandbox.url);
	const credentialChange = credential.created ? 'created' : 'updated';
	step(
		`credential "${credential.value.name}" ${credentialChange}: ${sandbox.url}, interface demo-les`,
	);

	const workflows = await ensureExampleWorkflows(owner, credential.value);
	for (const { value, created } of Object.values(workflows)) {
		step(`workflow "${value.name}" ${created ? 'imported' : 'already there'}`);
	}
	const leadWorkflow = workflows.leadsToDataTable.value;
	const { value: leadsTable, created: tableCreated } = await ensureLeadsTable(owner, leadWorkflow);
	step(
		`data table "${leadsTable.name}" ${tableCreated ? 'created' : 'already there'}: each lead becomes one row`,
	);
	const webhookUrl = leadWebhookUrl(door?.url ?? n8n.url, leadWorkflow);
	await ensureLeadWorkflowLive(owner, portal, leadWorkflow.id, webhookUrl);
	// The door is closed until it knows the published trigger's secret: the one the portal's
	// callback now holds, given to it as a hash (services.sh door-secrets), never copied by hand.
	const callbackSecret = await portal.callbackSecret();
	if (door && callbackSecret) door.admit([callbackSecret]);
	const chosen = [`n8n's task broker ${n8n.brokerPort}`];
	const doorPorts = door?.ports();
	if (doorPorts)
		chosen.push(`the door's statistics ${doorPorts.stats} and reload hand-over ${doorPorts.peer}`);
	step(`ports chosen free, on 127.0.0.1 only: ${chosen.join('; ')}`);
	step(`"${leadWorkflow.name}" is published: the emulator sends leads to ${webhookUrl}`);
	await removeProvisioningApiKeys(owner);

	const leadAd = await portal.associatedOnlineAd('INMO-001');
	ready = {
		editorUrl: `${n8n.url}/`,
		sandboxUrl: sandbox.url,
		demoPid: process.pid,
		n8nPid: n8n.pid,
		leadWorkflowId: leadWorkflow.id,
		leadWebhookUrl: webhookUrl,
		leadsTableId: leadsTable.id,
		leadsTableUrl: dataTableUrl(n8n.url, leadsTable),
		leadAdId: leadAd.idAvisoPlat,
	};
	writeReady(ready);
	stopper.add('the ready file', async () => fs.rmSync(readyFile, { force: true }));

	const leadBody = JSON.stringify({
		tipoEvento: 'CONTACTO_MENSAJE',
		nombre: 'Ana Pérez',
		email: 'ana.perez@example.com',
		mensaje: '¿Sigue disponible?',
	});
	say();
	say(`Open ${ready.editorUrl} and log in as ${demoOwner.email} / ${demoOwner.password}`);
	say(`  Leads workflow:  ${n8n.url}/workflow/${leadWorkflow.id}`);
	say(`  Its executions:  ${n8n.url}/workflow/${leadWorkflow.id}/executions`);
	say(`  Leads land in:   ${ready.leadsTableUrl} (data table "${leadsTable.name}")`);
	say();
	say(
		`Fire a test lead (a message on ad ${leadAd.codigoAviso}, associated to the demo interface):`,
	);
	say(`  curl -s -X POST ${sandbox.url}/__sandbox/ads/${leadAd.idAvisoPlat}/leads \\`);
	say(`    -H 'content-type: application/json' -d '${leadBody}'`);
	say(
		'The other examples (inventory export, bulk association, callback check) run with "Execute workflow".',
	);
	say(`Portal emulator: ${sandbox.url}/__sandbox (admin, see sandbox/README.md).`);
	say();
	say(
		settings.verbose
			? 'Below: one line per lead as it lands in the table, and every delivery and request of the emulator (DEMO_VERBOSE=1).'
			: 'Below: one line per lead as it lands in the table (DEMO_VERBOSE=1 shows every delivery and request of the emulator too).',
	);
	say('Demo ready. Ctrl-C stops the emulator and n8n.');

	if (settings.exitAfterReady) {
		stopper.stopAndExit(say, 'DEMO_EXIT_AFTER_READY: stopping everything the demo started…');
		return;
	}
	echoSandbox = true;
	const landed = new LandedRows(owner.session, leadsTable.projectId, leadsTable.id);
	await landed.start();
	while (!stopper.isStopping) {
		await sleep(LOOK_EVERY_MS);
		// While n8n is down or starting, the next look catches up.
		const rows = await landed.fresh().catch(() => []);
		for (const row of rows) say(`  ${landedLine(row)}`);
	}
}

/**
 * The door, or undefined when HAProxy cannot be installed (no root, no sudo without a password) or
 * started here: the demo then runs as n8n alone would, the portal calling n8n directly, and says so
 * after the script's own line on why.
 */
function openDoor(settings: DemoSettings): Door | undefined {
	try {
		return startDoor({ n8nPort: settings.n8nPort, port: settings.doorPort });
	} catch {
		complain(
			'  the demo runs without the door (the line above says why): the portal calls n8n directly, which takes every lead at once',
		);
		return undefined;
	}
}

/** How often the terminal looks for leads that landed. */
const LOOK_EVERY_MS = 2_000;

void main();
