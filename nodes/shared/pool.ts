/**
 * A bounded pool of asynchronous work, shared by the per-item runner (Batching) and list paging.
 * Freed slots are refilled together once half of them (at least one) are free, not one by one:
 * starting requests in groups lets this process and the portal each work through a group at a time,
 * which costs less CPU than refilling one by one (docs/benchmarks.md, association), while a slow
 * task (a 429 honouring Retry-After) still holds only its own slot.
 */

/**
 * Runs `task(0)` … `task(count - 1)` with at most `concurrency` at once and answers their results in
 * order. Tasks settle their own failures (they must not reject). Once `stop(result)` is true for a
 * result, nothing new starts: the answer ends with the tasks started until then.
 */
export async function runInPool<T>(
	count: number,
	concurrency: number,
	task: (index: number) => Promise<T>,
	stop: (result: T) => boolean = () => false,
): Promise<T[]> {
	const results: T[] = [];
	const refillWhenFree = Math.max(1, Math.floor(concurrency / 2));
	let next = 0;
	let inFlight = 0;
	let stopped = false;
	const mayStart = () => next < count && !stopped;
	return await new Promise<T[]>((resolve) => {
		const start = () => {
			while (inFlight < concurrency && mayStart()) {
				const index = next++;
				inFlight++;
				void task(index).then((result) => {
					results[index] = result;
					inFlight--;
					if (stop(result)) stopped = true;
					if (concurrency - inFlight >= refillWhenFree) start();
					if (inFlight === 0 && !mayStart()) resolve(results.slice(0, next));
				});
			}
		};
		start();
		if (inFlight === 0) resolve([]);
	});
}
