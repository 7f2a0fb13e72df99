/**
 * What n8n ran for a side's workflow, from its public API: the callback's executions (mode
 * `webhook`, one per delivery n8n ran) and the lead list's (mode `trigger`, one per poll that
 * emitted leads: new ones, and again those of the last hour), and for the latter which leads each
 * poll carried, which it landed as rows and which rows it completed.
 */
import { setTimeout as sleep } from 'node:timers/promises';

import {
	LANDING_DETAILS_FILL,
	LANDING_LIST_TRIGGER,
	LANDING_UPSERT,
	type Execution,
	type ProvisionedN8n,
} from '../../harness/n8n';

export interface Run {
	id: string;
	mode: string;
	status: string;
	startedAt: number;
	stoppedAt: number | null;
}

export const isCallbackRun = (run: Run) => run.mode === 'webhook';
export const isListRun = (run: Run) => run.mode === 'trigger';
const isUnfinished = (run: Run) => run.status === 'running' || run.status === 'new';

const runOf = (execution: Execution): Run => ({
	id: execution.id,
	mode: execution.mode,
	status: execution.status,
	startedAt: Date.parse(execution.startedAt),
	stoppedAt: execution.stoppedAt === null ? null : Date.parse(execution.stoppedAt),
});

export async function runsOf(owner: ProvisionedN8n, workflowId: string): Promise<Run[]> {
	return (await owner.api.everyExecution(workflowId, false)).map(runOf);
}

/**
 * The callback runs started since `since`, once n8n has finished them: none unfinished and their
 * number unchanged for three seconds (or two minutes passed).
 */
export async function settledCallbackRuns(
	owner: ProvisionedN8n,
	workflowId: string,
	since: number,
): Promise<Run[]> {
	let last: Run[] = [];
	for (let quiet = 0, polls = 0; quiet < 3 && polls < 120; polls++) {
		const now = (await runsOf(owner, workflowId)).filter(
			(run) => isCallbackRun(run) && run.startedAt >= since,
		);
		quiet = now.length === last.length && !now.some(isUnfinished) ? quiet + 1 : 0;
		last = now;
		await sleep(1_000);
	}
	return last;
}

/** One poll of the lead list: the e-mails it carried, landed (rows it made) and filled in. */
export interface ListRun {
	id: string;
	startedAt: number;
	stoppedAt: number;
	carried: string[];
	landed: string[];
	filled: string[];
}

/**
 * The e-mails of the items `node` output (none when it did not run: nothing reached it); `made`:
 * only of the rows it made (a Data table row written once has createdAt = updatedAt).
 */
const emailsOf = (execution: Execution, node: string, made = false) =>
	(execution.data?.resultData.runData[node]?.[0]?.data?.main[0] ?? [])
		.filter(({ json }) => !made || json.createdAt === json.updatedAt)
		.map((item) => String(item.json.email));

/** The lead list's runs, their data read once each. */
export class ListRuns {
	private readonly known = new Map<string, ListRun>();

	constructor(
		private readonly owner: ProvisionedN8n,
		private readonly workflowId: string,
	) {}

	async read(): Promise<ListRun[]> {
		const finished = (await runsOf(this.owner, this.workflowId)).filter(
			(run) => isListRun(run) && run.stoppedAt !== null && !this.known.has(run.id),
		);
		for (const run of finished) {
			const execution = await this.owner.api.getExecution(run.id, true);
			this.known.set(run.id, {
				id: run.id,
				startedAt: run.startedAt,
				stoppedAt: run.stoppedAt!,
				carried: emailsOf(execution, LANDING_LIST_TRIGGER),
				landed: emailsOf(execution, LANDING_UPSERT, true),
				filled: emailsOf(execution, LANDING_DETAILS_FILL),
			});
		}
		return [...this.known.values()];
	}
}
