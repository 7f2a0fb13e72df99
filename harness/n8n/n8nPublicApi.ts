import { setTimeout as sleep } from 'node:timers/promises';

import { fetchJson } from './httpJson';

/** A workflow as the public API accepts it (`settings` is required there). */
export interface WorkflowDefinition {
	name: string;
	nodes: Array<Record<string, unknown>>;
	connections: Record<string, unknown>;
	settings?: Record<string, unknown>;
	staticData?: unknown;
}

export interface StoredWorkflow extends WorkflowDefinition {
	id: string;
	active: boolean;
}

export interface Execution {
	id: string;
	workflowId: string;
	status: string;
	finished: boolean;
	mode: string;
	startedAt: string;
	stoppedAt: string | null;
	data?: ExecutionData;
}

/** The part of an execution's run data the tests read. */
export interface ExecutionData {
	resultData: {
		error?: { message: string };
		runData: Record<
			string,
			Array<{
				data?: {
					main: Array<
						Array<{ json: Record<string, unknown>; binary?: Record<string, BinaryFile> }>
					>;
				};
			}>
		>;
	};
}

/** A file an item carries, as execution data describes it (the content stays in n8n's binary store). */
export interface BinaryFile {
	id?: string;
	fileName?: string;
	mimeType?: string;
	fileSize?: string;
}

/** An n8n data table as the public API lists it. */
export interface DataTable {
	id: string;
	name: string;
	projectId: string;
	columns: Array<{ name: string; type: string }>;
}

/** A credential as the public API names it back (never its data), and what it is made with. */
type CredentialRef = { id: string; name: string; type: string };
type Credential = Omit<CredentialRef, 'id'> & { data: Record<string, unknown> };

export interface ExecutionQuery {
	workflowId?: string;
	status?: 'success' | 'error' | 'crashed' | 'waiting' | 'canceled' | 'running' | 'new' | 'unknown';
	includeData?: boolean;
	limit?: number;
}

/** n8n's public REST API (`/api/v1`, authenticated by an API key), as the tests use it. */
export class N8nPublicApi {
	constructor(
		readonly baseUrl: string,
		private readonly apiKey: string,
	) {}

	async createWorkflow(workflow: WorkflowDefinition): Promise<StoredWorkflow> {
		return await this.send('POST', '/workflows', { settings: {}, ...workflow });
	}

	async getWorkflow(id: string): Promise<StoredWorkflow> {
		return await this.send('GET', `/workflows/${id}`);
	}

	/** Publishes (n8n 1.x: activates) the workflow: its triggers and production webhooks go live. */
	async publishWorkflow(id: string): Promise<StoredWorkflow> {
		return await this.send('POST', `/workflows/${id}/publish`, {});
	}

	/** Saves a new version; a published workflow is published again with it (n8n 2.x). */
	async updateWorkflow(id: string, workflow: WorkflowDefinition): Promise<StoredWorkflow> {
		return await this.send('PUT', `/workflows/${id}`, workflow);
	}

	/** Unpublishes (n8n 1.x: deactivates) the workflow. */
	async unpublishWorkflow(id: string): Promise<StoredWorkflow> {
		return await this.send('POST', `/workflows/${id}/unpublish`);
	}

	async createCredential(credential: Credential) {
		return await this.send<CredentialRef>('POST', '/credentials', credential);
	}

	/** The credentials this key's user can see (first page of up to 250; no secrets). */
	async listCredentials(): Promise<CredentialRef[]> {
		return (await this.send<{ data: CredentialRef[] }>('GET', '/credentials?limit=250')).data;
	}

	async updateCredential(id: string, changes: Partial<Credential>) {
		return await this.send<CredentialRef>('PATCH', `/credentials/${id}`, changes);
	}

	/** The workflows this key's user can see (first page of up to 250). */
	async listWorkflows(): Promise<StoredWorkflow[]> {
		return (await this.send<{ data: StoredWorkflow[] }>('GET', '/workflows?limit=250')).data;
	}

	/** The data tables this key's user can see (first page of up to 250). */
	async listDataTables(): Promise<DataTable[]> {
		return (await this.send<{ data: DataTable[] }>('GET', '/data-tables?limit=250')).data;
	}

	/** Renames a data table (n8n's public API, PATCH /data-tables/{id}). */
	async renameDataTable(id: string, name: string): Promise<void> {
		await this.send('PATCH', `/data-tables/${id}`, { name });
	}

	/** The data table of that name (n8n matches names without regard to case), or undefined. */
	async dataTableNamed(name: string): Promise<DataTable | undefined> {
		return (await this.listDataTables()).find(
			(table) => table.name.toLowerCase() === name.toLowerCase(),
		);
	}

	/** Every row of a data table, all pages, in n8n's order (by row id). */
	async dataTableRows(id: string): Promise<Array<Record<string, unknown>>> {
		return await this.everyPage<Record<string, unknown>>(`/data-tables/${id}/rows?limit=250`);
	}

	/** Every item of a listing the public API pages with `nextCursor`, `path` carrying its query. */
	private async everyPage<T>(path: string): Promise<T[]> {
		const items: T[] = [];
		let cursor: string | null = null;
		do {
			const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
			const page = await this.send<{ data: T[]; nextCursor: string | null }>('GET', path + query);
			items.push(...page.data);
			cursor = page.nextCursor;
		} while (cursor);
		return items;
	}

	/** The newest executions first, one page (up to `limit`, at most 250). */
	async listExecutions(query: ExecutionQuery = {}): Promise<Execution[]> {
		const params = new URLSearchParams();
		for (const [key, value] of Object.entries(query)) {
			if (value !== undefined) params.set(key, String(value));
		}
		const page = await this.send<{ data: Execution[] }>('GET', `/executions?${params}`);
		return page.data;
	}

	/** How many executions the workflow has, by status (every page, without data). */
	async countExecutions(workflowId: string): Promise<Record<string, number>> {
		const counts: Record<string, number> = {};
		for (const execution of await this.everyExecution(workflowId, false))
			counts[execution.status] = (counts[execution.status] ?? 0) + 1;
		return counts;
	}

	/** Every execution of the workflow (every page), with its data unless `includeData` is false. */
	async everyExecution(workflowId: string, includeData = true): Promise<Execution[]> {
		return await this.everyPage<Execution>(
			`/executions?workflowId=${workflowId}&includeData=${includeData}&limit=250`,
		);
	}

	async getExecution(id: string, includeData = true): Promise<Execution> {
		return await this.send('GET', `/executions/${id}?includeData=${includeData}`);
	}

	/**
	 * Polls until the workflow has at least `count` finished executions (n8n saves one after the
	 * webhook answered), of `mode` if given (a Poll Trigger may add a `trigger` one at any moment),
	 * then returns them with their data, newest first.
	 */
	async waitForExecutions(
		workflowId: string,
		count: number,
		{ mode, timeoutMs = 30_000 }: { mode?: string; timeoutMs?: number } = {},
	): Promise<Execution[]> {
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			const executions = (
				await this.listExecutions({ workflowId, includeData: true, limit: 250 })
			).filter(
				(execution) =>
					execution.stoppedAt !== null && (mode === undefined || execution.mode === mode),
			);
			if (executions.length >= count) return executions;
			if (Date.now() > deadline) {
				throw new Error(
					`workflow ${workflowId} has ${executions.length} finished ${mode ?? ''} executions, expected ${count}`,
				);
			}
			await sleep(200);
		}
	}

	private async send<T>(method: string, path: string, body?: unknown): Promise<T> {
		const response = await fetchJson<T>(method, `${this.baseUrl}/api/v1${path}`, {
			headers: { 'X-N8N-API-KEY': this.apiKey },
			body,
		});
		return response.body;
	}
}
