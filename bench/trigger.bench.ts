/**
 * Benchmark 1, trigger overhead in the real n8n of the end-to-end suite (the packed package
 * installed as a community package): lead deliveries at a fixed concurrency to a published workflow
 * holding only our trigger, versus the same deliveries to a workflow holding only n8n's Webhook node
 * with Header Auth (same header, same secret). The sandbox is the portal our trigger registers with.
 * Then what Add Property Details adds to our trigger's answer: the one-at-a-time deliveries again,
 * our workflow saved again with the details on.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import {
	createPortalCredential,
	ensureN8nInstalled,
	installPackageInto,
	provisionOwner,
	publishWorkflow,
	startN8n,
	type ProvisionedN8n,
	type PublicationStatus,
	type RunningN8n,
} from '../harness/n8n';
import { N8N_VERSION } from './lib/baselineNodes';
import { bySize, type BenchOptions } from './lib/options';
import type { BenchResult, Side } from './lib/report';
import { startSandboxProcess, type SandboxProcess } from './lib/sandboxProcess';
import { interleaved, percentile, ratio, sum } from './lib/stats';
import { deliver, type DeliveryRound } from './trigger/deliveries';
import type { AdReference } from './trigger/leadBodies';
import { ourTriggerWorkflow, webhookWorkflow } from './trigger/workflows';

const CONNECTIONS = 20;
/** One delivery at a time: the response time without queueing in n8n. */
const SINGLE = 1;
const SECRET_HEADER = 'X-Portal-Webhook-Secret';
const SERVICE_TIMEOUT_MS = 1_500;
/** What details may add to the answer (issue 36): 50 ms at p50. */
const GOAL_DETAILS_ADDED_MS = 50;

interface Target {
	url: string;
	headers: Record<string, string>;
	workflowId?: string;
}

/** Our side with Add Property Details on. */
const DETAILS = 'ours, details';
type TriggerSide = Side | typeof DETAILS;

/** Publishes our trigger's workflow; it registers its URL and a secret with the sandbox. */
async function publishOurs(owner: ProvisionedN8n, sandbox: SandboxProcess): Promise<Target> {
	const credential = await createPortalCredential(owner.api, sandbox.url, 'bench portal');
	const workflow = await owner.api.createWorkflow(ourTriggerWorkflow(credential.id));
	const publication = await publishWorkflow(owner, workflow.id);
	return { ...(await registered(sandbox, publication)), workflowId: workflow.id };
}

/**
 * Saves our workflow again with Add Property Details on, as a user turns it on: n8n publishes the
 * new version, the same webhook, so the portal's callback stays the trigger's own.
 */
async function turnDetailsOn(
	owner: ProvisionedN8n,
	sandbox: SandboxProcess,
	workflowId: string,
): Promise<Target> {
	const { name, nodes, connections, settings } = await owner.api.getWorkflow(workflowId);
	await owner.api.updateWorkflow(workflowId, {
		name,
		connections,
		settings: settings ?? {},
		nodes: nodes.map((node) => ({
			...node,
			parameters: { ...(node.parameters as object), propertyDetails: true },
		})),
	});
	return await registered(sandbox, await owner.session.waitForPublication(workflowId));
}

/** Where our published trigger is called and with which secret header, as the sandbox holds it. */
async function registered(
	sandbox: SandboxProcess,
	publication: PublicationStatus,
): Promise<Target> {
	if (publication.status !== 'published')
		throw new Error(`our trigger did not publish: ${JSON.stringify(publication)}`);
	const { configuration } = await sandbox.admin<{
		configuration: {
			url: string;
			authorizationHeaderKey: string;
			authorizationHeaderValue: string;
		} | null;
	}>('GET', '/interfaces/demo-les');
	if (!configuration) throw new Error('our trigger registered no callback configuration');
	return {
		url: configuration.url,
		headers: { [configuration.authorizationHeaderKey]: configuration.authorizationHeaderValue },
	};
}

/** Publishes the Webhook node's workflow with the same header name and secret. */
async function publishBaseline(
	owner: ProvisionedN8n,
	n8n: RunningN8n,
	secret: string,
): Promise<Target> {
	const credential = await owner.api.createCredential({
		name: 'bench header',
		type: 'httpHeaderAuth',
		data: { name: SECRET_HEADER, value: secret },
	});
	const webhookPath = `bench-${randomUUID()}`;
	const workflow = await owner.api.createWorkflow(webhookWorkflow(credential.id, webhookPath));
	const publication = await publishWorkflow(owner, workflow.id);
	if (publication.status !== 'published')
		throw new Error(`the Webhook workflow did not publish: ${JSON.stringify(publication)}`);
	return { url: `${n8n.url}/webhook/${webhookPath}`, headers: { [SECRET_HEADER]: secret } };
}

async function adsOf(sandbox: SandboxProcess): Promise<AdReference[]> {
	const { associations } = await sandbox.admin<{ associations: AdReference[] }>(
		'GET',
		'/interfaces/demo-les',
	);
	return associations;
}

type TriggerRound = DeliveryRound & { side: TriggerSide; round: number; connections: number };

function summarise(rounds: TriggerRound[], side: TriggerSide, connections: number) {
	const mine = rounds.filter((entry) => entry.side === side && entry.connections === connections);
	const latencies = mine.flatMap((entry) => entry.latenciesMs);
	return {
		deliveries: sum(mine.map((entry) => entry.sent)),
		'throughput req/s':
			sum(mine.map((entry) => entry.sent)) / (sum(mine.map((entry) => entry.durationMs)) / 1000),
		'p50 ms': percentile(latencies, 50),
		'p99 ms': percentile(latencies, 99),
		'max ms': percentile(latencies, 100),
		failures: sum(mine.map((entry) => entry.failures)),
		ignored: sum(mine.map((entry) => entry.ignored)),
	};
}

export async function triggerBench({ size }: BenchOptions): Promise<BenchResult> {
	const perSide = bySize(size, { tiny: 100, full: 2_000 });
	const pairs = bySize(size, { tiny: 1, full: 4 });
	const warmUp = bySize(size, { tiny: 20, full: 200 });
	const singles = bySize(size, { tiny: 10, full: 200 });
	const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-trigger-'));
	const sandbox = await startSandboxProcess();
	let n8n: RunningN8n | undefined;
	const rounds: TriggerRound[] = [];
	try {
		const install = await ensureN8nInstalled();
		// dist/ was built by bench/run.ts; the tarball of it is what n8n loads.
		await installPackageInto(userFolder, { build: false });
		n8n = await startN8n({ userFolder, install, logName: 'bench-trigger' });
		const owner = await provisionOwner(n8n.url);
		const ours = await publishOurs(owner, sandbox);
		const targets: Partial<Record<TriggerSide, Target>> = {
			ours,
			baseline: await publishBaseline(
				owner,
				n8n,
				ours.headers[SECRET_HEADER] ?? Object.values(ours.headers)[0],
			),
		};
		const ads = await adsOf(sandbox);
		let firstIndex = 0;
		const send = async (side: TriggerSide, amount: number, connections = CONNECTIONS) => {
			const result = await deliver({ ...targets[side]!, amount, connections, ads, firstIndex });
			firstIndex += amount;
			return result;
		};
		const measured = async (
			round: number,
			side: TriggerSide,
			amount: number,
			connections: number,
		) => {
			const result = await send(side, amount, connections);
			rounds.push({ side, round, connections, ...result });
			console.log(
				`  round ${round} ${side.padEnd(8)} x${connections} ${result.perSecond.toFixed(0)} req/s, ` +
					`p99 ${percentile(result.latenciesMs, 99).toFixed(0)} ms${result.failures ? `, FAILURES ${result.failures}` : ''}`,
			);
		};
		for (const side of ['ours', 'baseline'] as const) await send(side, warmUp);
		for (const { round, side } of interleaved<Side>(pairs, 'ours', 'baseline')) {
			await measured(round, side, perSide / pairs, CONNECTIONS);
		}
		for (const { round, side } of interleaved<Side>(1, 'ours', 'baseline')) {
			await measured(round, side, singles, SINGLE);
		}
		targets[DETAILS] = await turnDetailsOn(owner, sandbox, ours.workflowId!);
		await send(DETAILS, warmUp, SINGLE);
		await measured(1, DETAILS, singles, SINGLE);
	} finally {
		await n8n?.stop();
		await sandbox.stop();
		fs.rmSync(userFolder, { recursive: true, force: true });
	}
	const ours = summarise(rounds, 'ours', CONNECTIONS);
	const baseline = summarise(rounds, 'baseline', CONNECTIONS);
	const oursSingle = summarise(rounds, 'ours', SINGLE);
	const baselineSingle = summarise(rounds, 'baseline', SINGLE);
	const detailsSingle = summarise(rounds, DETAILS, SINGLE);
	const detailsAdded = detailsSingle['p50 ms'] - oursSingle['p50 ms'];
	const throughput = ratio(ours['throughput req/s'], baseline['throughput req/s']);
	return {
		name: 'trigger',
		title: `${perSide} lead deliveries per side at ${CONNECTIONS} connections in n8n ${N8N_VERSION}`,
		size,
		method:
			`autocannon, ${CONNECTIONS} connections, a fresh idEvento and a realistic Spanish lead body per request; ` +
			`${warmUp} warm-up deliveries per side, then ${pairs} interleaved pairs of ${perSide / pairs}; ` +
			`then ${singles} per side one at a time (x1: response time without queueing); ` +
			'n8n with the packed package, SQLite, default execution saving; both answer on receipt; ' +
			`then ours republished with Add Property Details on, ${warmUp} warm-up and ${singles} measured one at a time.`,
		rounds: rounds.map(({ latenciesMs, ...round }) => ({
			...round,
			p50Ms: percentile(latenciesMs, 50),
			p99Ms: percentile(latenciesMs, 99),
		})),
		summary: {
			ours,
			baseline,
			'ours x1': oursSingle,
			'baseline x1': baselineSingle,
			'ours x1, details on': detailsSingle,
		},
		ratios: [
			{ metric: 'throughput', value: throughput },
			{ metric: 'p50', value: ratio(ours['p50 ms'], baseline['p50 ms']) },
			{ metric: 'p99', value: ratio(ours['p99 ms'], baseline['p99 ms']) },
			{ metric: 'p50 x1', value: ratio(oursSingle['p50 ms'], baselineSingle['p50 ms']) },
			{ metric: 'p99 x1', value: ratio(oursSingle['p99 ms'], baselineSingle['p99 ms']) },
			{
				metric: 'p50 x1 details on',
				value: ratio(detailsSingle['p50 ms'], oursSingle['p50 ms']),
				of: 'ours with details / ours without',
			},
		],
		goals: [
			{ text: 'throughput ratio >= 0.95', met: throughput >= 0.95 },
			{
				text: `our p99 far under ${SERVICE_TIMEOUT_MS} ms (< ${SERVICE_TIMEOUT_MS / 3} ms) at ${CONNECTIONS} connections`,
				met: ours['p99 ms'] < SERVICE_TIMEOUT_MS / 3,
			},
			{
				text: `our p99 far under ${SERVICE_TIMEOUT_MS} ms (< ${SERVICE_TIMEOUT_MS / 3} ms) one at a time`,
				met: oursSingle['p99 ms'] < SERVICE_TIMEOUT_MS / 3,
			},
			{
				text: `details add at most ${GOAL_DETAILS_ADDED_MS} ms at p50 one at a time (${detailsAdded.toFixed(1)} ms), p99 under ${SERVICE_TIMEOUT_MS / 3} ms`,
				met:
					detailsAdded <= GOAL_DETAILS_ADDED_MS && detailsSingle['p99 ms'] < SERVICE_TIMEOUT_MS / 3,
			},
			{
				text: 'no failed or ignored delivery',
				met: [ours, baseline, oursSingle, baselineSingle, detailsSingle].every(
					(side) => side.failures + side.ignored === 0,
				),
			},
		],
	};
}
