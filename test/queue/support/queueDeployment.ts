/**
 * n8n 2.41.1 in queue mode as the queue suites deploy it: Redis, PostgreSQL (n8n's database and the
 * leads table), a main process, two webhook processes behind an HAProxy balancer and
 * two workers, all sharing one user folder with the packed package; the emulator beside them, its
 * demo interfaces associated, and n8n's owner with a credential for the read-write interface.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { startSandbox, type Sandbox, type SandboxOptions } from '../../../sandbox';
import {
	SandboxClient,
	createPortalCredential,
	freePort,
	installPackageInto,
	provisionOwner,
	startN8n,
	startServices,
	type Balancer,
	type ProvisionedN8n,
	type RunningN8n,
	type Services,
	type StartN8nOptions,
} from '../../e2e/support';
import { STORM } from './storm';

export interface QueueDeployment {
	services: Services;
	sandbox: Sandbox;
	balancer: Balancer;
	owner: ProvisionedN8n;
	credential: { id: string; name: string };
	portal: SandboxClient;
	/** Ads associated to both demo interfaces. */
	ads: number[];
	workers: RunningN8n[];
	/** Stops the main process (n8n's graceful stop) and starts it again. */
	restartMain(): Promise<void>;
	/** Kills a process with SIGKILL; it is not started again. */
	kill(n8n: RunningN8n): Promise<void>;
	/** Stops every process and service, and removes their folders. */
	stop(): Promise<void>;
}

export interface QueueDeploymentOptions {
	sandbox: SandboxOptions;
	/**
	 * The URL every process shows as its webhook base (the trigger registers it), given the
	 * balancer's port: default the balancer's own URL.
	 */
	webhookBase?: (balancerPort: number) => string;
	/** How the balancer shares requests between the webhook processes; default round robin. */
	balanceBy?: 'roundrobin' | 'body';
}

export async function startQueueDeployment(
	options: QueueDeploymentOptions,
): Promise<QueueDeployment> {
	const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-queue-'));
	const servicesFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-queue-services-'));
	const processes = new Set<RunningN8n>();
	let services: Services | undefined;
	let sandbox: Sandbox | undefined;
	const stop = async () => {
		// At once: each may wait n8n's graceful 30 s for executions whose end it never heard.
		await Promise.all([...processes].map((n8n) => n8n.stop()));
		await sandbox?.close();
		services?.stop();
		for (const leftover of [folder, servicesFolder])
			fs.rmSync(leftover, { recursive: true, force: true });
	};
	try {
		services = startServices(servicesFolder, ['postgres', 'redis']);
		sandbox = await startSandbox({ port: 0, ...options.sandbox });
		const userFolder = path.join(folder, 'n8n');
		await installPackageInto(userFolder);

		const webhookPorts = [await freePort(), await freePort()];
		const balancer = services.balance(webhookPorts, options.balanceBy);
		const env = {
			EXECUTIONS_MODE: 'queue',
			QUEUE_BULL_REDIS_HOST: '127.0.0.1',
			QUEUE_BULL_REDIS_PORT: String(services.redisPort),
			DB_TYPE: 'postgresdb',
			DB_POSTGRESDB_HOST: '127.0.0.1',
			DB_POSTGRESDB_PORT: String(services.pgPort),
			DB_POSTGRESDB_DATABASE: 'n8n',
			DB_POSTGRESDB_USER: 'n8n',
			DB_POSTGRESDB_PASSWORD: '',
			// The default pool of 2 connections starves under 20 concurrent webhook calls on 2 cores.
			DB_POSTGRESDB_POOL_SIZE: '10',
			DB_POSTGRESDB_CONNECTION_TIMEOUT: '60000',
			N8N_ENCRYPTION_KEY: 'queue-suite-encryption-key',
			// Every process shows (and the trigger registers) one URL in front of the webhook processes.
			N8N_WEBHOOK_URL: `${options.webhookBase?.(balancer.port) ?? balancer.url}/`,
			QUEUE_HEALTH_CHECK_ACTIVE: 'true',
			EXECUTIONS_DATA_SAVE_ON_SUCCESS: 'all',
			// A killed worker's jobs are found stalled within seconds, not the default half minute.
			QUEUE_WORKER_LOCK_DURATION: '10000',
			QUEUE_WORKER_LOCK_RENEW_TIME: '2000',
			QUEUE_WORKER_STALLED_INTERVAL: '5000',
			...STORM.n8nEnv,
		};
		const start = async (startOptions: Omit<StartN8nOptions, 'userFolder'>) => {
			const n8n = await startN8n({ userFolder, env, ...startOptions });
			processes.add(n8n);
			return n8n;
		};
		const mainOptions = { port: await freePort(), logName: 'queue-main' };
		let main = await start(mainOptions);
		const worker = async (n: number) => {
			const port = await freePort();
			return await start({
				env: { ...env, QUEUE_HEALTH_CHECK_PORT: String(port) },
				command: 'worker',
				port,
				logName: `queue-worker-${n}`,
			});
		};
		const [, , ...workers] = await Promise.all([
			...webhookPorts.map((port, i) =>
				start({ command: 'webhook', port, logName: `queue-webhook-${i + 1}` }),
			),
			worker(1),
			worker(2),
		]);

		const owner = await provisionOwner(main.url);
		const credential = await createPortalCredential(owner.api, sandbox.url);
		const portal = new SandboxClient(sandbox.url);
		const ads = await portal.associateToLec();
		return {
			services,
			sandbox,
			balancer,
			owner,
			credential,
			portal,
			ads,
			workers,
			async restartMain() {
				await main.stop();
				processes.delete(main);
				main = await start(mainOptions);
			},
			async kill(n8n) {
				await n8n.kill();
				processes.delete(n8n);
			},
			stop,
		};
	} catch (error) {
		await stop();
		throw error;
	}
}
