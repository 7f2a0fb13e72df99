import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import {
	ensureN8nInstalled,
	failedPackageLoads,
	importsN8nDoesNotProvide,
	installPackageInto,
	nodeOutput,
	provisionOwner,
	publishWorkflow,
	requestedN8nRelease,
	startN8n,
	unpublishWorkflow,
	webhookNode,
	type ProvisionedN8n,
	type RunningN8n,
	type WorkflowDefinition,
} from './support';

/** A production webhook that greets whoever posts `{ name }`: n8n's own nodes only. */
function greetingWorkflow(webhookPath: string): WorkflowDefinition {
	return {
		name: 'e2e: greeting webhook',
		nodes: [
			webhookNode(webhookPath, 'onReceived'),
			{
				name: 'Greet',
				type: 'n8n-nodes-base.set',
				typeVersion: 3.4,
				position: [220, 0],
				parameters: {
					mode: 'manual',
					assignments: {
						assignments: [
							{
								id: randomUUID(),
								name: 'greeting',
								type: 'string',
								value: '={{ "Hello " + $json.body.name }}',
							},
						],
					},
					options: {},
				},
			},
		],
		connections: { Webhook: { main: [[{ node: 'Greet', type: 'main', index: 0 }]] } },
	};
}

describe('the real n8n the end-to-end suite runs on', () => {
	let userFolder: string;
	let n8n: RunningN8n;
	let owner: ProvisionedN8n;

	let installedPackage: string;
	let n8nHome: string;

	beforeAll(async () => {
		userFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-boot-'));
		// The first run on a machine also installs n8n into .cache/ (5 to 10 minutes).
		const install = await ensureN8nInstalled();
		n8nHome = install.home;
		// n8n loads community packages at start-up: the tarball goes in before n8n starts.
		installedPackage = await installPackageInto(userFolder);
		n8n = await startN8n({ userFolder, install, logName: 'n8n-boot' });
		owner = await provisionOwner(n8n.url);
	}, 900_000);

	afterAll(async () => {
		await n8n?.stop();
		fs.rmSync(userFolder, { recursive: true, force: true });
		// n8n and the task runners it started are gone with their process group.
		if (n8n)
			expect(() => process.kill(-n8n.pid, 0)).toThrow(expect.objectContaining({ code: 'ESRCH' }));
	});

	it('is the n8n release this run asked for (N8N_VERSION, else the default pin)', async () => {
		const settings = await owner.session.send<{ versionCli: string }>('GET', '/rest/settings');

		expect(settings.versionCli).toBe(requestedN8nRelease().pin);
	});

	it('lists its own node types to the logged-in owner', async () => {
		const names = (await owner.session.nodeTypes()).map((type) => type.name);

		expect(names).toEqual(expect.arrayContaining(['n8n-nodes-base.webhook', 'n8n-nodes-base.set']));
	});

	it('runs a published webhook workflow and reports the execution through the public API', async () => {
		const webhookPath = `greet-${randomUUID()}`;
		const workflow = await owner.api.createWorkflow(greetingWorkflow(webhookPath));
		expect(await publishWorkflow(owner, workflow.id)).toMatchObject({ status: 'published' });

		const response = await fetch(`${n8n.url}/webhook/${webhookPath}`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ name: 'Ada' }),
		});
		expect(response.status).toBe(200);

		const [execution] = await owner.api.waitForExecutions(workflow.id, 1);
		expect(execution).toMatchObject({ status: 'success', mode: 'webhook' });
		expect(nodeOutput(execution, 'Greet')).toEqual([{ greeting: 'Hello Ada' }]);
	}, 60_000);

	it('stops answering on the production URL once the workflow is unpublished', async () => {
		const webhookPath = `greet-${randomUUID()}`;
		const workflow = await owner.api.createWorkflow(greetingWorkflow(webhookPath));
		expect(await publishWorkflow(owner, workflow.id)).toMatchObject({ status: 'published' });
		expect(await unpublishWorkflow(owner, workflow.id)).toMatchObject({ status: 'not_published' });

		const response = await fetch(`${n8n.url}/webhook/${webhookPath}`, { method: 'POST' });

		expect(response.status).toBe(404);
	}, 60_000);

	it('holds this package as a community package that brings no copy of what n8n provides', () => {
		const installed = fs
			.readdirSync(path.dirname(installedPackage))
			.filter((name) => !name.startsWith('.'));

		expect(installed).toEqual(['n8n-nodes-real-estate-portal']);
		expect(importsN8nDoesNotProvide(installedPackage, n8nHome)).toEqual([]);
	});

	it('loads the nodes and the credential of this package', async () => {
		const ourNodes = (await owner.session.nodeTypes())
			.map((type) => type.name)
			.filter((name) => name.startsWith('n8n-nodes-real-estate-portal.'));
		const credentialNames = (await owner.session.credentialTypes()).map((type) => type.name);

		expect(failedPackageLoads(n8n.readLog())).toEqual([]);
		// (n8n also derives a `realEstatePortalTool` from an action node marked usable as a tool.)
		expect(ourNodes).toEqual(
			expect.arrayContaining([
				'n8n-nodes-real-estate-portal.realEstatePortal',
				'n8n-nodes-real-estate-portal.realEstatePortalTrigger',
				'n8n-nodes-real-estate-portal.realEstatePortalPollTrigger',
			]),
		);
		expect(credentialNames).toContain('realEstatePortalApi');
	});
});
