import { PollContext, PollTriggerExecutor } from 'n8n-core';
import { Workflow } from 'n8n-workflow';
import type {
	ICredentialType,
	IDataObject,
	INode,
	INodeExecutionData,
	IRun,
	WorkflowActivateMode,
} from 'n8n-workflow';

import { createAdditionalData } from '../additionalData';
import { CredentialStore, type CredentialsInput } from '../credentialStore';
import { HarnessCredentialsHelper } from '../credentialsHelper';
import { ensureEngine } from '../engineSetup';
import { executeWorkflow } from '../execute';
import { Container } from '../n8nInternals';
import { HarnessNodeTypes, instantiate, type NodeTypeInput } from '../nodeTypes';
import { buildWorkflowNode, type NodeUnderTestOptions } from '../workflowNode';

export interface PollOptions extends NodeUnderTestOptions {
	nodeType: NodeTypeInput;
	credentials?: CredentialsInput;
	credentialTypes?: ICredentialType[];
	/** Static data the workflow has already saved (as n8n keeps it in the database). */
	staticData?: IDataObject;
	/**
	 * What the poll's getPollBudgetMs() answers: n8n's durable poll scheduler gives its timeout less
	 * a margin; without it (the default here, as in n8n's own scheduling) n8n-core's 5 minutes.
	 */
	pollBudgetMs?: number;
	/**
	 * The workflow's id, unique when absent. Another PollWorkflow given the same id is the same
	 * workflow activated again in this process (its polls and this one's are one node's polls).
	 */
	workflowId?: string;
}

let workflowsMade = 0;

/** What one poll led to. */
export interface PollOutcome {
	/** The items poll() returned on output 0; null when it returned null (nothing new). */
	items: IDataObject[] | null;
	/** The execution n8n started with them. */
	run?: IRun;
	/** The error poll() threw: n8n records it as a failed execution. */
	error?: Error;
}

/** What "Fetch test event" led to. */
export interface ManualPollResult {
	items: INodeExecutionData[];
	run: IRun;
	/** The node's error as n8n records it. */
	error?: IRun['data']['resultData']['error'];
}

const asSaved = (data: IDataObject) => JSON.parse(JSON.stringify(data)) as IDataObject;

/**
 * A saved workflow holding a polling trigger, run as n8n 2.41 runs it (n8n-core
 * ActiveWorkflowTriggers.activatePollTrigger, PollTriggerExecutor, the CLI's
 * TriggerExecutionContextFactory): one PollContext per activation, kept for every poll until
 * deactivation; the activation polls at once and fails with poll()'s error; a poll that returns
 * items saves the static data and starts an execution with them (mode 'trigger'); a poll that
 * returns null saves nothing; a poll that throws records the error. The static data of the live
 * workflow stays in memory between polls, and only what was saved survives a restart.
 */
export class PollWorkflow {
	readonly id: string;

	readonly credentials: CredentialStore;

	readonly node: INode;

	/** Every execution started by an emitted poll, in order. */
	readonly executions: IRun[] = [];

	/** Every error a scheduled poll threw (n8n saves each as a failed execution). */
	readonly failures: Error[] = [];

	private saved: IDataObject;

	private readonly pollBudgetMs?: number;

	private live?: {
		workflow: Workflow;
		poll: (testing?: boolean) => Promise<void>;
		last: PollOutcome;
	};

	private readonly nodeTypes = new HarnessNodeTypes();

	constructor(options: PollOptions) {
		ensureEngine();
		const nodeType = instantiate(options.nodeType);
		this.credentials = CredentialStore.from(options.credentials, options.credentialTypes ?? []);
		this.node = buildWorkflowNode(nodeType, options, this.credentials);
		this.nodeTypes.add(this.node.type, nodeType);
		this.saved = asSaved(options.staticData ?? {});
		this.pollBudgetMs = options.pollBudgetMs;
		this.id = options.workflowId ?? `engine-harness-poll-${++workflowsMade}`;
	}

	get active(): boolean {
		return this.live !== undefined;
	}

	/** The workflow's saved static data (a copy). */
	get staticData(): IDataObject {
		return asSaved(this.saved);
	}

	/** What the node keeps with `getWorkflowStaticData('node')`, as saved. */
	get nodeStaticData(): IDataObject {
		return (this.staticData[`node:${this.node.name}`] as IDataObject | undefined) ?? {};
	}

	/**
	 * What the node keeps now in the live workflow's memory (saved or not), while active: what the
	 * next poll reads.
	 */
	get liveNodeStaticData(): IDataObject {
		const data = this.live?.workflow.staticData ?? this.saved;
		return (asSaved(data)[`node:${this.node.name}`] as IDataObject | undefined) ?? {};
	}

	/**
	 * Activating the workflow: the poll runs at once (a testing poll: an error fails the activation
	 * and is thrown here), then the static data is saved. 'init' is n8n starting with it active.
	 */
	async activate(activation: WorkflowActivateMode = 'activate'): Promise<PollOutcome> {
		const workflow = this.workflow(this.saved);
		const node = workflow.getNode(this.node.name)!;
		const additionalData = this.additionalData();
		const live: NonNullable<PollWorkflow['live']> = {
			workflow,
			poll: async () => {},
			last: { items: null },
		};
		const context = new PollContext(
			workflow,
			node,
			additionalData,
			'trigger',
			activation,
			(data) => {
				const items = (data[0] ?? []).map((item) => item.json);
				// n8n saves the static data, then starts the execution (TriggerExecutionContextFactory).
				this.saved = asSaved(workflow.staticData);
				live.last = { items };
				this.pending.push(this.execute(data, live.last));
			},
			(error) => {
				this.failures.push(error);
				live.last = { items: null, error };
			},
			undefined,
			undefined,
			undefined,
			this.pollBudgetMs === undefined ? undefined : () => this.pollBudgetMs!,
		);
		const executor = Container.get<PollTriggerExecutor>(PollTriggerExecutor);
		live.poll = executor.create(workflow, node, context, () => this.live === live);
		this.live = live;
		try {
			await live.poll(true);
			await this.settle();
		} catch (error) {
			this.live = undefined;
			throw error;
		}
		this.saved = asSaved(workflow.staticData);
		return live.last;
	}

	/** One scheduled poll (the cron tick): errors are recorded in `failures`, never thrown. */
	async poll(): Promise<PollOutcome> {
		const live = this.live;
		if (!live) throw new Error('The poll workflow is not active: activate() first');
		live.last = { items: null };
		await live.poll();
		await this.settle();
		return live.last;
	}

	/** n8n stops (what was not saved is lost) and starts again with the workflow active. */
	async restart(): Promise<PollOutcome> {
		this.live = undefined;
		return await this.activate('init');
	}

	deactivate(): void {
		this.live = undefined;
	}

	/**
	 * The editor's "Fetch test event": a manual execution with the poll node as start node, on the
	 * workflow as saved; the static data it leaves is never saved (manual runs do not save it).
	 */
	async fetchTestEvent(): Promise<ManualPollResult> {
		const workflow = this.workflow(this.saved);
		const node = workflow.getNode(this.node.name)!;
		const run = await executeWorkflow(workflow, node, [[]], this.additionalData(), 'manual');
		const task = run.data.resultData.runData[node.name]?.[0];
		return {
			items: task?.data?.main?.[0] ?? [],
			run,
			error: task?.error ?? run.data.resultData.error,
		};
	}

	private readonly pending: Array<Promise<void>> = [];

	private async settle(): Promise<void> {
		while (this.pending.length > 0) await this.pending.shift();
	}

	private async execute(data: INodeExecutionData[][], outcome: PollOutcome): Promise<void> {
		const workflow = this.workflow(this.saved);
		const run = await executeWorkflow(
			workflow,
			workflow.getNode(this.node.name)!,
			data,
			this.additionalData(),
			'trigger',
		);
		outcome.run = run;
		this.executions.push(run);
	}

	private additionalData() {
		return createAdditionalData({
			credentialsHelper: new HarnessCredentialsHelper(this.credentials),
			workflowId: this.id,
		});
	}

	private workflow(staticData: IDataObject): Workflow {
		return new Workflow({
			id: this.id,
			name: 'Engine harness poll',
			nodes: [structuredClone(this.node)],
			connections: {},
			active: true,
			nodeTypes: this.nodeTypes,
			staticData: asSaved(staticData),
			settings: { executionOrder: 'v1' },
		});
	}
}
