/**
 * The trigger's memories of leads answered after the workflow (Respond "When Last Node Finishes",
 * nodes/RealEstatePortalTrigger/admission.ts): a repeat of a running lead is never run beside it, a
 * lead that succeeded is answered 200 on a later delivery without running again, and the user's cap.
 */
import { EventEmitter } from 'node:events';

import {
	Admission,
	admissionOf,
	admitLead,
} from '../../../nodes/RealEstatePortalTrigger/admission';
import { FORGOTTEN_AFTER_MS } from '../../../nodes/RealEstatePortalTrigger/inFlight';

const LEAD = 'lead-1';

function started(admission: Admission, eventId: string, now = 0, cap: number | null = null) {
	const verdict = admission.decide(eventId, now, cap);
	if (!verdict.admitted) throw new Error(`not admitted: ${verdict.reason}`);
	return verdict.flight;
}

it('answers a repeat of a running lead, and runs it again once the first run failed', () => {
	const admission = new Admission();
	const flight = started(admission, LEAD);
	expect(admission.decide(LEAD, 100, null)).toEqual({ admitted: false, reason: 'running' });
	admission.finish(flight, false);
	expect(admission.decide(LEAD, 200, null)).toMatchObject({ admitted: true });
});

it('answers every later delivery of a lead that succeeded 200, without running it again', () => {
	const admission = new Admission();
	admission.finish(started(admission, LEAD), true);
	for (const now of [100, 200, 60_000])
		expect(admission.decide(LEAD, now, null)).toEqual({ admitted: false, reason: 'succeeded' });
});

it('runs again a lead whose workflow failed', () => {
	const admission = new Admission();
	admission.finish(started(admission, LEAD), false);
	expect(admission.decide(LEAD, 100, null)).toMatchObject({ admitted: true });
});

it('remembers the newest 1,000 leads that succeeded', () => {
	const admission = new Admission();
	for (let i = 0; i <= 1_000; i++) admission.finish(started(admission, `lead-${i}`), true);
	expect(admission.decide('lead-0', 0, null)).toMatchObject({ admitted: true });
	expect(admission.decide('lead-1', 0, null)).toEqual({ admitted: false, reason: 'succeeded' });
});

it("keeps to the user's Max Leads In Flight, and has no cap of its own", () => {
	const capped = new Admission();
	const first = started(capped, 'a', 0, 2);
	started(capped, 'b', 0, 2);
	expect(capped.decide('c', 0, 2)).toEqual({ admitted: false, reason: 'busy' });
	capped.finish(first, true);
	expect(capped.decide('c', 0, 2)).toMatchObject({ admitted: true });

	const uncapped = new Admission();
	for (let i = 0; i < 500; i++) started(uncapped, `lead-${i}`);
	expect(uncapped.inFlightCount).toBe(500);
});

it('lets a repeat run once a lead was in flight too long to be alive, and the old run ending leaves the new one', () => {
	const admission = new Admission();
	const lost = started(admission, LEAD, 0);
	started(admission, LEAD, FORGOTTEN_AFTER_MS + 1);
	admission.finish(lost, false);
	expect(admission.decide(LEAD, FORGOTTEN_AFTER_MS + 2, null)).toEqual({
		admitted: false,
		reason: 'running',
	});
});

it('says how many leads were answered 503, at most every ten seconds', () => {
	const admission = new Admission();
	started(admission, LEAD);
	admission.decide(LEAD, 0, null);
	admission.decide('other', 0, 1);
	expect(admission.deferralsToLog(1_000)).toEqual({ running: 1, busy: 1 });
	admission.decide(LEAD, 0, null);
	expect(admission.deferralsToLog(2_000)).toBeUndefined();
	expect(admission.deferralsToLog(11_000)).toEqual({ running: 1, busy: 0 });
});

it('forgets the least recently used trigger, not the oldest, past 100 in one process', () => {
	const busy = admissionOf('busy trigger');
	started(busy, LEAD);
	for (let i = 0; i < 150; i++) {
		admissionOf(`trigger ${i}`);
		admissionOf('busy trigger');
	}
	expect(admissionOf('busy trigger')).toBe(busy);
	expect(busy.decide(LEAD, 1, null)).toEqual({ admitted: false, reason: 'running' });
});

describe('admitLead, as the webhook calls it', () => {
	/** A delivery's context as admitLead uses it; the response records what was sent. */
	function delivery(scope: string) {
		const response = Object.assign(new EventEmitter(), {
			statusCode: 200,
			sent: undefined as unknown,
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
			end() {
				return this;
			},
		});
		const ctx = {
			getNode: () => ({ id: 'node', name: 'Trigger' }),
			getWorkflow: () => ({ id: scope }),
			getNodeWebhookUrl: () => 'http://n8n/webhook/x/real-estate-portal',
			getResponseObject: () => response,
			logger: { info: () => undefined },
		};
		return { ctx: ctx as never, response };
	}

	it('answers a lead that succeeded 200 without running it, though its answer was written in full', () => {
		// Behind a proxy the portal's hang-up never reaches n8n: n8n writes the 200 to the proxy.
		const first = delivery('behind a proxy');
		expect(admitLead(first.ctx, LEAD, null)).toBe(true);
		first.response.end();

		for (let i = 0; i < 2; i++) {
			const repeat = delivery('behind a proxy');
			expect(admitLead(repeat.ctx, LEAD, null)).toBe(false);
			expect(repeat.response.statusCode).toBe(200);
			expect(repeat.response.sent).toMatchObject({ received: true });
		}
	});

	it('runs a lead again after n8n answered its run 500', () => {
		const first = delivery('failed');
		expect(admitLead(first.ctx, LEAD, null)).toBe(true);
		first.response.statusCode = 500;
		first.response.end();
		expect(admitLead(delivery('failed').ctx, LEAD, null)).toBe(true);
	});
});
