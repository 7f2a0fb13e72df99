/**
 * Leads one at a time, each made once the last one's row is written: lead made → row written
 * (n8n's success answer, which Respond When Last Node Finishes sends once the upsert is done), and
 * the throughput that gives, which the drain goals are measured against. The sides run side by
 * side, each on its own stack, all started before the first lead: lead n goes to every side in
 * turn, the order rotated by one for each n (A B, B A, … of two sides), so that drift in the
 * machine's load hits every side alike. Never two leads in flight at once. The first leads after publication warm
 * n8n and each side's workflow up and are not counted.
 */
import { setTimeout as sleep } from 'node:timers/promises';

import type { N8nInstall } from '../../harness/n8n';
import type { DeliveryAttempt } from '../../sandbox';
import { percentile, rotated } from '../lib/stats';
import { makeLead } from './leads';
import type { PortalSchedule } from './schedules';
import type { SideDefinition } from './sides';
import { startSideStack, type SideStack } from './stack';

/** The side-by-side run: each side's figures by its name, and why it stopped early if it did. */
export interface SideBySide {
	figures: Map<string, OneAtATime>;
	error?: string;
}

/** Leads made and answered on each side before the measured ones. */
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

function figuresOf(times: number[]): OneAtATime {
	const mean = times.reduce((sum, ms) => sum + ms, 0) / times.length;
	return {
		leads: times.length,
		'p50 ms': percentile(times, 50),
		'p95 ms': percentile(times, 95),
		'mean ms': mean,
		'leads/s': 1_000 / mean,
	};
}

/** Each side's figures by its name. */
async function alternate(stacks: SideStack[], count: number): Promise<Map<string, OneAtATime>> {
	const times = new Map(stacks.map((stack) => [stack.side.name, [] as number[]]));
	const byName = new Map(stacks.map((stack) => [stack.side.name, stack]));
	for (const { round: n, side } of rotated(WARM_UP + count, [...byName.keys()])) {
		const stack = byName.get(side)!;
		const lead = await makeLead({ portal: stack.portal, adId: stack.adId, tag: 'single' }, n);
		const ms = await rowWrittenAfter(stack, lead.idEvento, lead.madeAt);
		if (n > WARM_UP) times.get(side)!.push(ms);
	}
	return new Map([...times].map(([side, ms]) => [side, figuresOf(ms)]));
}

/** `count` leads one at a time on each side, side by side; each side's figures by its name. */
export async function oneAtATimeSideBySide(
	sides: SideDefinition[],
	schedule: PortalSchedule,
	install: N8nInstall,
	count: number,
): Promise<Map<string, OneAtATime>> {
	for (const side of sides)
		if (side.respond !== 'lastNode')
			throw new Error(`one at a time needs sides answering When Last Node Finishes: ${side.name}`);
	const stacks: SideStack[] = [];
	try {
		for (const side of sides) stacks.push(await startSideStack(side, schedule, install));
		return await alternate(stacks, count);
	} finally {
		for (const stack of stacks) await stack.stop();
	}
}
