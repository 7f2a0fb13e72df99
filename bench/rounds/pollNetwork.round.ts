/**
 * One round of the network poll benchmark in its own process:
 * `{ side, phase, event, url, leadsPerAgencyPerDay, days }`, against the emulator's network
 * interface (every agency of `network-les`).
 *
 * - phase `poll`: ours, the Poll Trigger (New Lead or Ad Changed, all agencies) is activated, then
 *   new leads (two per agency) or changed ads (one agency in ten) are made, and ONE poll is
 *   measured. Baseline: the hand-built workflow (handBuiltPoll.ts) runs once to learn what is there,
 *   then the same changes, then ONE run is measured. The emulator counts the requests of the
 *   measured run and the most in flight.
 * - phase `steady` (ours only): the first poll (the activation's, which records where each agency
 *   starts) measured; then `days` days of leads (`leadsPerAgencyPerDay` per agency, 09:00 to
 *   20:00, days after today), a poll at 20:55 of each, and on the last day two leads per agency
 *   more and a poll at 21:00 measured: a poll every few minutes after days of leads, its listing
 *   holding a day or two of leads per agency already emitted. Both measured polls run at
 *   `latencyMs` per request (the days between at none); the emulator counts their requests.
 * - phase `month`: `days` days of leads (`leadsPerAgencyPerDay` per agency, registered over each
 *   day, days after today: the portal lists what is registered on or after `fromDate`) with one
 *   poll (one run) per day at 21:00 of that day (this process's clock moved there); the static data size at the end, and each day's items against the
 *   leads made (lost, twice).
 */
import type { IDataObject } from 'n8n-workflow';

import { RealEstatePortalApi } from '../../credentials/RealEstatePortalApi.credentials';
import { PollWorkflow, type PollOutcome } from '../../harness/engine/poll/pollWorkflow';
import { NETWORK_TOKEN, bulkLeads, portalDay } from '../../harness/n8n/portal';
import { measure, roundMain } from '../lib/childRound';
import { setProcessClock } from '../lib/processClock';
import { portalCredentials } from './engineNodes';
import { loadHandBuiltNodes, runHandBuilt, type HandBuiltEvent } from './handBuiltPoll';

// tsx resolves `*.node` to the node's codex file first (see engineNodes.ts).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { RealEstatePortalPollTrigger } =
	require('../../nodes/RealEstatePortalPollTrigger/RealEstatePortalPollTrigger.node.ts') as typeof import('../../nodes/RealEstatePortalPollTrigger/RealEstatePortalPollTrigger.node');

interface Args {
	side: 'ours' | 'baseline';
	phase: 'poll' | 'steady' | 'month';
	event: HandBuiltEvent;
	url: string;
	leadsPerAgencyPerDay: number;
	days: number;
	latencyMs: number;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

async function admin<T = unknown>(url: string, method: string, route: string, body?: unknown) {
	const response = await fetch(`${url}/__sandbox${route}`, {
		method,
		headers: body === undefined ? {} : { 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	if (!response.ok) throw new Error(`${method} ${route}: ${response.status}`);
	const text = await response.text();
	return (text ? JSON.parse(text) : null) as T;
}

async function networkAgencies(url: string): Promise<string[]> {
	const view = await admin<{ agencies: string[] }>(url, 'GET', '/interfaces/network-les');
	return view.agencies;
}

/** What happens between the two runs: two new leads per agency, or one ad changed in ten agencies. */
async function change(url: string, event: HandBuiltEvent): Promise<number> {
	const agencies = await networkAgencies(url);
	if (event === 'newLead') {
		const now = Date.now();
		return (await bulkLeads({ url }, { count: 2 * agencies.length, from: now - 60_000, to: now }))
			.length;
	}
	await new Promise((resolve) => setTimeout(resolve, 5));
	const chosen = agencies.filter((_code, i) => i % 10 === 0);
	for (const code of chosen) {
		const [ad] = await admin<Array<{ idAvisoPlat: number }>>(
			url,
			'GET',
			`/agencies/${code}/ads?online=true`,
		);
		await admin(url, 'PATCH', `/ads/${ad.idAvisoPlat}`, { precio: 123_000 });
	}
	return chosen.length;
}

function ourTrigger(url: string, event: HandBuiltEvent) {
	return new PollWorkflow({
		nodeType: RealEstatePortalPollTrigger,
		// The hand-built baseline reads no ad details: neither does ours here (bench/details.bench.ts).
		parameters: { event, propertyDetails: false },
		credentials: portalCredentials(url, NETWORK_TOKEN),
		credentialTypes: [new RealEstatePortalApi()],
	});
}

/** Runs `work` measured, with the emulator's count of its requests. */
async function measured<T>(url: string, work: () => Promise<T>) {
	await admin(url, 'DELETE', '/requests');
	const { figures, value } = await measure(work);
	const requests = await admin<{ count: number; mostInFlight: number }>(url, 'GET', '/requests');
	return { figures, value, requests: requests.count, mostInFlight: requests.mostInFlight };
}

async function onePoll({ side, event, url }: Args) {
	if (side === 'ours') {
		const workflow = ourTrigger(url, event);
		await workflow.activate();
		const expected = await change(url, event);
		const run = await measured(url, () => workflow.poll());
		if (run.value.error) throw run.value.error;
		return {
			...run.figures,
			requests: run.requests,
			mostInFlight: run.mostInFlight,
			emitted: run.value.items?.length ?? 0,
			expected,
			staticDataBytes: JSON.stringify(workflow.nodeStaticData).length,
		};
	}
	loadHandBuiltNodes();
	const staticData: IDataObject = {};
	await runHandBuilt({ url, token: NETWORK_TOKEN, event, staticData });
	const expected = await change(url, event);
	const run = await measured(url, () =>
		runHandBuilt({ url, token: NETWORK_TOKEN, event, staticData }),
	);
	return {
		...run.figures,
		requests: run.requests,
		mostInFlight: run.mostInFlight,
		emitted: run.value.items.length,
		expected,
		staticDataBytes: JSON.stringify(staticData).length,
	};
}

/** A month of days, a poll (run) each: what each side keeps at the end, and what it emitted. */
async function month({ side, url, days, leadsPerAgencyPerDay }: Args) {
	const agencies = await networkAgencies(url);
	const workflow = side === 'ours' ? ourTrigger(url, 'newLead') : undefined;
	const staticData: IDataObject = {};
	if (workflow) await workflow.activate();
	else {
		loadHandBuiltNodes();
		await runHandBuilt({
			url,
			token: NETWORK_TOKEN,
			event: 'newLead',
			staticData,
			fromDate: portalDay(0).day,
		});
	}
	const totals = { made: 0, emitted: 0, lost: 0, twice: 0, requests: 0 };
	// Taken before the clock moves: portalDay counts from this process's now.
	const simulated = Array.from({ length: days + 1 }, (_unused, day) => portalDay(day));
	const { figures } = await measure(async () => {
		for (let day = 1; day <= days; day++) {
			const { start } = simulated[day];
			const made = await bulkLeads(
				{ url },
				{
					count: agencies.length * leadsPerAgencyPerDay,
					from: start + 9 * HOUR_MS,
					to: start + 20 * HOUR_MS,
				},
			);
			await admin(url, 'DELETE', '/requests');
			// The poll runs at the end of its simulated day: the day it asks from follows its clock.
			setProcessClock(start + 21 * HOUR_MS);
			const ids = workflow
				? ((await workflow.poll()).items ?? []).map((item) => Number(item.eventId))
				: (
						await runHandBuilt({
							url,
							token: NETWORK_TOKEN,
							event: 'newLead',
							staticData,
							// The simulated day's yesterday, as `$now.minus({ days: 1 })` would give on that day.
							fromDate: simulated[day - 1].day,
						})
					).items.map((item) => item.id as number);
			// The executions started with the items are not needed any more: keep the round's memory flat.
			workflow?.executions.splice(0);
			totals.requests += (await admin<{ count: number }>(url, 'GET', '/requests')).count;
			const expected = new Set(made);
			const got = new Set(ids);
			totals.made += made.length;
			totals.emitted += ids.length;
			totals.twice += ids.length - got.size;
			totals.lost += made.filter((id) => !got.has(id)).length;
			totals.twice += ids.filter((id) => !expected.has(id)).length;
		}
	});
	const kept = workflow ? workflow.nodeStaticData : staticData;
	return {
		...figures,
		staticDataBytes: JSON.stringify(kept).length,
		agencies: agencies.length,
		days,
		...totals,
	};
}

/** One measured poll at `latencyMs` a request: its figures, requests, items and the state after. */
async function measuredPoll(url: string, latencyMs: number, poll: () => Promise<PollOutcome>) {
	await admin(url, 'PUT', '/faults', { latencyMs });
	const run = await measured(url, poll);
	await admin(url, 'DELETE', '/faults');
	if (run.value.error) throw run.value.error;
	return {
		wallMs: run.figures.wallMs,
		cpuMs: run.figures.cpuMs,
		requests: run.requests,
		mostInFlight: run.mostInFlight,
		items: run.value.items ?? [],
	};
}

/**
 * The first poll and a poll in the steady state: each one's wall time, CPU, requests, items and
 * the static data after it; the steady poll's items against the leads made since the poll before.
 */
async function steady({ url, days, leadsPerAgencyPerDay, latencyMs }: Args) {
	const agencies = await networkAgencies(url);
	const workflow = ourTrigger(url, 'newLead');
	const simulated = Array.from({ length: days + 1 }, (_unused, day) => portalDay(day));
	const bytes = () => JSON.stringify(workflow.nodeStaticData).length;
	const first = await measuredPoll(url, latencyMs, () => workflow.activate());
	const firstBytes = bytes();
	for (let day = 1; day <= days; day++) {
		const { start } = simulated[day];
		await bulkLeads(
			{ url },
			{
				count: agencies.length * leadsPerAgencyPerDay,
				from: start + 9 * HOUR_MS,
				to: start + 20 * HOUR_MS,
			},
		);
		setProcessClock(start + 20 * HOUR_MS + 55 * MINUTE_MS);
		const outcome = await workflow.poll();
		if (outcome.error) throw outcome.error;
		workflow.executions.splice(0);
	}
	const { start } = simulated[days];
	const made = await bulkLeads(
		{ url },
		{
			count: 2 * agencies.length,
			from: start + 20 * HOUR_MS + 55 * MINUTE_MS + 1,
			to: start + 20 * HOUR_MS + 59 * MINUTE_MS,
		},
	);
	setProcessClock(start + 21 * HOUR_MS);
	const last = await measuredPoll(url, latencyMs, () => workflow.poll());
	const ids = new Set(last.items.map((item) => Number(item.eventId)));
	return {
		agencies: agencies.length,
		first: { ...first, items: first.items.length, staticDataBytes: firstBytes },
		steady: {
			...last,
			items: last.items.length,
			staticDataBytes: bytes(),
			made: made.length,
			lost: made.filter((id) => !ids.has(id)).length,
			notNew: last.items.length - made.filter((id) => ids.has(id)).length,
		},
	};
}

roundMain(async (args: Args) =>
	args.phase === 'month'
		? await month(args)
		: args.phase === 'steady'
			? await steady(args)
			: await onePoll(args),
);
