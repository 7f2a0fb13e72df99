import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { ensureEngine } from '../../../../harness/engine/engineSetup';
import { executeWebhook, type ReceivedWebhook } from './executeWebhook';
import { WebhookHttpError, asWebhookRequest, asWebhookResponse, sendError } from './httpAdapter';
import type { WebhookMode } from './nodeWebhooks';
import { TriggerWorkflow, type TriggerOptions } from './triggerWorkflow';

export interface ReceiveWebhookOptions
	extends Omit<TriggerOptions, 'webhookBaseUrl' | 'webhookTestBaseUrl'> {
	/** Run an n8n-core execution from what the node emits (default true). */
	runWorkflow?: boolean;
	/**
	 * Serve the webhook even when n8n would not: production URL while the workflow is not active,
	 * test URL while nobody listens for a test event. Default false (n8n answers 404).
	 */
	acceptUnregistered?: boolean;
	/** Awaited after each execution in 'lastNode' mode, before the answer: a slow destination. */
	workflowTail?: () => Promise<void>;
	/** n8n's N8N_PAYLOAD_SIZE_MAX, in MiB (default 16). */
	payloadSizeMaxMb?: number;
}

const MODE_PREFIX: Record<WebhookMode, string> = {
	production: '/webhook/',
	test: '/webhook-test/',
};

const NOT_REGISTERED_HINT: Record<WebhookMode, string> = {
	production:
		'The workflow must be active for a production URL to run successfully. You can activate the workflow using the toggle in the top-right of the editor.',
	test: "Click the 'Execute workflow' button on the canvas, then try again. (In test mode, the webhook only works for one call after you click this button)",
};

/**
 * Serves the trigger's webhook URLs on 127.0.0.1 (ephemeral port) the way n8n's webhook server
 * does, and records every request in `received`. `trigger` is the workflow the URLs belong to:
 * activate it (or listen for a test event) to register the webhook at the service.
 */
export class WebhookReceiver {
	readonly received: ReceivedWebhook[] = [];

	trigger!: TriggerWorkflow;

	private readonly server: Server;

	private readonly inFlight = new Set<Promise<void>>();

	private readonly waiters = new Set<() => void>();

	constructor(private readonly options: ReceiveWebhookOptions) {
		this.server = createServer((req, res) => this.track(this.handle(req, res)));
	}

	async start(): Promise<this> {
		await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
		const base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
		this.trigger = new TriggerWorkflow({
			...this.options,
			webhookBaseUrl: `${base}/webhook`,
			webhookTestBaseUrl: `${base}/webhook-test`,
		});
		return this;
	}

	/** The trigger's webhook URL served here (the one its webhook methods register). */
	url(mode: WebhookMode = 'production'): string {
		return this.trigger.webhookUrl(mode);
	}

	/** Resolves once `count` requests have been handled; rejects after `timeoutMs` without them. */
	async waitForReceived(count: number, timeoutMs = 4_000): Promise<ReceivedWebhook[]> {
		if (this.received.length >= count) return this.received;
		await new Promise<void>((resolve, reject) => {
			const check = () => {
				if (this.received.length < count) return;
				clearTimeout(timer);
				this.waiters.delete(check);
				resolve();
			};
			const timer = setTimeout(() => {
				this.waiters.delete(check);
				reject(new Error(`Expected ${count} webhook requests, received ${this.received.length}`));
			}, timeoutMs);
			this.waiters.add(check);
		});
		return this.received;
	}

	/** Waits for requests in progress, then stops serving. */
	async close(): Promise<void> {
		await Promise.all([...this.inFlight]);
		this.server.closeAllConnections();
		await new Promise<void>((resolve) => this.server.close(() => resolve()));
	}

	private track(work: Promise<void>) {
		this.inFlight.add(work);
		void work.finally(() => this.inFlight.delete(work));
	}

	private async handle(rawReq: IncomingMessage, rawRes: ServerResponse): Promise<void> {
		const url = new URL(rawReq.url ?? '/', 'http://127.0.0.1');
		const req = asWebhookRequest(rawReq, url, this.options.payloadSizeMaxMb ?? 16);
		const res = asWebhookResponse(rawRes);
		const logger = ensureEngine();
		const logMark = logger.mark();
		try {
			const target = this.route(req.method ?? 'GET', url.pathname);
			const record = await executeWebhook({
				...target,
				trigger: this.trigger,
				req,
				res,
				runWorkflow: this.options.runWorkflow ?? true,
				workflowTail: this.options.workflowTail,
			});
			this.record({ ...record, logs: logger.linesSince(logMark) });
		} catch (error) {
			sendError(res, error);
		}
	}

	/** Finds the registered webhook a request is for, as n8n's live and test webhook managers do. */
	private route(method: string, pathname: string) {
		const mode = (Object.keys(MODE_PREFIX) as WebhookMode[]).find((candidate) =>
			pathname.startsWith(MODE_PREFIX[candidate]),
		);
		const notFound = (hint?: string) =>
			new WebhookHttpError(
				404,
				`The requested webhook "${method} ${pathname}" is not registered.`,
				hint,
			);
		if (mode === undefined) throw notFound();
		const registered =
			this.options.acceptUnregistered === true ||
			(mode === 'production' ? this.trigger.active : this.trigger.listeningForTestEvent);
		const workflow = this.trigger.workflowForRequest(mode);
		const webhookData = this.trigger
			.webhooks(workflow, mode)
			.find(
				(webhook) =>
					webhook.httpMethod === method && `${MODE_PREFIX[mode]}${webhook.path}` === pathname,
			);
		if (!registered || webhookData === undefined) throw notFound(NOT_REGISTERED_HINT[mode]);
		return { mode, workflow, webhookData };
	}

	private record(received: ReceivedWebhook) {
		this.received.push(received);
		for (const waiter of [...this.waiters]) waiter();
	}
}

/** Starts a WebhookReceiver for the trigger node described by `options`. */
export async function receiveWebhook(options: ReceiveWebhookOptions): Promise<WebhookReceiver> {
	return await new WebhookReceiver(options).start();
}
