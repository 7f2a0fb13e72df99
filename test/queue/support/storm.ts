/** The load both exactly-once suites put on n8n, and the emulator that delivers it. */
import type { SandboxOptions } from '../../../sandbox';

export const STORM = {
	leads: 400,
	concurrency: 20,
	/** Saved deliveries sent again once the storm is over, per interface. */
	lateRepeats: 100,
	sandbox: {
		// The portal allows about 1.5 s; a loaded 2-core machine running several n8n processes needs
		// longer at times, and a time-out is a retry: 10 s keeps the repeats to the ones asked for.
		deliveryTimeoutMs: 10_000,
		// The portal retries for 72 hours; a quarter of an hour of retries stands for that here,
		// enough to outlast a restart of a loaded n8n.
		retrySchedule: [2_000, 5_000, 10_000, 20_000, 40_000, ...Array<number>(14).fill(60_000)],
		// Every attempt of the run is counted.
		deliveriesKept: 100_000,
		// About one delivery in five goes out twice at the same moment, same idEvento.
		faults: { duplicateRate: 0.2, duplicateTiming: 'together' },
	} satisfies SandboxOptions,
	n8nEnv: {
		/** n8n's own default: a stopped n8n lets its running executions finish for up to 30 s. */
		N8N_GRACEFUL_SHUTDOWN_TIMEOUT: '30',
	},
};
