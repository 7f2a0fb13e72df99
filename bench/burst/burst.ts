/**
 * One burst of the lead-burst benchmark: `size` leads made on one ad within one second through the
 * emulator (which delivers each to the interface's callback and retries failed deliveries on its
 * schedule), then waiting until every delivery is over (answered with success, or given up) and the
 * executions stopped; what the portal and n8n saw, per lead.
 */
import { setTimeout as sleep } from 'node:timers/promises';

import type { DeliveryAttempt } from '../../sandbox';
import type { ProvisionedN8n } from '../../test/e2e/support';
import type { SandboxProcess } from '../lib/sandboxProcess';
import { burstTimeline, type TimelineSecond } from './timeline';

export interface BurstSide {
	interfaceId: string;
	adId: number;
	workflowId: string;
}

export interface BurstFigures {
	leads: number;
	'first-attempt success %': number;
	'attempts per lead': number;
	'executions per lead': number;
	/** From the first lead made until every lead is a row of the table (its success answered). */
	'drain s': number;
	'longest answer ms': number;
	/** 503s that are not the trigger's deferrals (n8n's own, e.g. "Database is not ready"). */
	'n8n 503s': number;
	/** The trigger's 503 answers with Retry-After. */
	deferrals: number;
	'given up': number;
	lost: number;
	twice: number;
}

export interface BurstRun {
	figures: BurstFigures;
	timeline: TimelineSecond[];
}

const POLL_MS = 500;

async function makeLeads(sandbox: SandboxProcess, side: BurstSide, size: number) {
	const started = Date.now();
	const made = await Promise.all(
		Array.from({ length: size }, async (_, index) => {
			await sleep((index * 1_000) / size);
			const answer = await sandbox.admin<{
				events: Array<{ idEvento: string; interfaceId: string }>;
			}>('POST', `/ads/${side.adId}/leads`, {
				tipoEvento: index % 2 === 0 ? 'CONTACTO_MENSAJE' : 'CONTACTO',
				nombre: `Prospect ${index + 1}`,
				email: `prospect${index + 1}@example.com`,
			});
			return answer.events.filter((event) => event.interfaceId === side.interfaceId);
		}),
	);
	const eventIds = made.flat().map((event) => event.idEvento);
	if (eventIds.length !== size)
		throw new Error(`${eventIds.length} of ${size} leads reached ${side.interfaceId}`);
	return { started, eventIds };
}

const attemptsOf = (sandbox: SandboxProcess, side: BurstSide) =>
	sandbox.admin<DeliveryAttempt[]>('GET', `/deliveries?interfaceId=${side.interfaceId}`);

/** How many rows of the leads table each event id has. */
async function rowsPerEvent(owner: ProvisionedN8n, tableId: string, eventIds: Set<string>) {
	const counts = new Map<string, number>();
	for (const row of await owner.api.dataTableRows(tableId)) {
		const id = String(row.eventId);
		if (eventIds.has(id)) counts.set(id, (counts.get(id) ?? 0) + 1);
	}
	return counts;
}

async function executionsOf(owner: ProvisionedN8n, workflowId: string): Promise<number> {
	const counts = await owner.api.countExecutions(workflowId);
	return Object.values(counts).reduce((total, count) => total + count, 0);
}

/** Waits until the executions of the workflow stop growing (n8n finishes what it started). */
async function settledExecutions(owner: ProvisionedN8n, workflowId: string): Promise<number> {
	let last = -1;
	for (let quiet = 0, polls = 0; quiet < 3 && polls < 120; polls++) {
		const now = await executionsOf(owner, workflowId);
		quiet = now === last ? quiet + 1 : 0;
		last = now;
		await sleep(1_000);
	}
	return last;
}

export async function runBurst(options: {
	sandbox: SandboxProcess;
	owner: ProvisionedN8n;
	tableId: string;
	side: BurstSide;
	size: number;
	/** Longest the portal goes on retrying one delivery, plus a margin. */
	timeoutMs: number;
}): Promise<BurstRun> {
	const { sandbox, owner, tableId, side, size } = options;
	await sandbox.admin('DELETE', '/deliveries');
	const executionsBefore = await executionsOf(owner, side.workflowId);
	const { started, eventIds } = await makeLeads(sandbox, side, size);
	const wanted = new Set(eventIds);
	// Polled at the emulator only, not at n8n: answered after the workflow, a lead's success means
	// its row is written, so the last success is when every lead is a row (checked at the end).
	let attempts: DeliveryAttempt[] = [];
	for (const deadline = started + options.timeoutMs; Date.now() < deadline; await sleep(POLL_MS)) {
		attempts = await attemptsOf(sandbox, side);
		const over = new Set(
			attempts
				.filter((attempt) => !attempt.duplicate && (attempt.outcome === 'success' || attempt.final))
				.map((attempt) => attempt.idEvento),
		);
		if (eventIds.every((id) => over.has(id))) break;
	}
	const executions = (await settledExecutions(owner, side.workflowId)) - executionsBefore;
	const rows = await rowsPerEvent(owner, tableId, wanted);
	const mine = attempts.filter((attempt) => wanted.has(attempt.idEvento));
	const successEnds = mine
		.filter((attempt) => attempt.outcome === 'success')
		.map((attempt) => Date.parse(attempt.startedAt) + attempt.durationMs);
	const firstSuccesses = mine.filter(
		(attempt) => attempt.attempt === 1 && attempt.outcome === 'success',
	).length;
	const givenUp = eventIds.filter((id) =>
		mine.some(
			(attempt) => attempt.idEvento === id && attempt.final && attempt.outcome !== 'success',
		),
	).length;
	const deferrals = mine.filter(
		(attempt) => attempt.status === 503 && attempt.responseBody.includes('retryAfterSeconds'),
	).length;
	const figures: BurstFigures = {
		leads: eventIds.length,
		'first-attempt success %': (100 * firstSuccesses) / eventIds.length,
		'attempts per lead': mine.length / eventIds.length,
		'executions per lead': executions / eventIds.length,
		'drain s':
			rows.size === size && givenUp === 0
				? (Math.max(...successEnds) - started) / 1_000
				: Number.NaN,
		'longest answer ms': Math.max(0, ...mine.map((attempt) => attempt.durationMs)),
		'n8n 503s': mine.filter((attempt) => attempt.status === 503).length - deferrals,
		deferrals,
		'given up': givenUp,
		lost: eventIds.filter((id) => !rows.has(id)).length,
		twice: [...rows.values()].filter((count) => count > 1).length,
	};
	return { figures, timeline: burstTimeline(mine, started) };
}
