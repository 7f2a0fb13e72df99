/** The property details' memory as the trigger's process holds it, and a busy machine around it. */
import { spawn, type ChildProcess } from 'node:child_process';
import { keptAdCount } from '../../nodes/shared/leadDetails/detailsMemory';

/** Waits until the details memory holds at least `count` ads; fails after `timeoutMs`. */
export async function memoryHolds(count: number, timeoutMs = 20_000): Promise<void> {
	const until = Date.now() + timeoutMs;
	while (keptAdCount() < count) {
		if (Date.now() > until) {
			throw new Error(`the details memory holds ${keptAdCount()} ads, not ${count}`);
		}
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
}

/**
 * The work of other executions in this process, as a busy n8n has: the event loop held `busyMs`
 * out of every `everyMs`. Answers the function that stops it.
 */
export function keepEventLoopBusy(busyMs: number, everyMs: number): () => void {
	const timer = setInterval(() => {
		const until = performance.now() + busyMs;
		while (performance.now() < until);
	}, everyMs);
	return () => clearInterval(timer);
}

/** Another busy process on the machine: one core spinning until killed. */
export function burnOneCore(): ChildProcess {
	return spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
}
