/**
 * The age rules of the details memory (nodes/shared/leadDetails/ages.ts) on one kept read, with the
 * clock given: answered from memory while held, read again in the background once old or marked
 * due, a failure neither repeated at every use nor replacing what was read before.
 */
import { MEMORY_AGE } from '../../../nodes/shared/leadDetails/ages';
import { KeptRead } from '../../../nodes/shared/leadDetails/keptRead';

const FRESH_MS = 5 * 60_000;

/** A read the test ends when it wants, counting how many were started. */
function reads() {
	const started: Array<{ resolve: (value: string) => void; reject: (error: Error) => void }> = [];
	const read = () =>
		new Promise<string>((resolve, reject) => {
			started.push({ resolve, reject });
		});
	return { read, started };
}

/** A kept read that holds `held`, read at time 0, and the reads started since. */
async function holding(held: string) {
	const kept = new KeptRead<string>(FRESH_MS);
	const { read, started } = reads();
	const first = kept.get(read, 0);
	started[0].resolve(held);
	await first;
	return { kept, read, started };
}

const value = async (answer: Promise<unknown>) => {
	const outcome = (await answer) as { ok: boolean; value?: { value: string }; reason?: string };
	return outcome.ok ? outcome.value!.value : `failed: ${outcome.reason}`;
};

it('nothing held: the first use reads, and uses meanwhile share that one read', async () => {
	const kept = new KeptRead<string>(FRESH_MS);
	const { read, started } = reads();

	const first = kept.get(read, 0);
	const second = kept.get(read, 10);
	started[0].resolve('list');

	expect(started).toHaveLength(1);
	await expect(value(first)).resolves.toBe('list');
	await expect(value(second)).resolves.toBe('list');
});

it('held and fresh: answered from memory, nothing read', async () => {
	const { kept, read, started } = await holding('list');

	await expect(value(kept.get(read, FRESH_MS - 1))).resolves.toBe('list');
	expect(started).toHaveLength(1);
});

it('held past its fresh age: answered at once with what is held, read again in the background for the next uses', async () => {
	const { kept, read, started } = await holding('old');

	const stale = await value(kept.get(read, FRESH_MS));
	expect(stale).toBe('old');
	expect(started).toHaveLength(2);
	started[1].resolve('new');
	await kept.refresh(read, FRESH_MS + 1);

	await expect(value(kept.get(read, FRESH_MS + 2))).resolves.toBe('new');
	expect(started).toHaveLength(2);
});

it('a failed re-read leaves what was read before answering, and is not tried again before failedMs', async () => {
	const { kept, read, started } = await holding('old');

	const stale = kept.get(read, FRESH_MS);
	started[1].reject(new Error('503'));
	await expect(value(stale)).resolves.toBe('old');
	await kept.refresh(read, FRESH_MS);

	await expect(value(kept.get(read, FRESH_MS + MEMORY_AGE.failedMs - 1))).resolves.toBe('old');
	expect(started).toHaveLength(2);
	void kept.get(read, FRESH_MS + MEMORY_AGE.failedMs);
	expect(started).toHaveLength(3);
});

it('nothing held and the read failed: that failure is the answer until failedMs, then it is read again', async () => {
	const kept = new KeptRead<string>(FRESH_MS);
	const { read, started } = reads();
	const first = kept.get(read, 0);
	started[0].reject(new Error('The portal answered 503'));

	await expect(value(first)).resolves.toBe('failed: The portal answered 503');
	await expect(value(kept.get(read, MEMORY_AGE.failedMs - 1))).resolves.toBe(
		'failed: The portal answered 503',
	);
	expect(started).toHaveLength(1);
	const again = kept.get(read, MEMORY_AGE.failedMs);
	started[1].resolve('list');
	await expect(value(again)).resolves.toBe('list');
});

it('marked due (an ad change): read again at the next use once dueAfterMs old, though still fresh', async () => {
	const { kept, read, started } = await holding('before');

	kept.markDue();
	await kept.get(read, MEMORY_AGE.dueAfterMs - 1);
	expect(started).toHaveLength(1);
	await expect(value(kept.get(read, MEMORY_AGE.dueAfterMs))).resolves.toBe('before');
	expect(started).toHaveLength(2);
	started[1].resolve('after');
	await kept.refresh(read, MEMORY_AGE.dueAfterMs);

	await expect(value(kept.get(read, MEMORY_AGE.dueAfterMs + 1))).resolves.toBe('after');
	// Read once for the change: fresh again, not due.
	expect(kept.isDue(MEMORY_AGE.dueAfterMs * 2 + 1)).toBe(false);
});

it('held longer than servedMs: no longer answered, the use waits for the read', async () => {
	const { kept, read, started } = await holding('old');

	const late = kept.get(read, MEMORY_AGE.servedMs);
	started[1].resolve('new');

	await expect(value(late)).resolves.toBe('new');
});
