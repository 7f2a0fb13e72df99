/**
 * What the portal (the emulator) saw of a scenario's leads: every delivery attempt, and waiting
 * until each lead's delivery is over (answered with success, or given up). Polled at the emulator
 * only, never at n8n, so that watching does not load the n8n under measurement; mostly its
 * successes, a short list, so that it does not load the emulator either.
 */
import { setTimeout as sleep } from 'node:timers/promises';

import type { DeliveryAttempt } from '../../sandbox';
import { DEMO_INTERFACE, deliveriesOver } from '../../harness/n8n';
import type { SandboxProcess } from '../lib/sandboxProcess';
import type { MadeLead } from './leads';

const POLL_MS = 1_000;
/** Every this many polls, every attempt is read: whether the leads not delivered are given up. */
const FULL_READ_EVERY = 10;

async function deliveries(
	sandbox: SandboxProcess,
	leads: readonly MadeLead[],
	query = '',
): Promise<DeliveryAttempt[]> {
	const ids = new Set(leads.map((lead) => lead.idEvento));
	const attempts = await sandbox.admin<DeliveryAttempt[]>(
		'GET',
		`/deliveries?interfaceId=${DEMO_INTERFACE}${query}`,
	);
	return attempts.filter((attempt) => ids.has(attempt.idEvento));
}

/**
 * Waits until every lead's delivery is over, or `deadline` (epoch ms); answers the attempts and
 * the leads whose delivery was still going on at the deadline.
 */
export async function untilDeliveriesOver(
	sandbox: SandboxProcess,
	leads: readonly MadeLead[],
	deadline: number,
): Promise<{ attempts: DeliveryAttempt[]; stillRetrying: number }> {
	for (let poll = 1; ; poll++) {
		const delivered = deliveriesOver(await deliveries(sandbox, leads, '&outcome=success'));
		const fullRead = poll % FULL_READ_EVERY === 0 || Date.now() >= deadline;
		if (delivered.size === leads.length || fullRead) {
			const attempts = await deliveries(sandbox, leads);
			const over = deliveriesOver(attempts);
			const stillRetrying = leads.filter((lead) => !over.has(lead.idEvento)).length;
			if (stillRetrying === 0 || Date.now() >= deadline) return { attempts, stillRetrying };
		}
		await sleep(POLL_MS);
	}
}
