/**
 * A node's polls, one at a time in this process. n8n 2.41 may start a poll while another poll of
 * the node runs (the first poll after a start and a scheduled one), and two polls reading one
 * cursor would emit the same leads twice. Each activation builds its Workflow from the saved one,
 * so a poll's static data may be the running poll's object or a copy saved earlier (only a poll
 * that emits saves it): a poll waits for the running one and goes on from the state it wrote.
 * Only the polls in progress are kept.
 */
import type { IPollFunctions } from 'n8n-workflow';
import type { PollStore } from './store';

interface Queue {
	/** Settles once the last poll queued is over. */
	last: Promise<void>;
	/** The state the last poll over wrote (a copy), while another poll waits for it. */
	state?: PollStore;
}

/** Polls in progress, by workflow and node. */
const queues = new Map<string, Queue>();

const copyOf = (store: PollStore) => JSON.parse(JSON.stringify(store)) as PollStore;

/** Runs `poll` on the node's static data once the node's polls in progress are over. */
export async function oneAtATime<T>(
	ctx: IPollFunctions,
	poll: (store: PollStore) => Promise<T>,
): Promise<T> {
	const key = JSON.stringify([ctx.getWorkflow().id, ctx.getNode().name]);
	const queue = queues.get(key) ?? { last: Promise.resolve() };
	queues.set(key, queue);
	const before = queue.last;
	let over!: () => void;
	const mine = new Promise<void>((resolve) => (over = resolve));
	queue.last = mine;
	await before;
	const store = ctx.getWorkflowStaticData('node') as PollStore;
	if (queue.state !== undefined) {
		for (const name of Object.keys(store)) delete store[name];
		Object.assign(store, copyOf(queue.state));
	}
	try {
		const result = await poll(store);
		if (queue.last !== mine) queue.state = copyOf(store);
		return result;
	} finally {
		if (queue.last === mine) queues.delete(key);
		over();
	}
}
