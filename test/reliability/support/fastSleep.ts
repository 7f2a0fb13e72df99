/**
 * n8n-workflow with a `sleep` that records what was asked and waits a fraction of it, so that a
 * thousand items with retries and Retry-After run in seconds while the delays stay observable.
 * Use from a test file (jest hoists it):
 *   jest.mock('n8n-workflow', () => jest.requireActual('./support/fastSleep').workflowWithFastSleep());
 */
export const askedSleeps: number[] = [];

const SPEED_UP = 100;

export function workflowWithFastSleep(): Record<string, unknown> {
	const actual = jest.requireActual('n8n-workflow') as Record<string, unknown> & {
		sleep: (ms: number) => Promise<void>;
	};
	return {
		...actual,
		sleep: async (ms: number) => {
			askedSleeps.push(ms);
			await actual.sleep(Math.ceil(ms / SPEED_UP));
		},
	};
}
