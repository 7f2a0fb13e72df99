/**
 * Benchmark 7, the Poll Trigger over a network of agencies behind one interface (the emulator's
 * `SANDBOX_AGENCIES`, 50 ms of latency per request): one New Lead poll and one Ad Changed poll over
 * every agency, ours against the workflow a user wires by hand instead (bench/rounds/handBuiltPoll.ts),
 * in one run: wall time, CPU, peak memory, requests made and the most in flight (counted by the
 * emulator), and the static data each side keeps after a simulated month of leads. Ours also in
 * the steady state: the first poll, and a poll minutes after the last one after days of leads.
 */
import { runRound, type ProcessFigures } from './lib/childRound';
import { bySize, roundsOf, type BenchOptions } from './lib/options';
import type { BenchResult, Side } from './lib/report';
import { startSandboxProcess } from './lib/sandboxProcess';
import { interleaved, median, ratio } from './lib/stats';
import { POLL_REQUESTS_IN_FLIGHT } from '../nodes/RealEstatePortalPollTrigger/network';

interface PollRound extends ProcessFigures {
	requests: number;
	mostInFlight: number;
	emitted: number;
	expected: number;
	staticDataBytes: number;
}

interface MonthRound extends ProcessFigures {
	staticDataBytes: number;
	made: number;
	emitted: number;
	lost: number;
	twice: number;
	requests: number;
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
/** Leads a day per agency before the steady-state poll (the month's rate). */
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
	const month = bySize(size, {
		tiny: { days: 3, leadsPerAgencyPerDay: 4 },
		full: { days: 30, leadsPerAgencyPerDay: 10 },
	});
	const steadyDays = bySize(size, { tiny: 2, full: 3 });
	const pairs = roundsOf(options, { tiny: 1, full: 3 });
	const sandbox = await startSandboxProcess({
		SANDBOX_AGENCIES: String(agencies),
		SANDBOX_AGENCY_ADS: String(ADS_PER_AGENCY),
	});
	const rounds: BenchResult['rounds'] = [];
	const months: Partial<Record<Side, MonthRound>> = {};
	let steady: SteadyRound | undefined;
	try {
		for (const { round, side } of interleaved<Side>(pairs, 'ours', 'baseline')) {
			for (const event of EVENTS) {
				await sandbox.admin('POST', '/reset');
				await sandbox.admin('PUT', '/faults', { latencyMs: LATENCY_MS });
				const figures = await runRound<PollRound>('pollNetwork.round.ts', {
					side,
					phase: 'poll',
					event,
					url: sandbox.url,
				});
				if (figures.emitted !== figures.expected)
					throw new Error(`${side} ${event} emitted ${figures.emitted} of ${figures.expected}`);
				rounds.push({ side, round, event, ...figures });
				console.log(
					`  round ${round} ${side.padEnd(8)} ${event.padEnd(9)} ${figures.wallMs.toFixed(0)} ms, CPU ${figures.cpuMs.toFixed(0)} ms, peak RSS ${figures.peakRssMiB.toFixed(1)} MiB, ${figures.requests} requests, at most ${figures.mostInFlight} in flight, ${figures.emitted} items`,
				);
			}
		}
		await sandbox.admin('POST', '/reset');
		await sandbox.admin('DELETE', '/faults');
		steady = await runRound<SteadyRound>('pollNetwork.round.ts', {
			side: 'ours',
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
				`  ${when.padEnd(8)} ours     newLead   ${poll.wallMs.toFixed(0)} ms, CPU ${poll.cpuMs.toFixed(0)} ms, ${poll.requests} requests, at most ${poll.mostInFlight} in flight, ${poll.items} items, static data ${poll.staticDataBytes} bytes`,
			);
		}
		for (const side of ['ours', 'baseline'] as const) {
			await sandbox.admin('POST', '/reset');
			await sandbox.admin('DELETE', '/faults');
			const figures = await runRound<MonthRound>('pollNetwork.round.ts', {
				side,
				phase: 'month',
				url: sandbox.url,
				...month,
			});
			months[side] = figures;
			rounds.push({ side, round: 0, event: 'month', ...figures });
			console.log(
				`  month    ${side.padEnd(8)} ${month.days} days: static data ${figures.staticDataBytes} bytes, ${figures.made} leads made, ${figures.emitted} emitted, lost ${figures.lost}, twice ${figures.twice}`,
			);
		}
	} finally {
		await sandbox.stop();
	}
	const figuresOf = (side: Side) => {
		const of = (event: Event) =>
			rounds.filter(
				(entry) => entry.side === side && entry.event === event,
			) as unknown as PollRound[];
		const summary: Record<string, number> = {};
		for (const event of EVENTS) {
			const mine = of(event);
			summary[`${event} wall ms (median)`] = median(mine.map((entry) => entry.wallMs));
			summary[`${event} CPU ms (median)`] = median(mine.map((entry) => entry.cpuMs));
			summary[`${event} peak RSS MiB (median)`] = median(mine.map((entry) => entry.peakRssMiB));
			summary[`${event} requests`] = mine[0].requests;
			summary[`${event} most in flight`] = Math.max(...mine.map((entry) => entry.mostInFlight));
			summary[`${event} items`] = mine[0].emitted;
		}
		const monthly = months[side]!;
		summary['static data bytes after the month'] = monthly.staticDataBytes;
		summary['month: leads lost'] = monthly.lost;
		summary['month: leads twice'] = monthly.twice;
		summary['month: requests'] = monthly.requests;
		return summary;
	};
	const ours = figuresOf('ours');
	const { first, steady: settled } = steady!;
	Object.assign(ours, {
		'first poll wall ms': first.wallMs,
		'first poll requests': first.requests,
		'first poll static data bytes': first.staticDataBytes,
		'steady poll wall ms': settled.wallMs,
		'steady poll requests': settled.requests,
		'steady poll items': settled.items,
		'steady poll leads not new': settled.notNew,
		'steady poll leads lost': settled.lost,
		'steady poll static data bytes': settled.staticDataBytes,
	});
	const baseline = figuresOf('baseline');
	const ratioOf = (key: string) => ratio(ours[key], baseline[key]);
	return {
		name: 'poll-network',
		title: `One poll (New Lead, Ad Changed) over ${agencies} agencies at ${LATENCY_MS} ms per request vs the hand-built workflow`,
		size,
		method:
			`${pairs} interleaved pairs, one fresh process per round and event, emulator reset before each, ` +
			`${agencies} agencies with ${ADS_PER_AGENCY} online ads each, ${LATENCY_MS} ms added to every request; ` +
			'ours: activation, then 2 leads per agency (or 1 ad changed in 10 agencies), then the measured poll; ' +
			'baseline: Schedule Trigger → HTTP Request (agencies, paged) → Split Out → HTTP Request per agency ' +
			'(leads from yesterday, or the ad summary) → Split Out → Code (seen ids, or ad modification ' +
			'instants, in static data; its JavaScript run in the round process), once to learn what is there, ' +
			`then measured; month: ${month.days} days × ${month.leadsPerAgencyPerDay} leads per agency, one poll ` +
			'a day, no added latency; steady (ours): the activation poll measured, then ' +
			`${steadyDays} days × ${STEADY_LEADS_PER_AGENCY_PER_DAY} leads per agency with a poll at 20:55 of each, ` +
			`then 2 leads per agency and the poll at 21:00 measured, both measured polls at ${LATENCY_MS} ms per request.`,
		rounds,
		summary: { ours, baseline },
		ratios: [
			{ metric: 'New Lead wall time', value: ratioOf('newLead wall ms (median)') },
			{ metric: 'Ad Changed wall time', value: ratioOf('adChanged wall ms (median)') },
			{ metric: 'New Lead peak RSS', value: ratioOf('newLead peak RSS MiB (median)') },
			{ metric: 'Ad Changed peak RSS', value: ratioOf('adChanged peak RSS MiB (median)') },
			{ metric: 'New Lead requests', value: ratioOf('newLead requests') },
			{ metric: 'most in flight', value: ratioOf('newLead most in flight') },
			{
				metric: 'static data after the month',
				value: ratioOf('static data bytes after the month'),
			},
			{
				metric: 'New Lead wall time vs goal',
				value: ratio(ours['newLead wall ms (median)'], GOAL_POLL_MS),
				of: `ours / ${GOAL_POLL_MS} ms`,
			},
			{
				metric: 'Ad Changed wall time vs goal',
				value: ratio(ours['adChanged wall ms (median)'], GOAL_POLL_MS),
				of: `ours / ${GOAL_POLL_MS} ms`,
			},
			{
				metric: 'steady poll wall time vs goal',
				value: ratio(ours['steady poll wall ms'], GOAL_STEADY_POLL_MS),
				of: `ours / ${GOAL_STEADY_POLL_MS} ms`,
			},
			{
				metric: 'static data vs goal',
				value: ratio(ours['static data bytes after the month'], GOAL_STATIC_BYTES),
				of: `ours / ${GOAL_STATIC_BYTES} bytes`,
			},
		],
		goals: [
			{
				text: `one New Lead poll within ${GOAL_POLL_MS / 1000} s`,
				met: ours['newLead wall ms (median)'] <= GOAL_POLL_MS,
			},
			{
				text: `one Ad Changed poll within ${GOAL_POLL_MS / 1000} s`,
				met: ours['adChanged wall ms (median)'] <= GOAL_POLL_MS,
			},
			{
				text: `static data within ${GOAL_STATIC_BYTES} bytes after the month`,
				met: ours['static data bytes after the month'] <= GOAL_STATIC_BYTES,
			},
			{
				text: `never more than ${POLL_REQUESTS_IN_FLIGHT} requests in flight`,
				met:
					Math.max(ours['newLead most in flight'], ours['adChanged most in flight']) <=
					POLL_REQUESTS_IN_FLIGHT,
			},
			{
				text: `one New Lead poll in the steady state within ${GOAL_STEADY_POLL_MS / 1000} s (a tenth of a 2-minute interval)`,
				met: ours['steady poll wall ms'] <= GOAL_STEADY_POLL_MS,
			},
			{
				text: 'the steady poll emits exactly the leads made since the poll before',
				met: ours['steady poll leads not new'] === 0 && ours['steady poll leads lost'] === 0,
			},
			{
				text: 'ours: no lead lost, none twice over the month',
				met: ours['month: leads lost'] === 0 && ours['month: leads twice'] === 0,
			},
		],
	};
}
