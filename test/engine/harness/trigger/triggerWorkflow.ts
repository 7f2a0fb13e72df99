import { HookContext } from 'n8n-core';
import { UnexpectedError, Workflow } from 'n8n-workflow';
import type {
	ICredentialType,
	IDataObject,
	INode,
	IWebhookData,
	IWorkflowExecuteAdditionalData,
	WebhookSetupMethodNames,
	WebhookType,
	WorkflowActivateMode,
	WorkflowExecuteMode,
} from 'n8n-workflow';

import { createAdditionalData } from '../../../../harness/engine/additionalData';
import { CredentialStore, type CredentialsInput } from '../../../../harness/engine/credentialStore';
import { HarnessCredentialsHelper } from '../../../../harness/engine/credentialsHelper';
import { ensureEngine } from '../../../../harness/engine/engineSetup';
import {
	HarnessNodeTypes,
	instantiate,
	type NodeTypeInput,
} from '../../../../harness/engine/nodeTypes';
import {
	buildWorkflowNode,
	type NodeUnderTestOptions,
} from '../../../../harness/engine/workflowNode';
import { nodeWebhooks, type WebhookMode } from './nodeWebhooks';

export interface TriggerOptions extends NodeUnderTestOptions {
	nodeType: NodeTypeInput;
	credentials?: CredentialsInput;
	credentialTypes?: ICredentialType[];
	/** Base of production webhook URLs; default http://127.0.0.1:5678/webhook. */
	webhookBaseUrl?: string;
	/** Base of test webhook URLs; default http://127.0.0.1:5678/webhook-test. */
	webhookTestBaseUrl?: string;
	/** The node's webhookId (n8n gives each webhook node a uuid); default a fixed one. */
	webhookId?: string;
	/** Static data the workflow has already saved (as n8n keeps it in the database). */
	staticData?: IDataObject;
}

/** One step of n8n's webhook bookkeeping, with the execute and activation modes n8n uses. */
interface LifecycleStep {
	webhookMode: WebhookMode;
	mode: WorkflowExecuteMode;
	activation: WorkflowActivateMode;
}

const DEFAULT_WEBHOOK_ID = '0f5e2f4c-9c1b-4f1e-8d4b-6a2b3c4d5e6f';

/** n8n keeps static data as JSON in its database, so what it saves is a JSON copy. */
function asSaved(data: IDataObject): IDataObject {
	return JSON.parse(JSON.stringify(data)) as IDataObject;
}

/**
 * A saved workflow holding the trigger node, with the webhook bookkeeping n8n does around it:
 * static data persisted between operations the way n8n persists it, activation (checkExists,
 * then create when needed), deactivation (delete), restart, and "Listen for test event".
 * Every operation builds a fresh `Workflow` from the saved definition, as n8n does, so only
 * what n8n would have saved survives from one operation to the next.
 */
export class TriggerWorkflow {
	readonly id = 'engine-harness-trigger';

	readonly credentials: CredentialStore;

	readonly node: INode;

	/** Whether the production webhook is registered (after activate, before deactivate). */
	active = false;

	private saved: IDataObject;

	/** Whether the test webhook is registered (between listenForTestEvent and its end). */
	listeningForTestEvent = false;

	/** A test registration keeps its own static data, never saved to the workflow. */
	private testStaticData: IDataObject = {};

	private readonly nodeTypes = new HarnessNodeTypes();

	private readonly baseUrls: Record<WebhookMode, string>;

	constructor(options: TriggerOptions) {
		ensureEngine();
		const nodeType = instantiate(options.nodeType);
		this.credentials = CredentialStore.from(options.credentials, options.credentialTypes ?? []);
		this.node = buildWorkflowNode(nodeType, options, this.credentials, {
			webhookId: options.webhookId ?? DEFAULT_WEBHOOK_ID,
		});
		this.nodeTypes.add(this.node.type, nodeType);
		this.saved = asSaved(options.staticData ?? {});
		this.baseUrls = {
			production: options.webhookBaseUrl ?? 'http://127.0.0.1:5678/webhook',
			test: options.webhookTestBaseUrl ?? 'http://127.0.0.1:5678/webhook-test',
		};
	}

	/** The workflow's saved static data (a copy). */
	get staticData(): IDataObject {
		return asSaved(this.saved);
	}

	/** Replaces the saved static data, as a database written by an earlier release would hold it. */
	loadSavedStaticData(staticData: IDataObject): void {
		this.saved = asSaved(staticData);
	}

	/** What the node keeps with `getWorkflowStaticData('node')` (a copy of the saved one). */
	get nodeStaticData(): IDataObject {
		return (this.staticData[`node:${this.node.name}`] as IDataObject | undefined) ?? {};
	}

	/** The URL n8n shows for this webhook (what the node registers at the service). */
	webhookUrl(mode: WebhookMode = 'production', name: WebhookType = 'default'): string {
		const url = this.hookContext(mode).getNodeWebhookUrl(name);
		if (url === undefined) throw new UnexpectedError(`The node has no webhook "${name}"`);
		return url;
	}

	/**
	 * A HookContext on a fresh workflow built from the saved static data, for calling webhook
	 * methods by hand. Changes it makes to static data are not saved; `runWebhookMethod` saves.
	 */
	hookContext(
		mode: WebhookMode = 'production',
		activation: WorkflowActivateMode = 'activate',
	): HookContext {
		const workflow = this.workflowForRequest(mode);
		const executeMode = mode === 'test' ? 'manual' : 'trigger';
		return this.contextFor(workflow, { webhookMode: mode, mode: executeMode, activation });
	}

	/**
	 * Calls `webhookMethods.<name>.<method>` through n8n-core's HookContext and saves the static
	 * data it leaves, whatever the outcome: the building block for lifecycle tests step by step.
	 */
	async runWebhookMethod(
		method: WebhookSetupMethodNames,
		mode: WebhookMode = 'production',
		activation: WorkflowActivateMode = 'activate',
	): Promise<boolean | undefined> {
		const workflow = this.workflowForRequest(mode);
		const step: LifecycleStep = {
			webhookMode: mode,
			mode: mode === 'test' ? 'manual' : 'trigger',
			activation,
		};
		try {
			return await this.callWebhookMethod(method, workflow, step);
		} finally {
			if (mode === 'test') this.testStaticData = asSaved(workflow.staticData);
			else this.saved = asSaved(workflow.staticData);
		}
	}

	/**
	 * Activating the workflow (ActiveWorkflowManager.addWebhooks): checkExists, then create when
	 * it answers false; static data saved on success. When either throws, n8n clears the webhooks
	 * (delete, on a workflow rebuilt from the static data saved BEFORE this activation) and the
	 * activation fails with the error.
	 */
	async activate(activation: WorkflowActivateMode = 'activate'): Promise<void> {
		const workflow = this.workflow(this.saved);
		const step: LifecycleStep = { webhookMode: 'production', mode: 'trigger', activation };
		try {
			await this.createWebhookIfNotExists(workflow, step);
		} catch (error) {
			await this.clearProductionWebhooks();
			throw error;
		}
		this.saved = asSaved(workflow.staticData);
		this.active = true;
	}

	/** n8n starting up with the workflow active: activation again, mode 'init'. */
	async restart(): Promise<void> {
		await this.activate('init');
	}

	/** Deactivating the workflow (ActiveWorkflowManager.clearWebhooks): delete, then save. */
	async deactivate(): Promise<void> {
		await this.clearProductionWebhooks();
	}

	/**
	 * The editor's "Listen for test event" (TestWebhooks.needsWebhook): checkExists/create for the
	 * test URL on static data of the test registration's own, which starts empty (a manual run
	 * gets the workflow from the editor, without the saved static data) and is never saved.
	 */
	async listenForTestEvent(): Promise<void> {
		const workflow = this.workflow({});
		const step: LifecycleStep = { webhookMode: 'test', mode: 'manual', activation: 'manual' };
		this.testStaticData = {};
		this.listeningForTestEvent = true;
		try {
			await this.createWebhookIfNotExists(workflow, step);
		} catch (error) {
			await this.stopListeningForTestEvent();
			throw error;
		}
		this.testStaticData = asSaved(workflow.staticData);
	}

	/**
	 * The end of "Listen for test event" (a test event arrived, the editor stopped listening or
	 * the two minutes passed): delete for the test URL, with the test registration's static data.
	 */
	async stopListeningForTestEvent(): Promise<void> {
		if (!this.listeningForTestEvent) return;
		const workflow = this.workflow(this.testStaticData);
		this.listeningForTestEvent = false;
		this.testStaticData = {};
		const step: LifecycleStep = { webhookMode: 'test', mode: 'internal', activation: 'update' };
		await this.callWebhookMethod('delete', workflow, step);
	}

	/** A fresh workflow for one webhook request, with the static data n8n would load for it. */
	workflowForRequest(mode: WebhookMode): Workflow {
		return this.workflow(mode === 'test' ? this.testStaticData : this.saved);
	}

	/** After an execution a production webhook started, n8n saves the static data the run left. */
	saveStaticDataOf(workflow: Workflow): void {
		this.saved = asSaved(workflow.staticData);
	}

	additionalData(): IWorkflowExecuteAdditionalData {
		return createAdditionalData({
			credentialsHelper: new HarnessCredentialsHelper(this.credentials),
			workflowId: this.id,
			webhookBaseUrl: this.baseUrls.production,
			webhookTestBaseUrl: this.baseUrls.test,
		});
	}

	webhooks(workflow: Workflow, mode: WebhookMode): IWebhookData[] {
		return nodeWebhooks(workflow, workflow.getNode(this.node.name)!, this.additionalData(), mode);
	}

	private async clearProductionWebhooks(): Promise<void> {
		const workflow = this.workflow(this.saved);
		this.active = false;
		const step: LifecycleStep = {
			webhookMode: 'production',
			mode: 'internal',
			activation: 'update',
		};
		await this.callWebhookMethod('delete', workflow, step);
		this.saved = asSaved(workflow.staticData);
	}

	/** WebhookService.createWebhookIfNotExists, for each of the node's webhooks. */
	private async createWebhookIfNotExists(workflow: Workflow, step: LifecycleStep): Promise<void> {
		for (const webhookData of this.webhooks(workflow, step.webhookMode)) {
			const exists = await this.runMethod('checkExists', workflow, step, webhookData);
			if (!exists) await this.runMethod('create', workflow, step, webhookData);
		}
	}

	/** The method for each of the node's webhooks; the answer of the last one. */
	private async callWebhookMethod(
		method: WebhookSetupMethodNames,
		workflow: Workflow,
		step: LifecycleStep,
	): Promise<boolean | undefined> {
		let answer: boolean | undefined;
		for (const webhookData of this.webhooks(workflow, step.webhookMode)) {
			answer = await this.runMethod(method, workflow, step, webhookData);
		}
		return answer;
	}

	/** WebhookService.runWebhookMethod: `webhookMethods.<webhook>.<method>` in a HookContext. */
	private async runMethod(
		method: WebhookSetupMethodNames,
		workflow: Workflow,
		step: LifecycleStep,
		webhookData: IWebhookData,
	): Promise<boolean | undefined> {
		const nodeType = workflow.nodeTypes.getByNameAndVersion(this.node.type, this.node.typeVersion);
		const fn = nodeType.webhookMethods?.[webhookData.webhookDescription.name]?.[method];
		if (fn === undefined) return undefined;
		return (await fn.call(this.contextFor(workflow, step, webhookData))) as boolean;
	}

	private contextFor(workflow: Workflow, step: LifecycleStep, webhookData?: IWebhookData) {
		const data = webhookData ?? this.webhooks(workflow, step.webhookMode)[0];
		if (data === undefined) throw new UnexpectedError('The node under test has no webhooks');
		return new HookContext(
			workflow,
			workflow.getNode(this.node.name)!,
			data.workflowExecuteAdditionalData,
			step.mode,
			step.activation,
			data,
		);
	}

	private workflow(staticData: IDataObject): Workflow {
		return new Workflow({
			id: this.id,
			name: 'Engine harness trigger',
			nodes: [structuredClone(this.node)],
			connections: {},
			active: this.active,
			nodeTypes: this.nodeTypes,
			staticData: asSaved(staticData),
			settings: { executionOrder: 'v1' },
		});
	}
}
