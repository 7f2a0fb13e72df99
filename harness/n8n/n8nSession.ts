import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

import { N8nHttpError, fetchJson } from './httpJson';

export interface OwnerAccount {
	email: string;
	password: string;
	firstName: string;
	lastName: string;
}

/** A node type as n8n lists it to the editor (only the fields the tests read). */
export interface ListedNodeType {
	name: string;
	displayName: string;
	version: number | number[];
	credentials?: Array<{ name: string }>;
}

/**
 * Where a workflow's (un)publication stands. n8n 2.x (un)publishes through an outbox: the public
 * API answers at once and the triggers and webhooks go live (or fail) shortly after.
 */
export interface PublicationStatus {
	status: 'in_progress' | 'not_published' | 'published' | 'partial' | 'failed';
	liveVersionId: string | null;
	pendingVersionId: string | null;
	triggers: Array<{ nodeId: string; status: string; errorMessage: string | null }>;
}

/**
 * A logged-in user of n8n's internal REST API (`/rest`, what the editor uses): owner set-up,
 * login, API keys and the node types n8n loaded. Everything else goes through the public API.
 */
export class N8nSession {
	// n8n binds its auth cookie to the browser-id header the session was opened with.
	private readonly browserId = randomUUID();
	private cookie = '';

	private constructor(readonly baseUrl: string) {}

	/** Creates the instance owner (only possible once per user folder) and logs in as them. */
	static async setUpOwner(baseUrl: string, owner: OwnerAccount): Promise<N8nSession> {
		const session = new N8nSession(baseUrl);
		await session.send('POST', '/rest/owner/setup', owner);
		return session;
	}

	/** Whether this n8n already has its owner (a reused user folder) or still shows the set-up. */
	static async hasOwner(baseUrl: string): Promise<boolean> {
		const settings = await fetchJson<{
			data: { userManagement: { showSetupOnFirstLoad: boolean } };
		}>('GET', `${baseUrl}/rest/settings`);
		return !settings.body.data.userManagement.showSetupOnFirstLoad;
	}

	static async login(baseUrl: string, owner: Pick<OwnerAccount, 'email' | 'password'>) {
		const session = new N8nSession(baseUrl);
		await session.send('POST', '/rest/login', {
			emailOrLdapLoginId: owner.email,
			password: owner.password,
		});
		return session;
	}

	/** Creates a public API key holding every scope this user may grant; returns the raw key. */
	async createApiKey(label: string): Promise<string> {
		const scopes = await this.send<string[]>('GET', '/rest/api-keys/scopes');
		const key = await this.send<{ rawApiKey: string }>('POST', '/rest/api-keys', {
			label,
			scopes,
			expiresAt: null,
		});
		return key.rawApiKey;
	}

	/** Every node type n8n loaded, as served to the editor. */
	async nodeTypes(): Promise<ListedNodeType[]> {
		return await this.typesFile('nodes');
	}

	/** Every credential type n8n loaded, as served to the editor. */
	async credentialTypes(): Promise<Array<{ name: string; displayName: string }>> {
		return await this.typesFile('credentials');
	}

	async publicationStatus(workflowId: string): Promise<PublicationStatus> {
		return await this.send('GET', `/rest/workflows/${workflowId}/publication-status`);
	}

	/**
	 * Waits until n8n has finished (un)publishing the workflow and returns how that went; `before`, the
	 * status before the call, is answered until n8n's outbox takes the call up.
	 */
	async waitForPublication(
		workflowId: string,
		before?: PublicationStatus['status'],
		timeoutMs = 30_000,
	): Promise<PublicationStatus> {
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			const publication = await this.publicationStatus(workflowId);
			const late = Date.now() > deadline;
			if (publication.status !== 'in_progress' && (publication.status !== before || late))
				return publication;
			if (late) throw new Error(`workflow ${workflowId} is still being (un)published`);
			await sleep(100);
		}
	}

	/** A call to the internal REST API; unwraps n8n's `{ data }` envelope. */
	async send<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
		const response = await fetchJson<{ data: T }>(method, `${this.baseUrl}${path}`, {
			headers: this.headers(),
			body,
		});
		this.keepAuthCookie(response.headers);
		return response.body?.data;
	}

	/** A GET of the internal REST API answered with text (a file download, for instance). */
	async getText(path: string): Promise<string> {
		const response = await fetch(`${this.baseUrl}${path}`, { headers: this.headers() });
		const text = await response.text();
		if (!response.ok)
			throw new N8nHttpError('GET', `${this.baseUrl}${path}`, response.status, text);
		return text;
	}

	private async typesFile<T>(kind: 'nodes' | 'credentials'): Promise<T> {
		const response = await fetchJson<T>('GET', `${this.baseUrl}/types/${kind}.json`, {
			headers: this.headers(),
		});
		return response.body;
	}

	private headers(): Record<string, string> {
		return { 'browser-id': this.browserId, ...(this.cookie ? { cookie: this.cookie } : {}) };
	}

	private keepAuthCookie(headers: Headers) {
		const auth = headers.getSetCookie().find((cookie) => cookie.startsWith('n8n-auth='));
		if (auth) this.cookie = auth.split(';')[0];
	}
}
