/**
 * n8n's door (deploy/haproxy/n8n-door.cfg, docs/deployment.md) in front of a stand-in for n8n: a
 * small HTTP server that answers as n8n does (/healthz/readiness, the editor, production webhooks
 * answering 404 until the workflows are active, the trigger's 401 without its secret). Real HAProxy,
 * started as users run it.
 *
 * - Nothing waits at the door that has not shown the trigger's secret: a flood of deliveries without
 *   it, from one source, is answered 401 at once (then its connections are closed unread), never
 *   queued nor passed on, while the portal's delivery gets in and the editor answers; the door's
 *   connections stay under its limit.
 * - With the secrets' hashes listed, a wrong secret is refused too; over TLS. With the trigger's
 *   path as the readiness check, first deliveries held while n8n restarts are let in only once its
 *   webhooks answer, not into the 404 window after /healthz/readiness; refused connections while
 *   n8n stops are answered 503 with Retry-After.
 */
import { execFileSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import {
	doorAnswer,
	doorRefusal,
	doorSeesN8nUp,
	floodWithoutSecret,
	send,
	SECRET_HEADER,
	startDoor,
	statusOf,
	until,
	type Door,
	type Outcome,
} from './support';

const SECRET = 'f'.repeat(64);
const LIMIT = 2;
/** Another number than LIMIT: the repeats' lane is counted apart from the first deliveries'. */
const REPEAT_LIMIT = 3;
const CALLBACK_PATH = `/webhook/${randomUUID()}/real-estate-portal`;
/**
 * The flood: this many deliveries without the secret, a batch every 100 ms, each sender hanging up
 * after 1 s, as in the review that found the door queued them.
 */
const FLOOD = { requests: 3_000, batch: 50, everyMs: 100, patienceMs: 1_000 };

/** A stand-in for n8n: readiness 200; webhooks 404 while not active, the trigger's 401 without a secret. */
class StandIn {
	active = true;
	/** While true, webhook requests with a secret wait for release(). */
	holding = false;
	/** Each webhook request takes this long (n8n loads the workflow before the trigger checks the secret). */
	answerAfterMs = 0;
	/** Its 200s to the callback say the lead is done, as the trigger's do (X-Portal-Lead-Done). */
	saysDone = false;
	/** Bodies answered 500, the done header kept (an error after the trigger admitted the lead). */
	readonly failing = new Set<string>();
	readonly answered: Array<{ secret: boolean; status: number; body: string }> = [];
	private readonly waiting: Array<() => void> = [];
	private readonly server = http.createServer((request, response) => {
		void this.answer(request, response);
	});

	async listen(): Promise<number> {
		await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
		return (this.server.address() as AddressInfo).port;
	}

	release(): void {
		this.holding = false;
		for (const resume of this.waiting.splice(0)) resume();
	}

	/** Stops listening: connections are refused, as while n8n stops. */
	async close(): Promise<void> {
		this.server.closeAllConnections();
		await new Promise((resolve) => this.server.close(resolve));
	}

	private async answer(request: http.IncomingMessage, response: http.ServerResponse) {
		let body = '';
		for await (const chunk of request) body += String(chunk);
		const url = request.url ?? '';
		if (!url.startsWith('/webhook/')) {
			response.writeHead(200, { 'content-type': 'application/json' }).end('{"data":{}}');
			return;
		}
		const secret = request.headers[SECRET_HEADER] !== undefined;
		if (this.active && secret && this.holding) {
			await new Promise<void>((resume) => this.waiting.push(resume));
		}
		if (this.answerAfterMs > 0) await sleep(this.answerAfterMs);
		const status = !this.active ? 404 : !secret ? 401 : this.failing.has(body) ? 500 : 200;
		// Deliveries to the callback only (the door's readiness checks ask another trigger's path).
		if (url === CALLBACK_PATH) this.answered.push({ secret, status, body });
		const done = this.saysDone && status !== 404 && secret && url === CALLBACK_PATH;
		response
			.writeHead(status, {
				'content-type': 'application/json',
				...(done ? { 'x-portal-lead-done': '1' } : {}),
			})
			.end('{}');
	}
}

describe("n8n's door against floods and restarts (HAProxy in front of a stand-in for n8n)", () => {
	const standIn = new StandIn();
	/** Another n8n, which the last test stops. */
	const stopped = new StandIn();
	let door: Door | undefined;
	const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'door-guard-'));

	let n8nPort: number;

	beforeAll(async () => {
		n8nPort = await standIn.listen();
	});

	afterEach(() => {
		door?.stop();
		door = undefined;
	});

	afterAll(async () => {
		standIn.release();
		await standIn.close().catch(() => undefined);
		await stopped.close().catch(() => undefined);
		fs.rmSync(folder, { recursive: true, force: true });
	});

	it('answers a flood of deliveries without the secret 401 at once and queues none; the portal and the editor get in meanwhile', async () => {
		// n8n slower than the flood: one webhook request at a time, 50 ms each.
		standIn.answerAfterMs = 50;
		door = startDoor({ n8nPort, limit: 1 });
		const opened = door;
		await doorSeesN8nUp(opened);
		const callback = `${opened.url}${CALLBACK_PATH}`;

		const flood = floodWithoutSecret(callback, FLOOD);
		await sleep(2_000);
		const portal = await send(callback, { secret: SECRET, body: '{"lead":1}', patienceMs: 1_500 });
		const editor = await send(`${opened.url}/rest/settings`, { method: 'GET', patienceMs: 1_500 });
		const answeredWhileFlooding = flood.flooding;
		const outcomes = await flood.outcomes;

		const refused = outcomes.filter(
			(o) => 'status' in o && o.status === 401 && doorRefusal(o.body) === 'no secret',
		);
		const closed = outcomes.filter((o): o is { closed: string } => 'closed' in o);
		console.log(
			`door guard: ${outcomes.length} deliveries without the secret: ${refused.length} answered 401, ` +
				`${closed.length} connections closed unread (${[...new Set(closed.map((o) => o.closed))].join(', ')}), ` +
				`${outcomes.filter((o) => 'hungUp' in o).length} hung up`,
		);
		expect(outcomes.length).toBe(FLOOD.requests);
		expect(refused.length + closed.length).toBe(FLOOD.requests);
		// The source's refusals beyond its allowance: its connections closed unread.
		expect(refused.length).toBeGreaterThan(0);
		expect(closed.length).toBeGreaterThan(0);
		expect([statusOf(portal), statusOf(editor), answeredWhileFlooding]).toEqual([200, 200, true]);
		// n8n saw the portal's delivery only; nothing ever waited at the door.
		expect(standIn.answered.map((a) => [a.secret, a.status])).toEqual([[true, 200]]);
		const line = await opened.statsRow('n8n_first_deliveries', 'BACKEND');
		const others = await opened.statsRow('n8n_webhooks', 'BACKEND');
		expect([line.qmax, others.qmax]).toEqual(['0', '0']);
		const front = await opened.statsRow('n8n', 'FRONTEND');
		expect(Number(front.smax)).toBeLessThan(Number(front.slim));
	}, 60_000);

	it("holds a portal callback's first deliveries beyond its limit for their turn and lets them in after their sender hung up; answers repeats and other webhooks beyond theirs 503 with Retry-After; lets the editor through meanwhile; holds a body's fourth delivery once more", async () => {
		standIn.answerAfterMs = 0;
		standIn.answered.length = 0;
		door = startDoor({ n8nPort, limit: LIMIT, repeatLimit: REPEAT_LIMIT });
		const opened = door;
		const side = () => opened.webhookSide();
		await doorSeesN8nUp(opened);
		const deliver = (lead: number, patienceMs?: number) =>
			send(`${opened.url}${CALLBACK_PATH}`, {
				secret: SECRET,
				body: JSON.stringify({ lead }),
				patienceMs,
			});

		standIn.holding = true;
		// Distinct bodies, each sender hanging up after the portal's 1.5 s.
		const sentAt = Date.now();
		const firsts = Array.from({ length: LIMIT + 3 }, (_, lead) => deliver(lead, 1_500));
		await until(
			side,
			(now) => now.firstsInside === LIMIT && now.firstsWaiting === 3,
			'the first deliveries beyond the limit waiting at the door',
		);
		// Each lead's second delivery (the first lead's third too): repeats.
		const repeats = Array.from({ length: REPEAT_LIMIT + 3 }, (_, index) =>
			deliver(index % (LIMIT + 3)),
		);
		const answers: Outcome[] = [];
		for (const repeat of repeats) void repeat.then((outcome) => answers.push(outcome));
		await until(
			() => answers.length,
			(count) => count >= 3,
			'the door answering the repeats beyond their limit',
		);
		// Another workflow's webhook does not join the line: it waits for the others' places.
		const other = await send(`${opened.url}/webhook/door-test-other`, { body: '{}' });
		const editor = await send(`${opened.url}/`, { method: 'GET' });
		const health = await send(`${opened.url}/healthz`, { method: 'GET' });
		const inside = await side();
		// n8n finishes only after the senders of the waiting first deliveries have hung up.
		await sleep(Math.max(0, sentAt + 2_000 - Date.now()));
		standIn.release();

		const refusal = (outcome: Outcome) =>
			'status' in outcome
				? [outcome.status, doorRefusal(outcome.body), outcome.retryAfter]
				: [outcome];
		const busy = [503, 'busy', expect.stringMatching(/^[1-9][0-9]*$/) as string];
		expect(answers.slice(0, 3).map(refusal)).toEqual(Array(3).fill(busy));
		expect(refusal(other)).toEqual(busy);
		expect([statusOf(editor), statusOf(health)]).toEqual([200, 200]);
		expect([inside.firstsInside, inside.othersInside]).toEqual([LIMIT, REPEAT_LIMIT]);
		expect((await Promise.all(repeats)).map(statusOf).sort()).toEqual([
			...Array<number>(REPEAT_LIMIT).fill(200),
			...Array<number>(3).fill(503),
		]);
		// Every first delivery reached n8n, those whose sender had hung up included.
		const outcomes = await Promise.all(firsts);
		expect(outcomes.filter((outcome) => 'hungUp' in outcome).length).toBeGreaterThanOrEqual(3);
		await until(side, (now) => now.firstsWaiting === 0 && now.firstsInside === 0, 'the line empty');
		const reached = standIn.answered.map((a) => a.body);
		expect(reached).toHaveLength(LIMIT + 3 + REPEAT_LIMIT);
		expect(new Set(reached).size).toBe(LIMIT + 3);

		// A lead delivered twice: its third delivery is a repeat, its fourth joins the line (its
		// sender has not heard the outcome after three), its fifth is a repeat again.
		standIn.holding = true;
		const lead = LIMIT + 2;
		const third = deliver(lead);
		await until(side, (now) => now.othersInside === 1, 'the third delivery among the repeats');
		const fourth = deliver(lead);
		await until(side, (now) => now.firstsInside === 1, 'the fourth delivery in the line');
		const fifth = deliver(lead);
		await until(
			side,
			(now) => now.othersInside === 2 && now.firstsInside === 1,
			'the fifth delivery among the repeats',
		);
		standIn.release();
		expect((await Promise.all([third, fourth, fifth])).map(statusOf)).toEqual([200, 200, 200]);
	}, 60_000);

	it("with the secrets' hashes listed and TLS: refuses a wrong secret; holds first deliveries while n8n restarts until its webhooks answer; answers refused connections 503 with Retry-After", async () => {
		standIn.answerAfterMs = 0;
		standIn.answered.length = 0;
		const certificate = path.join(folder, 'door.pem');
		execFileSync(
			'openssl',
			[
				'req',
				'-x509',
				'-newkey',
				'rsa:2048',
				'-nodes',
				'-days',
				'1',
				'-subj',
				'/CN=127.0.0.1',
				'-addext',
				'subjectAltName=IP:127.0.0.1',
				'-keyout',
				certificate,
				'-out',
				certificate,
			],
			{ stdio: 'ignore' },
		);
		const ca = fs.readFileSync(certificate, 'utf8');
		const hashes = path.join(folder, 'secrets.sha256');
		fs.writeFileSync(hashes, `${createHash('sha256').update(SECRET).digest('hex')}\n`);
		door = startDoor({
			n8nPort,
			limit: 1,
			secretHashesFile: hashes,
			tlsCert: certificate,
			// Another trigger's URL: n8n activates every published workflow at start.
			readyWebhook: `/webhook/${randomUUID()}/real-estate-portal`,
		});
		const opened = door;
		const callback = `${opened.url}${CALLBACK_PATH}`;
		const deliver = (lead: number, secret = SECRET) =>
			send(callback, { secret, body: JSON.stringify({ lead }), ca });
		const side = () => opened.webhookSide();
		await doorSeesN8nUp(opened);

		const wrong = await deliver(0, 'e'.repeat(64));
		expect('status' in wrong && [wrong.status, doorRefusal(wrong.body)]).toEqual([
			401,
			'no secret',
		]);
		expect(standIn.answered).toEqual([]);

		// One delivery inside n8n, two waiting for their turn.
		standIn.holding = true;
		const firsts = [1, 2, 3].map((lead) => deliver(lead));
		await until(
			side,
			(now) => now.firstsInside === 1 && now.firstsWaiting === 2,
			'two deliveries waiting',
		);
		// n8n restarts: /healthz/readiness answers 200 while its webhooks still answer 404.
		standIn.active = false;
		await until(side, (now) => now.n8n.startsWith('DOWN'), 'the door seeing n8n not ready');
		standIn.release();
		await sleep(1_000);
		expect((await side()).firstsWaiting).toBe(2);
		standIn.active = true;
		// Whichever delivery was inside when n8n restarted heard its 404; the two held ones ran.
		expect((await Promise.all(firsts)).map(statusOf).sort()).toEqual([200, 200, 404]);
		expect(standIn.answered.map((a) => a.status)).toEqual([404, 200, 200]);

		// n8n stops: its connections refused before the door's checks notice.
		await standIn.close();
		const stopped = await deliver(4);
		expect('status' in stopped && [stopped.status, doorRefusal(stopped.body)]).toEqual([
			503,
			expect.any(String),
		]);
		expect('status' in stopped && stopped.retryAfter).toMatch(/^[1-9][0-9]*$/);
	}, 60_000);

	it('answers the repeats of a lead the trigger answered done itself, n8n up or stopped, though that answer came after the sender hung up', async () => {
		const n8n = stopped;
		n8n.saysDone = true;
		door = startDoor({ n8nPort: await n8n.listen(), limit: 1 });
		const opened = door;
		const side = () => opened.webhookSide();
		const deliver = (lead: number, patienceMs?: number) =>
			send(`${opened.url}${CALLBACK_PATH}`, {
				secret: SECRET,
				body: JSON.stringify({ lead }),
				patienceMs,
			});
		/** Status and why the door answered (null: n8n's answer). */
		const answerOf = (outcome: Outcome) =>
			'status' in outcome ? [outcome.status, doorAnswer(outcome.body) ?? null] : outcome;
		await doorSeesN8nUp(opened);

		// Lead 1 inside n8n, lead 2 in the line; both senders hang up before n8n answers.
		n8n.holding = true;
		const inside = deliver(1, 1_500);
		await until(side, (now) => now.firstsInside === 1, 'lead 1 inside n8n');
		const inLine = deliver(2, 1_500);
		await until(side, (now) => now.firstsWaiting === 1, 'lead 2 in the line');
		expect(await Promise.all([inside, inLine])).toEqual([{ hungUp: true }, { hungUp: true }]);
		n8n.release();
		await until(
			() => n8n.answered.length,
			(count) => count === 2,
			'n8n answering both leads done',
		);
		await until(side, (now) => now.firstsInside === 0, 'the door seeing both answers');

		// Their repeats are answered by the door, n8n up: they take none of its time.
		expect((await Promise.all([deliver(1), deliver(2)])).map(answerOf)).toEqual([
			[200, 'done'],
			[200, 'done'],
		]);
		// An error answer is no verdict, whatever header it kept: the repeat reaches n8n.
		n8n.failing.add('{"lead":4}');
		expect(answerOf(await deliver(4))).toEqual([500, null]);
		expect(answerOf(await deliver(4))).toEqual([500, null]);
		// And while n8n is stopped; a lead it never answered waits for it.
		await n8n.close();
		await until(side, (now) => now.n8n.startsWith('DOWN'), 'the door seeing n8n stopped');
		expect((await Promise.all([deliver(1), deliver(2), deliver(3)])).map(answerOf)).toEqual([
			[200, 'done'],
			[200, 'done'],
			[503, 'not ready'],
		]);
		expect(n8n.answered.map((a) => [a.body, a.status])).toEqual([
			['{"lead":1}', 200],
			['{"lead":2}', 200],
			['{"lead":4}', 500],
			['{"lead":4}', 500],
		]);
	}, 60_000);
});
