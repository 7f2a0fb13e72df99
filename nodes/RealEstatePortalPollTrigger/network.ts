/**
 * Reading the agencies of a poll: concurrently in the bounded pool (nodes/shared/pool.ts), never
 * more than POLL_REQUESTS_IN_FLIGHT requests at once over all agencies (pages included), each
 * agency's outcome kept apart so that one failing agency fails only itself, and within the poll's
 * time: an agency not started by the deadline is left for the next poll, and no request waits past
 * it (the transport's retries and 429 Retry-After included).
 */
import type { IPollFunctions } from 'n8n-workflow';
import { runInPool } from '../shared/pool';

/**
 * The one bound: the most requests a poll has in flight at once, over every agency. It must let a
 * poll of 1,000 agencies at 50 ms a request finish well within the landing workflow's interval
 * beside n8n's own time per request (docs/benchmarks.md, poll-network), and stay far below what a
 * user may already put in flight (Batching of a bulk association allows 100).
 */
export const POLL_REQUESTS_IN_FLIGHT = 32;

/**
 * A poll starts no agency, and waits for no request, after this long, even where n8n would allow
 * more (its durable scheduler gives a poll 45 s by default, getPollBudgetMs() says how long): the
 * shortest poll interval n8n allows is a minute, and a poll must end before the next one starts.
 */
export const POLL_TIME_LIMIT_MS = 40_000;

/** What the read of one agency may use: its share of the requests in flight, and the deadline. */
export interface AgencyLimits {
	pagesInFlight: number;
	deadline: number;
}

export type AgencyOutcome<T> =
	| { agency: string; value: T }
	/** `late`: the poll's time ran out while the agency was being read. */
	| { agency: string; error: Error; late: boolean }
	/** Not started: the poll's time ran out first. */
	| { agency: string; notReached: true };

/** The epoch ms by which a poll started at `now` must have read its agencies. */
export function pollDeadline(ctx: IPollFunctions, now: number): number {
	// n8n before 2.41 has no getPollBudgetMs.
	const budget =
		typeof ctx.getPollBudgetMs === 'function' ? ctx.getPollBudgetMs() : POLL_TIME_LIMIT_MS;
	return now + Math.min(budget, POLL_TIME_LIMIT_MS);
}

/**
 * Reads each agency with `read`, at most POLL_REQUESTS_IN_FLIGHT requests at once: as many agencies
 * as that allows, each paging with its share of the bound. Outcomes come in the order of
 * `agencies`, whatever order the reads finish in.
 */
export async function readAgencies<T>(
	agencies: string[],
	deadline: number,
	read: (agency: string, limits: AgencyLimits) => Promise<T>,
): Promise<Array<AgencyOutcome<T>>> {
	const concurrency = Math.min(POLL_REQUESTS_IN_FLIGHT, Math.max(1, agencies.length));
	const limits = {
		pagesInFlight: Math.max(1, Math.floor(POLL_REQUESTS_IN_FLIGHT / concurrency)),
		deadline,
	};
	return await runInPool(agencies.length, concurrency, async (index) => {
		const agency = agencies[index];
		if (Date.now() >= deadline) return { agency, notReached: true as const };
		try {
			return { agency, value: await read(agency, limits) };
		} catch (error) {
			return { agency, error: error as Error, late: Date.now() >= deadline };
		}
	});
}

/**
 * The values of the agencies read. When none could be read and some failed, the first failure is
 * thrown as it is (the portal down, the token refused, the plan refusing the list): nothing else to
 * show. In a poll, a read the poll's time cut short is no failure (the next poll starts there): a
 * poll whose time ran out while it read its first agencies ends with nothing new. A sample ("Fetch
 * test event", `cutShortFails`) has no next poll: there it is a failure like any other.
 */
export function readOrThrow<T>(
	outcomes: Array<AgencyOutcome<T>>,
	{ cutShortFails = false } = {},
): T[] {
	const values: T[] = [];
	let firstError: Error | undefined;
	for (const outcome of outcomes) {
		if ('value' in outcome) values.push(outcome.value);
		else if ('error' in outcome && (cutShortFails || !outcome.late)) firstError ??= outcome.error;
	}
	if (values.length === 0 && firstError) throw firstError;
	return values;
}

/** A poll's outcomes sorted out: what each agency keeps, and who was read, failed, not reached. */
export interface Settled<C, V> {
	/** The cursor each listed agency keeps: its new one when read, else its previous one. */
	kept: Record<string, C>;
	/** The values of the agencies read, in the order of the outcomes. */
	values: V[];
	read: string[];
	failed: Map<string, Error>;
	/**
	 * The first agency, in reading order, that the poll's time cut short or did not reach: the next
	 * poll starts there, so that each agency gets its turn.
	 */
	resumeAt?: string;
}

/**
 * Sorts out a poll's outcomes. An agency not read keeps its previous cursor, or gets `unread(agency)`
 * when it has none (a starting point recorded without reading it, or none at all).
 */
export function settle<C, V extends { cursor: C }>(
	outcomes: Array<AgencyOutcome<V>>,
	previous: Record<string, C>,
	unread: (agency: string) => C | undefined,
): Settled<C, V> {
	const settled: Settled<C, V> = {
		kept: {},
		values: [],
		read: [],
		failed: new Map(),
	};
	for (const outcome of outcomes) {
		const { agency } = outcome;
		if ('value' in outcome) {
			settled.kept[agency] = outcome.value.cursor;
			settled.values.push(outcome.value);
			settled.read.push(agency);
			continue;
		}
		if ('error' in outcome) settled.failed.set(agency, outcome.error);
		if (!('error' in outcome) || outcome.late) settled.resumeAt ??= agency;
		const kept = previous[agency] ?? unread(agency);
		if (kept !== undefined) settled.kept[agency] = kept;
	}
	return settled;
}
