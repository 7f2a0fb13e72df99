/**
 * One lead-burst side on machines of its own: a fresh emulator process with the side's delivery
 * schedule, a fresh n8n (SQLite, default execution saving, the packed package) with the side's
 * workflow published, and n8n's door in front of it when the side has one (n8n's webhook URL is
 * then the door's, so the trigger registers the door's address at the portal). Nothing of one
 * side's backlog reaches the next.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import {
	LEADS_TABLE,
	SandboxClient,
	createPortalCredential,
	freePort,
	importLandingExample,
	installPackageInto,
	provisionOwner,
	publishWorkflow,
	startDoor,
	startN8n,
	type Door,
	type N8nInstall,
	type ProvisionedN8n,
	type RunningN8n,
} from '../../harness/n8n';
import { startSandboxProcess, type SandboxProcess } from '../lib/sandboxProcess';
import { sandboxEnvironment, type PortalSchedule } from './schedules';
import type { SideDefinition } from './sides';
import { landingForTheRun, webhookWorkflow } from './workflows';

const SECRET_HEADER = 'X-Portal-Webhook-Secret';

export interface SideStack {
	side: SideDefinition;
	sandbox: SandboxProcess;
	portal: SandboxClient;
	n8n: RunningN8n;
	door?: Door;
	owner: ProvisionedN8n;
	workflowId: string;
	tableId: string;
	/** The online ad the leads are made on (associated to the interface the side listens to). */
	adId: number;
	/** Kills n8n (SIGKILL of its process group, as a crash). */
	kill(): Promise<void>;
	/** Starts n8n again on the same folder and port; resolves once it is ready. */
	start(): Promise<void>;
	stop(): Promise<void>;
}

/** Points the interface's callback at the peer's Webhook node, as its user would at the portal. */
async function configureCallback(portal: SandboxClient, url: string, secret: string) {
	await portal.service('PUT', '/v1/configuracion/callbacks', {
		url,
		authorizationHeaderKey: SECRET_HEADER,
		authorizationHeaderValue: secret,
		lenguajeCallbackBody: 'ES',
	});
	for (const kind of ['CONTACTO', 'CONTACTO_MENSAJE'])
		await portal.service('PUT', `/v1/configuracion/callbacks/${kind}`);
}

/** Publishes the side's workflow in n8n; its table made by the landing example's "Run once". */
async function publishSide(
	side: SideDefinition,
	owner: ProvisionedN8n,
	portal: SandboxClient,
	n8nWebhookBase: string,
): Promise<string> {
	const credential = await createPortalCredential(owner.api, portal.baseUrl);
	const landing = await importLandingExample(
		owner,
		'leadsToDataTable',
		credential,
		{},
		landingForTheRun(side.respond),
	);
	let workflowId = landing.id;
	if (side.receiver === 'webhook') {
		const secret = randomBytes(24).toString('base64url');
		const header = await owner.api.createCredential({
			name: 'bench header',
			type: 'httpHeaderAuth',
			data: { name: SECRET_HEADER, value: secret },
		});
		const webhookPath = `burst-${randomUUID()}`;
		workflowId = (
			await owner.api.createWorkflow(webhookWorkflow(header.id, webhookPath, side.respond))
		).id;
		await configureCallback(portal, `${n8nWebhookBase}/webhook/${webhookPath}`, secret);
	}
	const status = await publishWorkflow(owner, workflowId);
	if (status.status !== 'published')
		throw new Error(`${side.name}: the workflow did not publish: ${JSON.stringify(status)}`);
	return workflowId;
}

export async function startSideStack(
	side: SideDefinition,
	schedule: PortalSchedule,
	install: N8nInstall,
): Promise<SideStack> {
	const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-burst-'));
	const logName = `bench-lead-burst-${side.name.replace('+', '-')}-${schedule.name}`;
	let sandbox: SandboxProcess | undefined;
	let door: Door | undefined;
	let n8n: RunningN8n | undefined;
	const stop = async () => {
		await n8n?.stop();
		door?.stop();
		await sandbox?.stop();
		fs.rmSync(userFolder, { recursive: true, force: true });
	};
	try {
		sandbox = await startSandboxProcess(sandboxEnvironment(schedule));
		const portal = new SandboxClient(sandbox.url);
		await installPackageInto(userFolder, { build: false });
		const port = await freePort();
		door = side.door ? startDoor({ n8nPort: port }) : undefined;
		const webhookBase = door?.url ?? `http://127.0.0.1:${port}`;
		const env = { N8N_WEBHOOK_URL: `${webhookBase}/`, ...side.n8nEnv };
		const options = { userFolder, port, env, logName, install };
		n8n = await startN8n(options);
		const owner = await provisionOwner(n8n.url);
		const workflowId = await publishSide(side, owner, portal, webhookBase);
		// The door is closed until it knows the secret the portal's callback now carries.
		const callbackSecret = await portal.callbackSecret();
		if (door && callbackSecret) door.admit([callbackSecret]);
		const table = await owner.api.dataTableNamed(LEADS_TABLE);
		if (!table) throw new Error(`${side.name}: the landing example made no table "${LEADS_TABLE}"`);
		const { idAvisoPlat } = await portal.associatedOnlineAd();
		const stack: SideStack = {
			side,
			sandbox,
			portal,
			n8n,
			door,
			owner,
			workflowId,
			tableId: table.id,
			adId: idAvisoPlat,
			kill: async () => await stack.n8n.kill(),
			async start() {
				n8n = await startN8n(options);
				stack.n8n = n8n;
			},
			stop,
		};
		return stack;
	} catch (error) {
		await stop();
		throw error;
	}
}
