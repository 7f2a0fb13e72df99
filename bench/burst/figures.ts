/**
 * The figures of one scenario on one side, from what the portal saw (every delivery attempt), what
 * n8n ran (callback and lead list executions) and the rows of the table, per lead (matched by its
 * prospect's e-mail on every side).
 */
import type { DeliveryAttempt } from '../../sandbox';
import { doorRefusal } from '../../harness/n8n';
import type { MadeLead } from './leads';
import type { ListRun, Run } from './runs';

/** What n8n answers, with 200, every request while it boots: a lead no node sees. */
export const N8N_STARTING_UP = 'n8n is starting up. Please wait';

export interface ScenarioFigures {
	leads: number;
	/** Leads whose every attempt failed: the portal stopped trying. */
	'given up': number;
	/** Leads the portal was still retrying when the scenario was cut off (demo schedule). */
	'still retrying': number;
	'callback executions per lead': number;
	/** Callback executions that ended in error or crashed. */
	'callback executions failed': number;
	/** Polls of the lead list that carried leads of the scenario first (one execution per poll). */
	'list executions': number;
	/** Rows the list path's upsert made: the lead had none (the callback had not landed it). */
	'list rows landed': number;
	/** Rows a run of the list path completed with the property's details. */
	'list rows updated': number;
	/** Rows without the property's details once the list had time to complete them (withoutDetails). */
	'rows without details': number;
	'rows missing': number;
	'rows twice': number;
	/** Leads with a row that n8n answered with success (not its "starting up" 200). */
	'landed by callback': number;
	/** First lead made → every lead one row (NaN: not every lead has one). */
	'drain s': number;
	/** First lead made → n8n's last success answer, if every lead got one (NaN: not every lead did). */
	'callback drain s': number;
	'attempts per lead': number;
	'first-attempt success %': number;
	'longest answer ms': number;
	/** Attempts the portal hung up on after its answer time. */
	timeouts: number;
	/** Attempts answered 503 by the door (busy or not ready) and by n8n (the trigger, or n8n itself). */
	'503 door': number;
	'503 n8n': number;
	/** Attempts answered n8n's "starting up" 200: delivered for the portal, seen by no node. */
	'starting-up 200s': number;
}

export interface ScenarioInputs {
	leads: readonly MadeLead[];
	attempts: readonly DeliveryAttempt[];
	stillRetrying: number;
	callbackRuns: readonly Run[];
	listRuns: readonly ListRun[];
	rows: ReadonlyArray<Record<string, unknown>>;
	/** The landing workflow's rows (a peer's carry no details by design). */
	landing: boolean;
}

/** A data table's row instant: n8n's public API writes them in UTC, with or without the zone. */
export function rowInstant(value: unknown): number {
	const text = String(value);
	const unzoned = /^\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(\.\d+)?$/.test(text);
	return Date.parse(unzoned ? `${text.replace(' ', 'T')}Z` : text);
}

/** A landing row without the property's details: it names an ad and has no title. */
export const withoutDetails = (row: Record<string, unknown>) => Boolean(row.adCode) && !row.adTitle;

const seconds = (ms: number) => ms / 1_000;
const endOf = (attempt: DeliveryAttempt) => Date.parse(attempt.startedAt) + attempt.durationMs;
const startingUp = (attempt: DeliveryAttempt) => attempt.responseBody.includes(N8N_STARTING_UP);
/**
 * A success the trigger answered, or the door for it (a lead the trigger said was done); not n8n's
 * "starting up" 200.
 */
const heardFromTrigger = (attempt: DeliveryAttempt) =>
	attempt.outcome === 'success' && !startingUp(attempt);

/** When every lead had its first row, or NaN if some lead has none. */
export function everyRowAt(
	leads: readonly MadeLead[],
	rows: ReadonlyArray<Record<string, unknown>>,
): number {
	const firstRowAt = new Map<string, number>();
	for (const row of rows) {
		const email = String(row.email);
		const at = rowInstant(row.createdAt);
		firstRowAt.set(email, Math.min(firstRowAt.get(email) ?? at, at));
	}
	const times = leads.map((lead) => firstRowAt.get(lead.email) ?? Number.NaN);
	return times.some(Number.isNaN) ? Number.NaN : Math.max(...times);
}

export function scenarioFigures(inputs: ScenarioInputs): ScenarioFigures {
	const { leads, attempts, callbackRuns, listRuns } = inputs;
	const emails = new Set(leads.map((lead) => lead.email));
	const rows = inputs.rows.filter((row) => emails.has(String(row.email)));
	const rowsOf = new Map<string, number>();
	for (const row of rows) rowsOf.set(String(row.email), (rowsOf.get(String(row.email)) ?? 0) + 1);
	const started = Math.min(...leads.map((lead) => lead.madeAt));
	const attemptsOf = (lead: MadeLead) => attempts.filter((a) => a.idEvento === lead.idEvento);
	const n8nSuccessEnd = leads.map((lead) => {
		const ends = attemptsOf(lead).filter(heardFromTrigger).map(endOf);
		return ends.length > 0 ? Math.min(...ends) : Number.NaN;
	});
	const givenUp = leads.filter((lead) => {
		const own = attemptsOf(lead);
		return own.some((a) => a.final) && !own.some((a) => a.outcome === 'success');
	}).length;
	// Each poll emits again the leads of the last hour: the polls that carried a lead first.
	const carried = new Set<string>();
	const carrying = [...listRuns]
		.sort((a, b) => a.startedAt - b.startedAt)
		.filter((run) => {
			const before = carried.size;
			for (const email of run.carried) if (emails.has(email)) carried.add(email);
			return carried.size > before;
		});
	const listed = (rowsOfRun: (run: ListRun) => string[]) =>
		new Set(listRuns.flatMap(rowsOfRun).filter((email) => emails.has(email))).size;
	const door = attempts.filter((a) => a.status === 503 && doorRefusal(a.responseBody)).length;
	const drainEnd = everyRowAt(leads, rows);
	return {
		leads: leads.length,
		'given up': givenUp,
		'still retrying': inputs.stillRetrying,
		'callback executions per lead': callbackRuns.length / leads.length,
		'callback executions failed': callbackRuns.filter(
			(run) => run.status === 'error' || run.status === 'crashed',
		).length,
		'list executions': carrying.length,
		'list rows landed': listed((run) => run.landed),
		'list rows updated': listed((run) => run.filled),
		'rows without details': inputs.landing ? rows.filter(withoutDetails).length : 0,
		'rows missing': leads.filter((lead) => !rowsOf.has(lead.email)).length,
		'rows twice': [...rowsOf.values()].filter((count) => count > 1).length,
		'landed by callback': leads.filter(
			(lead, index) => rowsOf.has(lead.email) && !Number.isNaN(n8nSuccessEnd[index]),
		).length,
		'drain s': seconds(drainEnd - started),
		'callback drain s': seconds(Math.max(...n8nSuccessEnd) - started),
		'attempts per lead': attempts.length / leads.length,
		'first-attempt success %':
			(100 * attempts.filter((a) => a.attempt === 1 && a.outcome === 'success').length) /
			leads.length,
		'longest answer ms': Math.max(0, ...attempts.map((a) => a.durationMs)),
		timeouts: attempts.filter((a) => a.outcome === 'timeout').length,
		'503 door': door,
		'503 n8n': attempts.filter((a) => a.status === 503).length - door,
		'starting-up 200s': attempts.filter(startingUp).length,
	};
}
