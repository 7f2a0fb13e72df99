import { setTimeout as sleep } from 'node:timers/promises';

/** Reads until `done` holds for what was read (every 250 ms), or fails naming `what`. */
export async function until<T>(
	read: () => Promise<T> | T,
	done: (value: T) => boolean,
	what: string,
	timeoutMs = 60_000,
): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await read();
		if (done(value)) return value;
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
		await sleep(250);
	}
}
