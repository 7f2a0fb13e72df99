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
/** The header of the door's readiness check (the trigger's DOOR_PROBE_HEADER). */
const PROBE_HEADER = 'x-portal-door-probe';
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
	readonly answered: Array<{ secret: boolean; status: number; body: string; probe?: true }> = [];
	/** The door's readiness checks (webhook requests to another path): whether each carried the probe header. */
	readonly checks: boolean[] = [];
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
		const probe = request.headers[PROBE_HEADER] !== undefined;
		if (url === CALLBACK_PATH)
			this.answered.push({ secret, status, body, ...(probe ? { probe } : {}) });
		else this.checks.push(probe);
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

	/** Stand-ins of their own for the last tests (the others stop theirs). */
	const others: StandIn[] = [];
	async function anotherN8n(): Promise<[StandIn, number]> {
		const n8n = new StandIn();
		others.push(n8n);
		return [n8n, await n8n.listen()];
	}
	/** Status and why the door answered (null: n8n's answer). */
	const answerOf = (outcome: Outcome) =>
		'status' in outcome ? [outcome.status, doorAnswer(outcome.body) ?? null] : outcome;

	afterAll(async () => {
		for (const n8n of others) await n8n.close().catch(() => undefined);
		standIn.release();
		await standIn.close().catch(() => undefined);
		await stopped.close().catch(() => undefined);
		fs.rmSync(folder, { recursive: true, force: true });
	});

	it('answers a flood of deliveries without the secret 401 at once and queues none; the portal and the editor get in meanwhile', async () => {
		// n8n slower than the flood: one webhook request at a time, 50 ms each.
		standIn.answerAfterMs = 50;
		door = startDoor({ n8nPort, limit: 1, secrets: [SECRET] });
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
				`${closed.length} connections closed unanswered (${[...new Set(closed.map((o) => o.closed))].join(', ')}), ` +
				`${outcomes.filter((o) => 'hungUp' in o).length} hung up`,
		);
		expect(outcomes.length).toBe(FLOOD.requests);
		expect(refused.length + closed.length).toBe(FLOOD.requests);
		// The source's refusals beyond its allowance: those requests' connections closed unanswered.
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
		door = startDoor({ n8nPort, limit: LIMIT, repeatLimit: REPEAT_LIMIT, secrets: [SECRET] });
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
		// Whichever delivery was inside when n8n restarted got n8n's 404, answered 503 by the door;
		// the two held ones ran.
		expect((await Promise.all(firsts)).map(statusOf).sort()).toEqual([200, 200, 503]);
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
		door = startDoor({ n8nPort: await n8n.listen(), limit: 1, secrets: [SECRET] });
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

	it('with the shipped defaults, never answers 404 after an n8n restart: 20 held deliveries let in while the webhooks are not active yet are asked back 503 with Retry-After, and land once they are', async () => {
		const [n8n, port] = await anotherN8n();
		door = startDoor({ n8nPort: port, limit: 2, secrets: [SECRET] });
		const opened = door;
		const callback = `${opened.url}${CALLBACK_PATH}`;
		const deliver = (lead: number) =>
			send(callback, { secret: SECRET, body: JSON.stringify({ lead }) });
		await doorSeesN8nUp(opened);
		n8n.holding = true;
		const firsts = Array.from({ length: 20 }, (_, lead) => deliver(lead));
		await until(
			() => opened.webhookSide(),
			(now) => now.firstsInside === 2 && now.firstsWaiting === 18,
			'two deliveries inside, eighteen waiting',
		);
		// n8n restarts: /healthz/readiness 200 (the default check), its webhooks 404 until active.
		n8n.active = false;
		n8n.release();
		const outcomes = await Promise.all(firsts);
		expect(n8n.answered.filter((a) => a.status === 404)).toHaveLength(20);
		expect(outcomes.map(answerOf)).toEqual(Array(20).fill([503, 'not ready']));
		expect(outcomes.every((o) => 'status' in o && /^[1-9][0-9]*$/.test(o.retryAfter ?? ''))).toBe(
			true,
		);
		// Active again: the portal's retries land, each lead once.
		n8n.active = true;
		const retries = await Promise.all(Array.from({ length: 20 }, (_, lead) => deliver(lead)));
		expect(retries.map(statusOf)).toEqual(Array(20).fill(200));
	}, 60_000);

	it('is closed by default: until the published secrets are admitted, every delivery to a trigger is refused 401 at once, whatever its secret, and junk leaves no stick-table entry behind', async () => {
		const [n8n, port] = await anotherN8n();
		door = startDoor({ n8nPort: port, limit: 1 });
		const opened = door;
		await doorSeesN8nUp(opened);
		const callback = `${opened.url}${CALLBACK_PATH}`;
		const junk = await Promise.all(
			Array.from({ length: 20 }, (_, n) =>
				send(callback, {
					secret: randomUUID(),
					body: JSON.stringify({ junk: n }),
					from: '127.0.0.3',
				}),
			),
		);
		const portalBefore = await send(callback, { secret: SECRET, body: '{"lead":"closed"}' });
		expect([...junk, portalBefore].map(answerOf)).toEqual(Array(21).fill([401, 'no secret']));
		expect(n8n.answered).toEqual([]);
		expect(await opened.tableUsed('bodies_let_through')).toBe(0);
		const [line, others] = await Promise.all([
			opened.statsRow('n8n_first_deliveries', 'BACKEND'),
			opened.statsRow('n8n_webhooks', 'BACKEND'),
		]);
		expect([line.qmax, others.qmax, line.stot, others.stot]).toEqual(['0', '0', '0', '0']);

		// The trigger's secret, as the portal's callback holds it, admitted: the portal gets in.
		opened.admit([SECRET]);
		await doorSeesN8nUp(opened);
		expect(answerOf(await send(callback, { secret: SECRET, body: '{"lead":"closed"}' }))).toEqual([
			200,
			null,
		]);
		expect(answerOf(await send(callback, { secret: 'e'.repeat(64), body: '{}' }))).toEqual([
			401,
			'no secret',
		]);
		expect(n8n.answered.map((a) => [a.body, a.status])).toEqual([['{"lead":"closed"}', 200]]);
		expect(await opened.tableUsed('bodies_let_through')).toBe(1);
	}, 60_000);

	it('never shuts out a shared address: past its refusal limit, only the refused requests from it are closed; the portal and the editor behind the same address get in at once', async () => {
		const [n8n, port] = await anotherN8n();
		door = startDoor({ n8nPort: port, limit: 1, secrets: [SECRET] });
		const opened = door;
		await doorSeesN8nUp(opened);
		const callback = `${opened.url}${CALLBACK_PATH}`;
		// One address (NAT, a load balancer): a stranger's 80 deliveries without the secret.
		const shared = '127.0.0.4';
		const junk: Outcome[] = [];
		for (let batch = 0; batch < 4; batch++)
			junk.push(
				...(await Promise.all(
					Array.from({ length: 20 }, (_, n) =>
						send(callback, { body: JSON.stringify({ junk: batch * 20 + n }), from: shared }),
					),
				)),
			);
		const refused = junk.filter((o) => 'status' in o && doorRefusal(o.body) === 'no secret');
		const closed = junk.filter((o) => 'closed' in o);
		expect(refused.length + closed.length).toBe(80);
		expect(closed.length).toBeGreaterThan(0);
		const sentAt = Date.now();
		const [portal, editor, health] = await Promise.all([
			send(callback, {
				secret: SECRET,
				body: '{"lead":"shared"}',
				from: shared,
				patienceMs: 1_500,
			}),
			send(`${opened.url}/rest/settings`, { method: 'GET', from: shared, patienceMs: 1_500 }),
			send(`${opened.url}/healthz`, { method: 'GET', from: shared, patienceMs: 1_500 }),
		]);
		expect([statusOf(portal), statusOf(editor), statusOf(health)]).toEqual([200, 200, 200]);
		expect(Date.now() - sentAt).toBeLessThan(1_000);
		expect(n8n.answered.map((a) => [a.secret, a.status])).toEqual([[true, 200]]);
		// The stranger's next refusals are still closed.
		expect('closed' in (await send(callback, { body: '{"junk":"more"}', from: shared }))).toBe(
			true,
		);
	}, 60_000);

	it('keeps what it knows through a reload (-sf): a lead the trigger answered done is answered done by the new process, a body let through before is still a repeat', async () => {
		const [n8n, port] = await anotherN8n();
		n8n.saysDone = true;
		door = startDoor({ n8nPort: port, limit: 1, secrets: [SECRET] });
		const opened = door;
		await doorSeesN8nUp(opened);
		const deliver = (body: string) =>
			send(`${opened.url}${CALLBACK_PATH}`, { secret: SECRET, body });
		const done = '{"lead":"done"}';
		const failed = '{"lead":"failed"}';
		n8n.failing.add(failed);
		expect((await Promise.all([deliver(done), deliver(failed)])).map(answerOf)).toEqual([
			[200, null],
			[500, null],
		]);
		// A fresh HAProxy waits 5 s for an older process to teach it before it can teach a newer one.
		await until(
			async () =>
				/flags=0x([0-9a-f]+)/.exec(await opened.cli('show peers').catch(() => 'flags=0x3'))?.[1],
			(flags) => flags !== undefined && (parseInt(flags, 16) & 3) === 3,
			"the door's tables ready to hand over",
			10_000,
		);
		door = opened.reload();
		const reloaded = door;
		await doorSeesN8nUp(reloaded);
		expect(answerOf(await deliver(done))).toEqual([200, 'done']);
		expect(answerOf(await deliver(failed))).toEqual([500, null]);
		// The failed lead's second delivery went the repeats' way, not into the line again.
		const [firsts, repeats] = await Promise.all([
			reloaded.statsRow('n8n_first_deliveries', 'n8n'),
			reloaded.statsRow('n8n_webhooks', 'n8n'),
		]);
		expect([firsts.stot, repeats.stot]).toEqual(['0', '1']);
		expect(n8n.answered.map((a) => `${a.body} ${a.status}`).sort()).toEqual([
			`${done} 200`,
			`${failed} 500`,
			`${failed} 500`,
		]);
	}, 60_000);

	it("marks its readiness check as its own, for the trigger to answer without logging a refusal; a client's mark never reaches n8n", async () => {
		const [n8n, port] = await anotherN8n();
		door = startDoor({
			n8nPort: port,
			limit: 1,
			secrets: [SECRET],
			readyWebhook: `/webhook/${randomUUID()}/real-estate-portal`,
		});
		const opened = door;
		await doorSeesN8nUp(opened);
		expect(n8n.checks.length).toBeGreaterThan(0);
		expect(n8n.checks.every(Boolean)).toBe(true);
		const marked = await send(`${opened.url}${CALLBACK_PATH}`, {
			secret: SECRET,
			body: '{"lead":"marked"}',
			headers: { [PROBE_HEADER]: '1' },
		});
		expect(statusOf(marked)).toBe(200);
		expect(n8n.answered).toEqual([{ secret: true, status: 200, body: '{"lead":"marked"}' }]);
	}, 60_000);
});
