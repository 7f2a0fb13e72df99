/**
 * Benchmark `lead-burst` (issue 27): bursts of leads made within one second at the landing example
 * (our trigger, Respond "When Last Node Finishes", Data table upsert by event id) and at its
 * hand-built equivalent (n8n's Webhook node responding when the last node finishes, the same
 * upsert), in the real n8n of the end-to-end suite. The emulator delivers every lead to the side's
 * interface and retries failed deliveries on a back-off schedule, honouring Retry-After.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import type { DeliveryAttempt } from '../sandbox';
import {
	LEADS_TABLE,
	createPortalCredential,
	ensureN8nInstalled,
	importLandingExample,
	installPackageInto,
	provisionOwner,
	publishWorkflow,
	startN8n,
	type ProvisionedN8n,
	type RunningN8n,
} from '../test/e2e/support';
import { runBurst, type BurstFigures, type BurstSide } from './burst/burst';
import { timelineLines } from './burst/timeline';
import { handBuiltWorkflow } from './burst/workflows';
import { N8N_VERSION } from './lib/baselineNodes';
import { bySize, type BenchOptions } from './lib/options';
import type { BenchResult, Side } from './lib/report';
import { startSandboxProcess, type SandboxProcess } from './lib/sandboxProcess';
import { ratio } from './lib/stats';

/**
 * A portal's back-off: 8 attempts over about two minutes (the real one retries for 72 hours); the
 * smoke run's tiny size gives up after 7 s, so that the baseline's burst ends quickly.
 */
const RETRY_SCHEDULES_MS = {
	tiny: [1_000, 2_000, 4_000],
	full: [1_000, 2_000, 4_000, 8_000, 15_000, 30_000, 60_000],
};
const ANSWER_TIME_MS = 1_500;
const SECRET_HEADER = 'X-Portal-Webhook-Secret';
const OURS = { interfaceId: 'demo-les', token: 'demo-les-token', code: 'BURST-OURS' };
const HAND_BUILT = { interfaceId: 'demo-lec', token: 'demo-lec-token', code: 'BURST-HAND' };
const burstTimeoutMs = (schedule: number[]) =>
	schedule.reduce((sum, ms) => sum + ms, 0) + (schedule.length + 1) * ANSWER_TIME_MS + 60_000;

/** Two online ads: the first reaches only our interface, the second only the hand-built one. */
async function separateAds(sandbox: SandboxProcess): Promise<[number, number]> {
	const online = await sandbox.admin<Array<{ idAvisoPlat: number }>>(
		'GET',
		'/agencies/INMO-001/ads?online=true',
	);
	const [ours, handBuilt] = online.map((ad) => ad.idAvisoPlat);
	const associated = async (interfaceId: string) =>
		(
			await sandbox.admin<{ associations: Array<{ idAvisoPlat: number }> }>(
				'GET',
				`/interfaces/${interfaceId}`,
			)
		).associations.map((association) => association.idAvisoPlat);
	const only = async (adId: number, to: typeof OURS, notTo: typeof OURS) => {
		if ((await associated(notTo.interfaceId)).includes(adId))
			await sandbox.admin('DELETE', `/interfaces/${notTo.interfaceId}/associations/${adId}`);
		if (!(await associated(to.interfaceId)).includes(adId))
			await sandbox.admin('PUT', `/interfaces/${to.interfaceId}/associations/${adId}`, {
				codigoAviso: to.code,
			});
	};
	await only(ours, OURS, HAND_BUILT);
	await only(handBuilt, HAND_BUILT, OURS);
	return [ours, handBuilt];
}

/** Points the hand-built side's interface at the Webhook node, as its user would at the portal. */
async function configureCallback(sandbox: SandboxProcess, url: string, secret: string) {
	const call = async (route: string, body?: unknown) => {
		const response = await fetch(`${sandbox.url}${route}?access_token=${HAND_BUILT.token}`, {
			method: 'PUT',
			headers: body === undefined ? {} : { 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		if (response.status !== 204) throw new Error(`PUT ${route} answered ${response.status}`);
	};
	await call('/v1/configuracion/callbacks', {
		url,
		authorizationHeaderKey: SECRET_HEADER,
		authorizationHeaderValue: secret,
		lenguajeCallbackBody: 'ES',
	});
	for (const kind of ['CONTACTO', 'CONTACTO_MENSAJE'])
		await call(`/v1/configuracion/callbacks/${kind}`);
}

async function publishSides(owner: ProvisionedN8n, sandbox: SandboxProcess, n8n: RunningN8n) {
	const [oursAd, handBuiltAd] = await separateAds(sandbox);
	const credential = await createPortalCredential(owner.api, sandbox.url);
	const landing = await importLandingExample(owner, 'leadsToDataTable', credential);
	if ((await publishWorkflow(owner, landing.id)).status !== 'published')
		throw new Error('the landing example did not publish');
	const secret = randomBytes(24).toString('base64url');
	const header = await owner.api.createCredential({
		name: 'bench header',
		type: 'httpHeaderAuth',
		data: { name: SECRET_HEADER, value: secret },
	});
	const webhookPath = `burst-${randomUUID()}`;
	const handBuilt = await owner.api.createWorkflow(handBuiltWorkflow(header.id, webhookPath));
	if ((await publishWorkflow(owner, handBuilt.id)).status !== 'published')
		throw new Error('the hand-built workflow did not publish');
	await configureCallback(sandbox, `${n8n.url}/webhook/${webhookPath}`, secret);
	const table = await owner.api.dataTableNamed(LEADS_TABLE);
	if (!table) throw new Error(`the landing example made no table "${LEADS_TABLE}"`);
	const sides: Record<Side, BurstSide> = {
		ours: { interfaceId: OURS.interfaceId, adId: oursAd, workflowId: landing.id },
		baseline: { interfaceId: HAND_BUILT.interfaceId, adId: handBuiltAd, workflowId: handBuilt.id },
	};
	return { sides, tableId: table.id };
}

/** Leads made one at a time, each answered before the next: n8n's answer times without queueing. */
async function oneAtATime(sandbox: SandboxProcess, side: BurstSide, leads: number) {
	const answersMs: number[] = [];
	for (let index = 0; index < leads; index++) {
		const made = await sandbox.admin<{ events: Array<{ idEvento: string; interfaceId: string }> }>(
			'POST',
			`/ads/${side.adId}/leads`,
			{ tipoEvento: 'CONTACTO_MENSAJE', nombre: `Single ${index + 1}` },
		);
		const event = made.events.find((one) => one.interfaceId === side.interfaceId)!;
		for (let polls = 0; polls < 500; polls++) {
			const attempts = await sandbox.admin<DeliveryAttempt[]>(
				'GET',
				`/deliveries?idEvento=${event.idEvento}`,
			);
			const success = attempts.find((attempt) => attempt.outcome === 'success');
			if (success) {
				answersMs.push(success.durationMs);
				break;
			}
			await sleep(20);
		}
	}
	const meanMs = answersMs.reduce((sum, ms) => sum + ms, 0) / answersMs.length;
	return { meanMs, maxMs: Math.max(...answersMs), perSecond: 1_000 / meanMs };
}

function logLinesAbout(n8n: RunningN8n, text: string): number {
	return n8n
		.readLog()
		.split('\n')
		.filter((line) => line.includes(text)).length;
}

export async function leadBurstBench(options: BenchOptions): Promise<BenchResult> {
	const { size } = options;
	const bursts = options.bursts ?? bySize(size, { tiny: [10], full: [50, 200] });
	const sidesRun = options.sides ?? (['ours', 'baseline'] as const);
	const schedule = bySize(size, RETRY_SCHEDULES_MS);
	const singles = bySize(size, { tiny: 5, full: 20 });
	const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-burst-'));
	const sandbox = await startSandboxProcess({
		SANDBOX_RETRY_SCHEDULE: schedule.join(','),
		SANDBOX_HONOUR_RETRY_AFTER: '1',
		SANDBOX_DELIVERY_TIMEOUT_MS: String(ANSWER_TIME_MS),
	});
	let n8n: RunningN8n | undefined;
	const rounds: BenchResult['rounds'] = [];
	const summary: BenchResult['summary'] = {};
	const measured = new Map<string, BurstFigures>();
	let single: Awaited<ReturnType<typeof oneAtATime>> | undefined;
	try {
		const install = await ensureN8nInstalled();
		await installPackageInto(userFolder, { build: false });
		n8n = await startN8n({ userFolder, install, logName: 'bench-lead-burst' });
		const owner = await provisionOwner(n8n.url);
		const { sides, tableId } = await publishSides(owner, sandbox, n8n);
		single = await oneAtATime(sandbox, sides.ours, singles);
		console.log(
			`  one at a time (ours): mean ${single.meanMs.toFixed(0)} ms, max ${single.maxMs} ms, ` +
				`${single.perSecond.toFixed(1)} leads/s`,
		);
		for (const [round, burst] of bursts.entries()) {
			for (const side of sidesRun) {
				const logBefore = logLinesAbout(n8n, 'with 503 and Retry-After');
				const { figures, timeline } = await runBurst({
					sandbox,
					owner,
					tableId,
					side: sides[side],
					size: burst,
					timeoutMs: burstTimeoutMs(schedule),
				});
				const deferralLogLines = logLinesAbout(n8n, 'with 503 and Retry-After') - logBefore;
				rounds.push({ side, round, burst, ...figures, deferralLogLines, timeline });
				measured.set(`${side} ${burst}`, figures);
				summary[`${side} ${burst}`] = { ...figures, 'deferral log lines': deferralLogLines };
				console.log(`  ${side.padEnd(8)} burst of ${burst}: ${JSON.stringify(figures)}`);
				if (side === 'ours') console.log(timelineLines(timeline).join('\n'));
			}
		}
	} finally {
		await n8n?.stop();
		await sandbox.stop();
		fs.rmSync(userFolder, { recursive: true, force: true });
	}
	summary['ours x1'] = {
		'mean answer ms': single.meanMs,
		'max answer ms': single.maxMs,
		'leads/s': single.perSecond,
	};
	return {
		name: 'lead-burst',
		title: `bursts of ${bursts.join(' and ')} leads within one second, Respond "When Last Node Finishes" + Data table, n8n ${N8N_VERSION}`,
		size,
		method:
			'the sandbox emulator makes the leads (one ad per side, leads paced evenly over one second) and ' +
			`delivers them, ${ANSWER_TIME_MS} ms answer time, retries after ${schedule.join(', ')} ms ` +
			'or after the Retry-After a 503 asks for; ours: examples/leads-to-data-table.json as imported; ' +
			"baseline: n8n's Webhook node (Header Auth, Respond When Last Node Finishes) and the same Data " +
			'table upsert; n8n with the packed package, SQLite, default execution saving. Drain: from the ' +
			`first lead made until every lead is one row. One at a time: ${singles} leads, each answered before the next.`,
		rounds,
		summary,
		ratios: sidesRun.length < 2 ? [] : bursts.flatMap((burst) => burstRatios(measured, burst)),
		goals: sidesRun.includes('ours')
			? bursts.flatMap((burst) => burstGoals(measured.get(`ours ${burst}`)!, burst, single!))
			: [],
	};
}

function burstRatios(measured: Map<string, BurstFigures>, burst: number) {
	const ours = measured.get(`ours ${burst}`)!;
	const baseline = measured.get(`baseline ${burst}`)!;
	return [
		{
			metric: `executions per lead, burst ${burst}`,
			value: ratio(ours['executions per lead'], baseline['executions per lead']),
		},
		{ metric: `drain, burst ${burst}`, value: ratio(ours['drain s'], baseline['drain s']) },
		{
			metric: `attempts per lead, burst ${burst}`,
			value: ratio(ours['attempts per lead'], baseline['attempts per lead']),
		},
	];
}

function burstGoals(ours: BurstFigures, burst: number, single: { perSecond: number }) {
	const drainGoal = (1.25 * burst) / single.perSecond;
	return [
		{
			text: `burst ${burst}: executions per lead <= 1.05 (${ours['executions per lead'].toFixed(2)})`,
			met: ours['executions per lead'] <= 1.05,
		},
		{
			text: `burst ${burst}: 0 given up, 0 lost, 0 twice`,
			met: ours['given up'] + ours.lost + ours.twice === 0,
		},
		{
			text: `burst ${burst}: drained within 1.25 x ${burst} / ${single.perSecond.toFixed(1)} leads/s = ${drainGoal.toFixed(1)} s (${ours['drain s'].toFixed(1)} s)`,
			met: ours['drain s'] <= drainGoal,
		},
		{
			text: `burst ${burst}: every answer under ${ANSWER_TIME_MS} ms (longest ${ours['longest answer ms']} ms)`,
			met: ours['longest answer ms'] < ANSWER_TIME_MS,
		},
	];
}
