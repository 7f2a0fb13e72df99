/**
 * One round of the network poll benchmark in its own process:
 * `{ phase, event, url, leadsPerAgencyPerDay, days, latencyMs }`, against the emulator's network
 * interface (every agency of `network-les`).
 *
 * - phase `poll`: the Poll Trigger (New Lead or Ad Changed, all agencies) is activated, then new
 *   leads (two per agency) or changed ads (one agency in ten) are made, and ONE poll is measured.
 *   The emulator counts the requests of the measured poll and the most in flight.
 * - phase `steady`: the first poll (the activation's, which records where each agency starts)
 *   measured; then `days` days of leads (`leadsPerAgencyPerDay` per agency, 09:00 to 20:00, days
 *   after today), a poll at 20:55 of each, and on the last day two leads per agency more and a poll
 *   at 21:00 measured: a poll every few minutes after days of leads, its listing holding a day or two
 *   of leads per agency already emitted. Both measured polls run at `latencyMs` per request (the days
 *   between at none); the emulator counts their requests.
 */
import { RealEstatePortalApi } from '../../credentials/RealEstatePortalApi.credentials';
import { PollWorkflow, type PollOutcome } from '../../harness/engine/poll/pollWorkflow';
import { fetchJson } from '../../harness/n8n/httpJson';
import { NETWORK_TOKEN, bulkLeads, portalDay } from '../../harness/n8n/portal';
import { measure, roundMain } from '../lib/childRound';
import { setProcessClock } from '../lib/processClock';
import { portalCredentials } from './engineNodes';

// tsx resolves `*.node` to the node's codex file first (see engineNodes.ts).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { RealEstatePortalPollTrigger } =
	require('../../nodes/RealEstatePortalPollTrigger/RealEstatePortalPollTrigger.node.ts') as typeof import('../../nodes/RealEstatePortalPollTrigger/RealEstatePortalPollTrigger.node');

type PollEvent = 'newLead' | 'adChanged';

interface Args {
	phase: 'poll' | 'steady';
	event: PollEvent;
	url: string;
	leadsPerAgencyPerDay: number;
	days: number;
	latencyMs: number;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

const admin = async <T = unknown>(url: string, method: string, route: string, body?: unknown) =>
	(await fetchJson<T>(method, `${url}/__sandbox${route}`, { body })).body;

async function networkAgencies(url: string): Promise<string[]> {
	const view = await admin<{ agencies: string[] }>(url, 'GET', '/interfaces/network-les');
	return view.agencies;
}

/** What happens between the two runs: two new leads per agency, or one ad changed in ten agencies. */
async function change(url: string, event: PollEvent): Promise<number> {
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

function ourTrigger(url: string, event: PollEvent) {
	return new PollWorkflow({
		nodeType: RealEstatePortalPollTrigger,
		// The poll alone: what property details add to a lead's path is benchmark 1's to measure.
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

async function onePoll({ event, url }: Args) {
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
	args.phase === 'steady' ? await steady(args) : await onePoll(args),
);
