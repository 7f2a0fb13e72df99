/**
 * Leads one at a time, each made once the last one's row is written: lead made → row written
 * (n8n's success answer, which Respond When Last Node Finishes sends once the upsert is done), and
 * the throughput that gives, which the drain goals are measured against. The first leads after
 * publication warm n8n and the side's workflow up and are not counted.
 */
import { setTimeout as sleep } from 'node:timers/promises';

import type { DeliveryAttempt } from '../../sandbox';
import { percentile } from '../lib/stats';
import { makeLead } from './leads';
import type { SideStack } from './stack';

/** Leads made and answered before the measured ones. */
const WARM_UP = 5;

export interface OneAtATime {
	leads: number;
	'p50 ms': number;
	'p95 ms': number;
	'mean ms': number;
	'leads/s': number;
}

async function rowWrittenAfter(stack: SideStack, idEvento: string, madeAt: number) {
	for (;;) {
		const attempts = await stack.sandbox.admin<DeliveryAttempt[]>(
			'GET',
			`/deliveries?idEvento=${idEvento}`,
		);
		const success = attempts.find((attempt) => attempt.outcome === 'success');
		if (success) return Date.parse(success.startedAt) + success.durationMs - madeAt;
		if (attempts.some((attempt) => attempt.final))
			throw new Error(`one at a time: lead ${idEvento} was given up`);
		await sleep(20);
	}
}

export async function oneAtATime(stack: SideStack, count: number): Promise<OneAtATime> {
	if (stack.side.respond !== 'lastNode')
		throw new Error('one at a time needs a side answering When Last Node Finishes');
	const maker = { portal: stack.portal, adId: stack.adId, tag: 'single' };
	const times: number[] = [];
	for (let n = 1; n <= WARM_UP + count; n++) {
		const lead = await makeLead(maker, n);
		const ms = await rowWrittenAfter(stack, lead.idEvento, lead.madeAt);
		if (n > WARM_UP) times.push(ms);
	}
	const mean = times.reduce((sum, ms) => sum + ms, 0) / times.length;
	return {
		leads: count,
		'p50 ms': percentile(times, 50),
		'p95 ms': percentile(times, 95),
		'mean ms': mean,
		'leads/s': 1_000 / mean,
	};
}
