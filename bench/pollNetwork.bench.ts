/**
 * Benchmark 6, the Poll Trigger over a network of agencies behind one interface (the emulator's
 * `SANDBOX_AGENCIES`, 50 ms of latency per request): one New Lead poll and one Ad Changed poll over
 * every agency, wall time, CPU, peak memory, requests made and the most in flight (counted by the
 * emulator), and the static data kept; then the steady state: the first poll, and a poll minutes
 * after the last one after days of leads.
 */
import { processLine, processMedians, runRound, type ProcessFigures } from './lib/childRound';
import { bySize, roundsOf, type BenchOptions } from './lib/options';
import type { BenchResult } from './lib/report';
import { startSandboxProcess } from './lib/sandboxProcess';
import { ratio } from './lib/stats';
import { POLL_REQUESTS_IN_FLIGHT } from '../nodes/RealEstatePortalPollTrigger/network';

interface PollRound extends ProcessFigures {
	requests: number;
	mostInFlight: number;
	emitted: number;
	expected: number;
	staticDataBytes: number;
}

interface PollFigures {
	wallMs: number;
	cpuMs: number;
	requests: number;
	mostInFlight: number;
	items: number;
	staticDataBytes: number;
}

interface SteadyRound {
	agencies: number;
	first: PollFigures;
	steady: PollFigures & { made: number; lost: number; notNew: number };
}

const EVENTS = ['newLead', 'adChanged'] as const;
type Event = (typeof EVENTS)[number];
const LATENCY_MS = 50;
/** Leads a day per agency before the steady-state poll. */
const STEADY_LEADS_PER_AGENCY_PER_DAY = 10;
const ADS_PER_AGENCY = 20;

/** The goals. */
const GOAL_POLL_MS = 5_000;
/**
 * A poll in the steady state keeps well under the interval of the landing workflow's Poll Trigger
 * (every 2 to 5 minutes): within a tenth of the shortest.
 */
const GOAL_STEADY_POLL_MS = 12_000;
const GOAL_STATIC_BYTES = 1_000_000;

export async function pollNetworkBench(options: BenchOptions): Promise<BenchResult> {
	const { size } = options;
	const agencies = bySize(size, { tiny: 50, full: 1_000 });
	const steadyDays = bySize(size, { tiny: 2, full: 3 });
	const rounds = roundsOf(options, { tiny: 1, full: 3 });
	const sandbox = await startSandboxProcess({
		SANDBOX_AGENCIES: String(agencies),
		SANDBOX_AGENCY_ADS: String(ADS_PER_AGENCY),
	});
	const polls: Array<PollRound & { side: 'ours'; round: number; event: Event }> = [];
	let steady: SteadyRound | undefined;
	try {
		for (let round = 1; round <= rounds; round++) {
			for (const event of EVENTS) {
				await sandbox.admin('POST', '/reset');
				await sandbox.admin('PUT', '/faults', { latencyMs: LATENCY_MS });
				const figures = await runRound<PollRound>('pollNetwork.round.ts', {
					phase: 'poll',
					event,
					url: sandbox.url,
				});
				if (figures.emitted !== figures.expected)
					throw new Error(`${event} emitted ${figures.emitted} of ${figures.expected}`);
				polls.push({ side: 'ours', round, event, ...figures });
				console.log(
					`  round ${round} ${event.padEnd(9)} ${processLine(figures)}, ${figures.requests} requests, at most ${figures.mostInFlight} in flight, ${figures.emitted} items`,
				);
			}
		}
		await sandbox.admin('POST', '/reset');
		await sandbox.admin('DELETE', '/faults');
		steady = await runRound<SteadyRound>('pollNetwork.round.ts', {
			phase: 'steady',
			url: sandbox.url,
			days: steadyDays,
			leadsPerAgencyPerDay: STEADY_LEADS_PER_AGENCY_PER_DAY,
			latencyMs: LATENCY_MS,
		});
		for (const [when, poll] of [
			['first', steady.first],
			['steady', steady.steady],
		] as const) {
			console.log(
				`  ${when.padEnd(8)} newLead   ${poll.wallMs.toFixed(0)} ms, CPU ${poll.cpuMs.toFixed(0)} ms, ${poll.requests} requests, at most ${poll.mostInFlight} in flight, ${poll.items} items, static data ${poll.staticDataBytes} bytes`,
			);
		}
	} finally {
		await sandbox.stop();
	}
	const summary: Record<string, Record<string, number>> = {};
	for (const event of EVENTS) {
		const mine = polls.filter((entry) => entry.event === event);
		summary[event] = {
			...processMedians(mine),
			requests: mine[0].requests,
			'most in flight': Math.max(...mine.map((entry) => entry.mostInFlight)),
			items: mine[0].emitted,
		};
	}
	const { first, steady: settled } = steady!;
	summary['first poll'] = { ...first };
	summary['steady poll'] = { ...settled };
	const wallOf = (event: Event) => summary[event]['wall ms (median)'];
	return {
		name: 'poll-network',
		title: `One poll (New Lead, Ad Changed) over ${agencies} agencies at ${LATENCY_MS} ms per request`,
		size,
		method:
			`${rounds} rounds per event, one fresh process per round and event, emulator reset before each, ` +
			`${agencies} agencies with ${ADS_PER_AGENCY} online ads each, ${LATENCY_MS} ms added to every request; ` +
			'activation, then 2 leads per agency (or 1 ad changed in 10 agencies), then the measured poll; ' +
			'steady: the activation poll measured, then ' +
			`${steadyDays} days × ${STEADY_LEADS_PER_AGENCY_PER_DAY} leads per agency with a poll at 20:55 of each, ` +
			`then 2 leads per agency and the poll at 21:00 measured, both measured polls at ${LATENCY_MS} ms per request.`,
		rounds: polls.map((poll) => ({ ...poll })),
		summary,
		ratios: [
			{
				metric: 'New Lead wall time vs goal',
				value: ratio(wallOf('newLead'), GOAL_POLL_MS),
				of: `ours / ${GOAL_POLL_MS} ms`,
			},
			{
				metric: 'Ad Changed wall time vs goal',
				value: ratio(wallOf('adChanged'), GOAL_POLL_MS),
				of: `ours / ${GOAL_POLL_MS} ms`,
			},
			{
				metric: 'steady poll wall time vs goal',
				value: ratio(settled.wallMs, GOAL_STEADY_POLL_MS),
				of: `ours / ${GOAL_STEADY_POLL_MS} ms`,
			},
			{
				metric: 'static data vs goal',
				value: ratio(settled.staticDataBytes, GOAL_STATIC_BYTES),
				of: `ours / ${GOAL_STATIC_BYTES} bytes`,
			},
		],
		goals: [
			{
				text: `one New Lead poll within ${GOAL_POLL_MS / 1000} s`,
				met: wallOf('newLead') <= GOAL_POLL_MS,
			},
			{
				text: `one Ad Changed poll within ${GOAL_POLL_MS / 1000} s`,
				met: wallOf('adChanged') <= GOAL_POLL_MS,
			},
			{
				text: `static data within ${GOAL_STATIC_BYTES} bytes in the steady state`,
				met: settled.staticDataBytes <= GOAL_STATIC_BYTES,
			},
			{
				text: `never more than ${POLL_REQUESTS_IN_FLIGHT} requests in flight`,
				met:
					Math.max(
						summary.newLead['most in flight'],
						summary.adChanged['most in flight'],
						first.mostInFlight,
						settled.mostInFlight,
					) <= POLL_REQUESTS_IN_FLIGHT,
			},
			{
				text: `one New Lead poll in the steady state within ${GOAL_STEADY_POLL_MS / 1000} s (a tenth of a 2-minute interval)`,
				met: settled.wallMs <= GOAL_STEADY_POLL_MS,
			},
			{
				text: 'the steady poll emits exactly the leads made since the poll before',
				met: settled.notNew === 0 && settled.lost === 0,
			},
		],
	};
}
