/**
 * Suite 2, hostile input at the trigger over real HTTP: secrets missing, wrong, truncated, padded
 * (compared in constant time), wrong methods, malformed and deeply nested JSON, bodies of 1 MB and
 * more, unknown kinds, wrong types in every field, and a property run of several thousand bodies.
 * Invariants: no crash; no execution for a call without the right secret or with a body that is
 * not JSON; every JSON body with the right secret emitted once, never refused for its shape (see
 * also test/engine/trigger/bodyShapes.test.ts and test/reliability/anyBody.test.ts).
 */
jest.mock('node:crypto', () => {
	const actual = jest.requireActual('node:crypto');
	return {
		...actual,
		timingSafeEqual: jest.fn((a: Buffer, b: Buffer) => actual.timingSafeEqual(a, b)),
	};
});

import { timingSafeEqual } from 'node:crypto';
import * as fc from 'fast-check';
import {
	ALL_EVENTS,
	adActivity,
	credit,
	inLanguage,
	phoneViewLead,
} from '../unit/trigger/fixtures';
import { useAttackBench } from './support/attackBench';
import { isJson } from './support/isJson';
import { newEventId, type Call } from './support/triggerUnderAttack';

jest.setTimeout(120_000);

const bench = useAttackBench('hostile input at the trigger (real HTTP, engine)');
const { board } = bench;

const lead = (overrides: Record<string, unknown> = {}) => ({
	...phoneViewLead,
	idEvento: newEventId(),
	...overrides,
});

/**
 * Sends every invalid call, then one valid event: the invalid ones must all be refused (4xx) without
 * an execution, and must not have used up the valid event's place in the duplicate window.
 */
async function expectRefused(scenario: string, calls: Call[], refusal: RegExp = /^4\d\d$/) {
	const attack = await bench.start();
	const statuses: number[] = [];
	for (const call of calls) statuses.push((await attack.call(call)).status);
	const control = lead();
	const controlAnswer = await attack.call({ body: control });
	const { executions, emitted, crashes } = await attack.finish();
	board.add({
		scenario,
		inputs: calls.length,
		executions: executions - 1,
		lost: emitted.get(control.idEvento) === 1 ? 0 : 1,
		duplicated: [...emitted.values()].filter((count) => count > 1).length,
		crashes,
		notes: `answers ${[...new Set(statuses)].sort().join('/')}`,
	});
	const notRefused = statuses
		.map((status, index) => ({ status, index, call: JSON.stringify(calls[index]).slice(-160) }))
		.filter(({ status }) => !refusal.test(String(status)));
	expect(notRefused).toEqual([]);
	expect(crashes).toBe(0);
	expect(controlAnswer).toMatchObject({ status: 200 });
	expect(executions).toBe(1);
	expect([...emitted.entries()]).toEqual([[control.idEvento, 1]]);
}

describe('the secret', () => {
	test('missing, empty, wrong, truncated, padded, re-cased, repeated or elsewhere: 401, no execution', async () => {
		const attack = await bench.start();
		const secret = attack.secret;
		await attack.finish();
		const wrongSameLength = secret.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'));
		const calls: Call[] = [
			{ secret: null, body: lead() },
			{ secret: '', body: lead() },
			{ secret: wrongSameLength, body: lead() },
			{ secret: secret.slice(0, -1), body: lead() },
			{ secret: secret.slice(0, 32), body: lead() },
			{ secret: `${secret}0`, body: lead() },
			{ secret: `${secret}${'0'.repeat(10_000)}`, body: lead() },
			{ secret: secret.toUpperCase(), body: lead() },
			{ secret: null, headers: { 'x-portal-webhook-secret': [secret, secret] }, body: lead() },
			{ secret: null, headers: { authorization: secret }, body: lead() },
			{ secret: null, headers: { authorization: `Bearer ${secret}` }, body: lead() },
		];
		// The secret of a previous activation is no longer valid once it has been replaced.
		await expectRefused('secrets (missing/wrong/truncated/padded/...)', calls, /^401$/);
	});

	test('is compared with crypto.timingSafeEqual on equal-length buffers, never by string equality', async () => {
		const attack = await bench.start();
		const spy = timingSafeEqual as jest.MockedFunction<typeof timingSafeEqual>;
		spy.mockClear();
		try {
			const wrong = attack.secret.replace(/.$/, (c) => (c === '0' ? '1' : '0'));
			expect((await attack.call({ secret: wrong, body: lead() })).status).toBe(401);
			expect(spy).toHaveBeenCalled();
			for (const [a, b] of spy.mock.calls) expect((a as Buffer).length).toBe((b as Buffer).length);
			expect(spy.mock.results.every((result) => result.value === false)).toBe(true);

			spy.mockClear();
			expect((await attack.call({ body: lead() })).status).toBe(200);
			expect(spy.mock.results.some((result) => result.value === true)).toBe(true);
		} finally {
			await attack.finish();
		}
	});
});

test('wrong methods: refused without an execution', async () => {
	const body = JSON.stringify(lead());
	await expectRefused(
		'wrong methods (GET/PUT/PATCH/DELETE/OPTIONS/HEAD)',
		['GET', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'].map((method) => ({
			method,
			body: ['PUT', 'PATCH', 'DELETE'].includes(method) ? body : undefined,
		})),
	);
});

test('bodies that are not JSON: 4xx, no execution', async () => {
	const valid = JSON.stringify(lead());
	const bodies: Array<string | Buffer> = [
		'',
		'{',
		'{"idEvento":',
		valid.slice(0, valid.length / 2),
		`${valid}}`,
		`${valid}${valid}`,
		"{'idEvento':'x'}",
		'NaN',
		'\u0000',
		Buffer.from([0xff, 0xfe, 0xfd]),
		Buffer.from([0xef, 0xbb, 0xbf, 0x7b]),
	];
	const calls: Call[] = [
		...bodies.map((body) => ({ body })),
		{ body: 'idEvento=1&tipoEvento=CONTACTO', contentType: 'application/x-www-form-urlencoded' },
		{ secret: 'x'.repeat(64), body: 'not even json' },
		{ body: valid, contentType: 'multipart/form-data; boundary=x' },
	];
	await expectRefused('not JSON (malformed, cut off, doubled, a form, multipart)', calls);
});

test('JSON bodies that are not an event object: each emitted once, marked UNKNOWN', async () => {
	const valid = JSON.stringify(lead());
	const bodies = [
		'null',
		'true',
		'0',
		'"CONTACTO"',
		'[]',
		`[${valid}]`,
		'{}',
		'{"__proto__":{"polluted":true}}',
		'{"constructor":{"prototype":{"polluted":true}}}',
	];
	const attack = await bench.start();
	const statuses: number[] = [];
	for (const body of [...bodies, ...bodies]) statuses.push((await attack.call({ body })).status);
	const { executions, emitted, crashes, kinds } = await attack.finish();
	board.add({
		scenario: 'JSON that is no event object (each sent twice)',
		inputs: bodies.length * 2,
		executions,
		lost: bodies.length - emitted.size,
		duplicated: [...emitted.values()].filter((count) => count > 1).length,
		crashes,
		notes: `answers ${[...new Set(statuses)].join('/')}; the repeats dropped`,
	});
	expect(statuses).toEqual([...bodies, ...bodies].map(() => 200));
	expect(crashes).toBe(0);
	expect(executions).toBe(bodies.length);
	expect([...emitted.values()]).toEqual(bodies.map(() => 1));
	expect(kinds).toEqual(new Set(['UNKNOWN']));
	expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

test('deeply nested JSON: refused or taken, never a crash', async () => {
	const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
	const arrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
	const attack = await bench.start();
	const bodies = [
		arrays(20_000),
		nested(20_000),
		// Depth inside an otherwise valid lead, in a field the schema leaves open.
		JSON.stringify(lead()).replace(/^\{/, `{"idContacto":${nested(10_000)},`),
		JSON.stringify(lead()).replace(/^\{/, `{"extra":${arrays(20_000)},`),
	];
	const statuses: number[] = [];
	for (const body of bodies) statuses.push((await attack.call({ body })).status);
	const { executions, crashes } = await attack.finish();
	board.add({
		scenario: 'deeply nested JSON (10,000-20,000 levels)',
		inputs: bodies.length,
		executions,
		lost: 0,
		duplicated: 0,
		crashes,
		notes: `answers ${statuses.join('/')}`,
	});
	// JSON all of them, with the right secret: taken, never refused for their shape.
	expect(statuses).toEqual([200, 200, 200, 200]);
	expect(crashes).toBe(0);
});

test('bodies of 1 MB and more: 413 from the node without an execution', async () => {
	const big = (bytes: number) => JSON.stringify(lead({ mensaje: 'x'.repeat(bytes) }));
	// Above n8n's own N8N_PAYLOAD_SIZE_MAX (16 MiB) n8n refuses the body before any node runs.
	await expectRefused(
		'bodies of 1 MB, 5 MB and 15 MB',
		[{ body: big(1_048_576) }, { body: big(5 * 1_048_576) }, { body: big(15 * 1_048_576) }],
		/^413$/,
	);
});

describe('unknown kinds and kinds with the wrong case', () => {
	const kinds = [
		'FOO',
		'',
		'contacto',
		'CONTACTO ',
		'AVISO',
		'CREDITOS',
		'CONTACTO_MENSAJE\u0000',
		'ＣＯＮＴＡＣＴＯ',
	];

	/** Sends each body once: every one answered 200 and emitted once; the kinds emitted. */
	async function eachEmittedOnce(scenario: string, sent: Array<{ idEvento: string }>) {
		const attack = await bench.start();
		const statuses: number[] = [];
		for (const body of sent) statuses.push((await attack.call({ body })).status);
		const { executions, emitted, crashes, kinds: emittedKinds } = await attack.finish();
		board.add({
			scenario,
			inputs: sent.length,
			executions,
			lost: sent.filter((body) => emitted.get(body.idEvento) !== 1).length,
			duplicated: [...emitted.values()].filter((count) => count > 1).length,
			crashes,
			notes: `answers ${[...new Set(statuses)].sort().join('/')}`,
		});
		expect(crashes).toBe(0);
		expect(statuses).toEqual(sent.map(() => 200));
		for (const body of sent) expect(emitted.get(body.idEvento)).toBe(1);
		return emittedKinds;
	}

	test('in an ad or credit body: emitted once each, marked UNKNOWN (its kind cannot be told)', async () => {
		const sent = kinds.flatMap((tipoEvento) =>
			[adActivity, credit].map((event) => ({ ...event, idEvento: newEventId(), tipoEvento })),
		);
		const emittedKinds = await eachEmittedOnce('unknown kinds (ad and credit bodies)', sent);
		expect(emittedKinds).toEqual(new Set(['UNKNOWN']));
	});

	test('in a lead body: still a lead (refused, the portal would give it up), emitted once', async () => {
		const sent = kinds.map((tipoEvento) => lead({ tipoEvento }));
		const emittedKinds = await eachEmittedOnce('unknown kinds (lead bodies)', sent);
		expect(emittedKinds).toEqual(new Set(['CONTACTO']));
	});
});

describe('wrong types in every field', () => {
	const WRONG_VALUES: unknown[] = [
		42,
		-1.5,
		true,
		[],
		['x'],
		{},
		{ nested: { deep: 1 } },
		'x'.repeat(10_000),
		'',
	];

	test.each(ALL_EVENTS.map((event) => [event.tipoEvento, event] as const))(
		'%s: every field, every wrong type: no crash, every call emitted once (an id derived where the body has none)',
		async (_kind, event) => {
			// A lead body stays a lead without a text id (derived then) or a known kind (read from it).
			const isLead = event.tipoEvento.startsWith('CONTACTO');
			const attack = await bench.start();
			const sent: Array<{ id: string; status: number; field?: string }> = [];
			const fields = Object.keys(event).filter((field) => field !== 'idEvento');
			for (const field of fields) {
				for (const value of WRONG_VALUES) {
					const id = newEventId();
					const answer = await attack.call({ body: { ...event, idEvento: id, [field]: value } });
					sent.push({ id, status: answer.status, field });
				}
			}
			const notAnId = WRONG_VALUES.filter((value) => typeof value !== 'string' || value === '');
			for (const value of notAnId) {
				const answer = await attack.call({ body: { ...event, idEvento: value } });
				sent.push({ id: JSON.stringify(value), status: answer.status });
			}
			const { executions, emitted, crashes } = await attack.finish();
			const accepted = sent.filter((call) => call.status === 200);
			board.add({
				scenario: `wrong types in every field of ${_kind}`,
				inputs: sent.length,
				executions,
				// Calls with an id of their own; those without one are counted by executions below.
				lost: sent.filter((call) => call.field !== undefined && emitted.get(call.id) !== 1).length,
				duplicated: [...emitted.values()].filter((count) => count > 1).length,
				crashes,
				notes: `${sent.length - accepted.length} refused, ${accepted.length} taken`,
			});
			expect(crashes).toBe(0);
			// Refused, a real event would be retried by the portal for 72 hours and then given up. A
			// field of the wrong type is left out and named; a kind that is none makes a lead's kind
			// read from its content, and an ad or credit body one marked UNKNOWN.
			expect(sent.filter((call) => call.status !== 200)).toEqual([]);
			for (const call of sent.filter((one) => one.field !== undefined))
				expect(emitted.get(call.id)).toBe(1);
			// A body without a text id gets one derived from its message id, else from its fields
			// (docs/portal-api.md): the copies of one message are one event, dropped as repeats.
			const hasMessageId = typeof (event as { idMensaje?: unknown }).idMensaje === 'number';
			const sharingTheMessageId = notAnId.filter((value) => typeof value !== 'number').length;
			const repeats = isLead && hasMessageId ? sharingTheMessageId - 1 : 0;
			expect(executions).toBe(sent.length - repeats);
		},
	);
});

describe('property run', () => {
	const FUZZ_RUNS = 3_000;
	const languages = ['ES', 'EN', 'PT'] as const;
	// A small pool of ids, so that repeated deliveries of the same event are common.
	const validEvent = fc.record({
		template: fc.constantFrom(...ALL_EVENTS),
		language: fc.constantFrom(...languages),
		idIndex: fc.integer({ min: 0, max: 400 }),
	});
	const notJson = fc.oneof(
		fc.string().filter((text) => !isJson(text)),
		validEvent.map(({ template }) => JSON.stringify(template).slice(0, -2)),
	);
	const otherJson = fc.oneof(
		fc.jsonValue().map((value) => JSON.stringify(value)),
		fc
			.record({
				tipoEvento: fc.string(),
				idEvento: fc.oneof(fc.integer(), fc.constant(null), fc.string()),
			})
			.map((value) => JSON.stringify(value)),
	);
	const delivery = fc.oneof(
		{ weight: 3, arbitrary: validEvent.map((valid) => ({ valid })) },
		{ weight: 1, arbitrary: notJson.map((invalid) => ({ invalid })) },
		{ weight: 1, arbitrary: otherJson.map((other) => ({ other })) },
		{
			weight: 1,
			arbitrary: fc
				.tuple(validEvent, fc.string({ maxLength: 70 }))
				.map(([valid, badSecret]) => ({ valid, badSecret })),
		},
	);

	test(`${FUZZ_RUNS} generated deliveries: no crash, no execution for a call without the secret or JSON, every valid new event emitted once, any other JSON taken`, async () => {
		const deliveries = fc.sample(delivery, { numRuns: FUZZ_RUNS, seed: 20_240_607 });
		const attack = await bench.start();
		const ids = Array.from({ length: 401 }, () => newEventId());
		const expectedOnce = new Set<string>();
		let invalidAccepted = 0;
		let otherRefused = 0;
		let others = 0;
		for (const generated of deliveries) {
			if ('invalid' in generated) {
				const answer = await attack.call({ body: generated.invalid });
				if (answer.status === 200 && /"received":true}$/.test(answer.text)) invalidAccepted++;
				continue;
			}
			if ('other' in generated) {
				others++;
				if ((await attack.call({ body: generated.other })).status !== 200) otherRefused++;
				continue;
			}
			const { template, language, idIndex } = generated.valid;
			const id = ids[idIndex];
			const body = inLanguage({ ...template, idEvento: id }, language);
			const badSecret = 'badSecret' in generated ? generated.badSecret : undefined;
			const answer = await attack.call({ body, secret: badSecret });
			if (badSecret !== undefined && badSecret !== attack.secret) expect(answer.status).toBe(401);
			else expectedOnce.add(id);
		}
		const { executions, emitted, crashes } = await attack.finish();
		const lost = [...expectedOnce].filter((id) => !emitted.has(id)).length;
		const duplicated = [...emitted.values()].filter((count) => count > 1).length;
		const fromOtherJson = [...emitted.keys()].filter((id) => !expectedOnce.has(id)).length;
		board.add({
			scenario: 'fast-check property run',
			inputs: deliveries.length,
			executions,
			lost,
			duplicated,
			crashes,
			notes: `${expectedOnce.size} distinct valid events; ${others} other JSON bodies, ${fromOtherJson} distinct ones emitted; ${invalidAccepted} executions from calls without the secret or JSON`,
		});
		expect(crashes).toBe(0);
		expect(invalidAccepted).toBe(0);
		expect(otherRefused).toBe(0);
		expect(lost).toBe(0);
		expect(duplicated).toBe(0);
		// One item per execution, each event once: a repeat of an id is answered and dropped.
		expect(executions).toBe(emitted.size);
		expect(executions).toBe(expectedOnce.size + fromOtherJson);
	});
});
