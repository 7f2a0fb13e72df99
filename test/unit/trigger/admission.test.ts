/**
 * Whether a delivery runs the workflow (nodes/RealEstatePortalTrigger/admission.ts, doneLeads.ts,
 * inFlight.ts): a lead already done is answered 200 without running again for 72 hours, however
 * many leads come after it; answered after the workflow, a repeat of a running lead is never run
 * beside it, the user's cap holds, and a run that never answers holds its place only for a bound.
 */
import { EventEmitter } from 'node:events';

import {
	Admission,
	admissionOf,
	REFUSALS_LOG_EVERY_MS,
	admitLead,
	refuseDelivery,
	type AfterWorkflow,
} from '../../../nodes/RealEstatePortalTrigger/admission';
import { DoneLeads, PORTAL_RETRIES_MS } from '../../../nodes/RealEstatePortalTrigger/doneLeads';
import { CEILING_MS, inFlightBoundOf } from '../../../nodes/RealEstatePortalTrigger/inFlight';

const LEAD = 'lead-1';
const HOUR = 60 * 60 * 1_000;
const AFTER: AfterWorkflow = { maxInFlight: null, boundMs: CEILING_MS };
const capped = (maxInFlight: number): AfterWorkflow => ({ maxInFlight, boundMs: CEILING_MS });

let scopes = 0;
/** An admission of its own trigger, over a memory of done leads of its own. */
const newAdmission = (done = new DoneLeads()) => new Admission(`trigger ${++scopes}`, done);

function started(admission: Admission, eventId: string, now = 0, after = AFTER) {
	const verdict = admission.decide(eventId, now, after);
	if (!verdict.admitted || !verdict.flight)
		throw new Error(`not started: ${JSON.stringify(verdict)}`);
	return verdict.flight;
}

it('answers a repeat of a running lead, and runs it again once the first run failed', () => {
	const admission = newAdmission();
	const flight = started(admission, LEAD);
	expect(admission.decide(LEAD, 100, AFTER)).toEqual({ admitted: false, reason: 'running' });
	admission.finish(flight, false, 150);
	expect(admission.decide(LEAD, 200, AFTER)).toMatchObject({ admitted: true });
});

it('answers every delivery of a lead that succeeded done for 72 hours, however many succeed after it', () => {
	const admission = newAdmission();
	admission.finish(started(admission, LEAD), true, 0);
	for (let i = 0; i < 5_000; i++) admission.finish(started(admission, `other-${i}`, i), true, i);
	for (const now of [100, HOUR, PORTAL_RETRIES_MS])
		expect(admission.decide(LEAD, now, AFTER)).toEqual({ admitted: false, reason: 'done' });
	expect(admission.decide(LEAD, PORTAL_RETRIES_MS + 1, AFTER)).toMatchObject({ admitted: true });
});

it('answered at once, a lead is done when emitted: a copy arriving next is dropped, for 72 hours', () => {
	const admission = newAdmission();
	expect(admission.decide(LEAD, 0)).toEqual({ admitted: true });
	for (let i = 0; i < 5_000; i++) admission.decide(`other-${i}`, i);
	expect(admission.decide(LEAD, 71 * HOUR)).toEqual({ admitted: false, reason: 'done' });
	expect(admission.decide(LEAD, PORTAL_RETRIES_MS + 1)).toEqual({ admitted: true });
});

it('keeps one memory per trigger: the same event id at another trigger runs', () => {
	const done = new DoneLeads();
	newAdmission(done).decide(LEAD, 0);
	expect(newAdmission(done).decide(LEAD, 1)).toEqual({ admitted: true });
});

it('beyond its bound forgets the oldest leads first, and says so in the log at most hourly', () => {
	const done = new DoneLeads(3);
	const admission = newAdmission(done);
	for (const [n, id] of ['a', 'b', 'c', 'd', 'e'].entries()) admission.decide(id, n * HOUR);
	const warned: string[] = [];
	const logger = { warn: (line: string) => warned.push(line) };
	done.sayWhenFull(logger, 5 * HOUR);
	done.sayWhenFull(logger, 5 * HOUR + 1);
	expect(admission.decide('a', 5 * HOUR)).toEqual({ admitted: true });
	expect(admission.decide('e', 5 * HOUR)).toEqual({ admitted: false, reason: 'done' });
	expect(warned).toEqual([expect.stringMatching(/full \(3 in this process\): 2 of the oldest/)]);
	expect(warned[0]).toMatch(/more than 3\.0 hours ago runs again/);
});

it("keeps to the user's Max Leads In Flight, and has no cap of its own", () => {
	const admission = newAdmission();
	const first = started(admission, 'a', 0, capped(2));
	started(admission, 'b', 0, capped(2));
	expect(admission.decide('c', 0, capped(2))).toEqual({ admitted: false, reason: 'busy' });
	admission.finish(first, true, 0);
	expect(admission.decide('c', 0, capped(2))).toMatchObject({ admitted: true });

	const uncapped = newAdmission();
	for (let i = 0; i < 500; i++) started(uncapped, `lead-${i}`);
});

it('a run that never answers holds its place under the cap only until the bound, then a lead runs', () => {
	const admission = newAdmission();
	started(admission, 'hung', 0, capped(1));
	expect(admission.decide('next', CEILING_MS, capped(1))).toEqual({
		admitted: false,
		reason: 'busy',
	});
	expect(admission.decide('next', CEILING_MS + 1, capped(1))).toMatchObject({ admitted: true });
});

it('lets a repeat run once a lead was in flight past the bound, and the old run ending leaves the new one', () => {
	const admission = newAdmission();
	const lost = started(admission, LEAD, 0);
	started(admission, LEAD, CEILING_MS + 1);
	admission.finish(lost, false, CEILING_MS + 2);
	expect(admission.decide(LEAD, CEILING_MS + 2, AFTER)).toEqual({
		admitted: false,
		reason: 'running',
	});
});

it("bounds a run by the workflow's timeout when it has one (n8n stops the run then), else 5 minutes", () => {
	const bound = (executionTimeout?: number) =>
		inFlightBoundOf({ getWorkflowSettings: () => ({ executionTimeout }) });
	expect([bound(90), bound(-1), bound(undefined)]).toEqual([90_000, CEILING_MS, CEILING_MS]);
});

it('says how many leads were answered 503, at most every ten seconds', () => {
	const admission = newAdmission();
	started(admission, LEAD);
	admission.decide(LEAD, 0, AFTER);
	admission.decide('other', 0, capped(1));
	expect(admission.deferrals.due(1_000)).toEqual({ running: 1, busy: 1 });
	admission.decide(LEAD, 0, AFTER);
	expect(admission.deferrals.due(2_000)).toBeUndefined();
	expect(admission.deferrals.due(11_000)).toEqual({ running: 1 });
});

it('forgets the least recently used trigger, not the oldest, past 100 in one process', () => {
	const busy = admissionOf('busy trigger');
	started(busy, LEAD);
	for (let i = 0; i < 150; i++) {
		admissionOf(`trigger ${i}`);
		admissionOf('busy trigger');
	}
	expect(admissionOf('busy trigger')).toBe(busy);
	expect(busy.decide(LEAD, 1, AFTER)).toEqual({ admitted: false, reason: 'running' });
});

describe('admitLead, as the webhook calls it', () => {
	/** A delivery's context as admitLead uses it; the response records what was sent. */
	function delivery(scope: string, options: Record<string, unknown> = {}) {
		const response = Object.assign(new EventEmitter(), {
			statusCode: 200,
			sent: undefined as unknown,
			headersSent: false,
			headers: {} as Record<string, string>,
			setHeader(name: string, value: string) {
				this.headers[name.toLowerCase()] = value;
				return this;
			},
			status(code: number) {
				this.statusCode = code;
				return this;
			},
			set() {
				return this;
			},
			json(body: unknown) {
				this.sent = body;
				return this;
			},
			end(..._chunk: unknown[]) {
				this.headersSent = true;
				return this;
			},
		});
		const parameters: Record<string, unknown> = { responseMode: 'lastNode', options };
		const ctx = {
			getNode: () => ({ id: 'node', name: 'Trigger' }),
			getWorkflow: () => ({ id: scope }),
			getWorkflowSettings: () => ({}),
			getNodeParameter: (name: string) => parameters[name],
			getNodeWebhookUrl: () => 'http://n8n/webhook/x/real-estate-portal',
			getResponseObject: () => response,
			logger: { info: () => undefined, warn: (line: string) => warned.push(line) },
		};
		return { ctx: ctx as never, response };
	}

	const warned: string[] = [];
	afterEach(() => {
		jest.restoreAllMocks();
		warned.length = 0;
	});

	it('answers a lead that succeeded 200 without running it, though its answer was written in full', () => {
		// Behind a proxy the portal's hang-up never reaches n8n: n8n writes the 200 to the proxy.
		const first = delivery('behind a proxy');
		expect(admitLead(first.ctx, LEAD)).toBe(true);
		expect(first.response.headers).toEqual({});
		first.response.end();
		// The answer says the lead is done: the door keeps that for the body.
		expect(first.response.headers).toEqual({ 'x-portal-lead-done': '1' });

		for (let i = 0; i < 2; i++) {
			const repeat = delivery('behind a proxy');
			expect(admitLead(repeat.ctx, LEAD)).toBe(false);
			expect(repeat.response.statusCode).toBe(200);
			expect(repeat.response.sent).toMatchObject({ received: true });
			expect(repeat.response.headers).toEqual({ 'x-portal-lead-done': '1' });
		}
	});

	it('runs a lead again after n8n answered its run 500, and that answer does not say done', () => {
		const first = delivery('failed');
		expect(admitLead(first.ctx, LEAD)).toBe(true);
		first.response.statusCode = 500;
		first.response.end();
		expect(first.response.headers).toEqual({});
		expect(admitLead(delivery('failed').ctx, LEAD)).toBe(true);
	});

	it('runs a lead again after n8n answered 200 "Workflow executed successfully but no data was returned", which does not say done', () => {
		const first = delivery('no data');
		expect(admitLead(first.ctx, LEAD)).toBe(true);
		first.response.end(
			'{"message":"Workflow executed successfully but no data was returned"}',
			'utf-8',
		);
		expect(first.response.headers).toEqual({});
		expect(admitLead(delivery('no data').ctx, LEAD)).toBe(true);
	});

	it('a repeat of a running lead is answered 503 without saying done', () => {
		const first = delivery('running');
		expect(admitLead(first.ctx, LEAD)).toBe(true);
		const repeat = delivery('running');
		expect(admitLead(repeat.ctx, LEAD)).toBe(false);
		expect([repeat.response.statusCode, repeat.response.headers]).toEqual([503, {}]);
	});

	it('answers a lead that succeeded done 71 hours later, after 5,000 others succeeded', () => {
		const now = jest.spyOn(Date, 'now').mockReturnValue(0);
		const answered = (id: string) => {
			const one = delivery('a busy day');
			const admitted = admitLead(one.ctx, id);
			if (admitted) one.response.end();
			return admitted;
		};
		expect(answered(LEAD)).toBe(true);
		for (let i = 0; i < 5_000; i++) answered(`other-${i}`);
		now.mockReturnValue(71 * HOUR);
		expect(answered(LEAD)).toBe(false);
	});

	it('with Max Leads In Flight, a run that never answers holds its place only until the bound', () => {
		const now = jest.spyOn(Date, 'now').mockReturnValue(0);
		const cap = { maxLeadsInFlight: 1 };
		expect(admitLead(delivery('hung', cap).ctx, 'hung lead')).toBe(true);
		expect(admitLead(delivery('hung', cap).ctx, 'next lead')).toBe(false);
		now.mockReturnValue(CEILING_MS + 1);
		expect(admitLead(delivery('hung', cap).ctx, 'next lead')).toBe(true);
	});
});

describe('a delivery without the right secret', () => {
	const WRONG = 'f'.repeat(64);

	function refused(scope: string, given: string | undefined, lines: string[], probe = false) {
		const response = {
			statusCode: 0,
			status: (code: number) => ((response.statusCode = code), response),
			json: () => response,
		};
		const ctx = {
			getNode: () => ({ id: 'node', name: 'Trigger' }),
			getWorkflow: () => ({ id: scope }),
			getNodeWebhookUrl: () => `http://n8n/webhook/${scope}/real-estate-portal`,
			getResponseObject: () => response,
			logger: { warn: (line: string) => lines.push(line) },
		};
		refuseDelivery(ctx as never, given, probe);
		return response.statusCode;
	}

	it("answers the door's readiness check 401 without a line in the log, then still logs real refusals", () => {
		const now = jest.spyOn(Date, 'now').mockReturnValue(0);
		const lines: string[] = [];
		for (let minute = 0; minute < 3; minute++) {
			now.mockReturnValue(minute * REFUSALS_LOG_EVERY_MS);
			expect(refused('probed', undefined, lines, true)).toBe(401);
		}
		expect(lines).toEqual([]);
		// A request with the probe's header and a wrong secret is a refused delivery like any other.
		refused('probed', WRONG, lines, true);
		now.mockRestore();
		expect(lines).toEqual([
			expect.stringMatching(/\/probed\/.*: 1 with a wrong X-Portal-Webhook-Secret header \(/),
		]);
	});

	it('is answered 401; the log says so at once, then at most once a minute per trigger with the counts', () => {
		const now = jest.spyOn(Date, 'now').mockReturnValue(0);
		const lines: string[] = [];
		expect(refused('refused', WRONG, lines)).toBe(401);
		refused('refused', WRONG, lines);
		refused('refused', undefined, lines);
		refused('other', '', lines);
		now.mockReturnValue(REFUSALS_LOG_EVERY_MS);
		refused('refused', WRONG, lines);
		now.mockRestore();

		expect(lines).toEqual([
			expect.stringMatching(
				/answered 401 to deliveries at .*\/refused\/.*: 1 with a wrong X-Portal-Webhook-Secret header \(/,
			),
			expect.stringMatching(/\/other\/.*: 1 without it/),
			expect.stringMatching(
				/: 2 with a wrong X-Portal-Webhook-Secret header, 1 without it .*publish the workflow again/,
			),
		]);
		expect(lines.join('\n')).not.toContain(WRONG);
	});
});
