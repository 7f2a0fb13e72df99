import { setTimeout as sleep } from 'node:timers/promises';

import { N8nHttpError } from './httpJson';
import type { Execution } from './n8nPublicApi';
import type { ProvisionedN8n } from './provision';

/**
 * Runs a stored workflow the way the editor's "Execute workflow" button does: n8n's internal
 * `POST /rest/workflows/:id/run` (owner session) starting from the named trigger, in `manual`
 * mode, on the workflow exactly as stored. A Schedule or Manual Trigger then emits its one item at
 * once. Resolves with the finished execution and its data, read through the public API.
 */
export async function runManually(
	owner: ProvisionedN8n,
	workflowId: string,
	triggerName: string,
	timeoutMs = 60_000,
): Promise<Execution> {
	const started = await owner.session.send<{ executionId?: string; waitingForWebhook?: boolean }>(
		'POST',
		`/rest/workflows/${workflowId}/run`,
		{ triggerToStartFrom: { name: triggerName } },
	);
	if (!started.executionId) {
		throw new Error(
			`n8n did not start workflow ${workflowId} from "${triggerName}": ${JSON.stringify(started)}`,
		);
	}
	return await waitForExecution(owner, started.executionId, timeoutMs);
}

/** Polls the public API until the execution has stopped; returns it with its data. */
export async function waitForExecution(
	owner: ProvisionedN8n,
	executionId: string,
	timeoutMs = 60_000,
) {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		try {
			const execution = await owner.api.getExecution(executionId, true);
			if (execution.stoppedAt) return execution;
		} catch (error) {
			// Saved once it has started; until then the public API does not know it.
			if (!(error instanceof N8nHttpError && error.status === 404)) throw error;
		}
		if (Date.now() > deadline)
			throw new Error(`execution ${executionId} did not finish within ${timeoutMs} ms`);
		await sleep(200);
	}
}
