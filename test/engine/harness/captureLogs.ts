import { ensureEngine } from '../../../harness/engine/engineSetup';

export interface CapturedLogs<T> {
	/** Every line n8n's Logger received while `work` ran, metadata included. */
	logs: string[];
	result?: T;
	/** What `work` threw, if it threw. */
	error?: unknown;
}

/**
 * Runs `work` (a trigger's activate(), a loadOptions call...) and returns what n8n logged
 * meanwhile, for assertions and secret searches on operations that are not node runs.
 */
export async function captureLogs<T>(work: () => Promise<T>): Promise<CapturedLogs<T>> {
	const logger = ensureEngine();
	const mark = logger.mark();
	try {
		const result = await work();
		return { logs: logger.linesSince(mark), result };
	} catch (error) {
		return { logs: logger.linesSince(mark), error };
	}
}
