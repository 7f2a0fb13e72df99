/**
 * The trigger's memories of leads answered after the workflow (Respond "When Last Node Finishes",
 * nodes/RealEstatePortalTrigger/admission.ts): a repeat of a running lead is never run beside it, a
 * lead that succeeded unheard is answered 200 without running again, and the user's cap.
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

it('answers a repeat of a running lead, and runs it again once the first run ended', () => {
	const admission = new Admission();
	const flight = started(admission, LEAD);
	expect(admission.decide(LEAD, 100, null)).toEqual({ admitted: false, reason: 'running' });
	admission.finish(flight, true, true);
	expect(admission.decide(LEAD, 200, null)).toMatchObject({ admitted: true });
});

it('answers the next delivery of a lead that succeeded unheard 200 until the portal has that answer', () => {
	const admission = new Admission();
	admission.finish(started(admission, LEAD), true, false);
	expect(admission.decide(LEAD, 100, null)).toEqual({ admitted: false, reason: 'finishedUnheard' });
	// The answer did not reach the portal (it hung up again): the next delivery is answered the same.
	expect(admission.decide(LEAD, 200, null)).toEqual({ admitted: false, reason: 'finishedUnheard' });
	admission.heard(LEAD);
	expect(admission.decide(LEAD, 300, null)).toMatchObject({ admitted: true });
});

it('runs again a lead whose workflow failed, heard or not', () => {
	const admission = new Admission();
	admission.finish(started(admission, LEAD), false, false);
	expect(admission.decide(LEAD, 100, null)).toMatchObject({ admitted: true });
});

it("keeps to the user's Max Leads In Flight, and has no cap of its own", () => {
	const capped = new Admission();
	const first = started(capped, 'a', 0, 2);
	started(capped, 'b', 0, 2);
	expect(capped.decide('c', 0, 2)).toEqual({ admitted: false, reason: 'busy' });
	capped.finish(first, true, true);
	expect(capped.decide('c', 0, 2)).toMatchObject({ admitted: true });

	const uncapped = new Admission();
	for (let i = 0; i < 500; i++) started(uncapped, `lead-${i}`);
	expect(uncapped.inFlightCount).toBe(500);
});

it('lets a repeat run once a lead was in flight too long to be alive, and the old run ending leaves the new one', () => {
	const admission = new Admission();
	const lost = started(admission, LEAD, 0);
	started(admission, LEAD, FORGOTTEN_AFTER_MS + 1);
	admission.finish(lost, true, true);
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
	function delivery(scope: string, portalHungUp = false) {
		const emitter = new EventEmitter();
		const response = Object.assign(emitter, {
			statusCode: 200,
			socket: { destroyed: portalHungUp },
			writableEnded: false,
			sent: undefined as unknown,
			status(code: number) {
				this.statusCode = code;
				return this;
			},
			set() {
				return this;
			},
			json(body: unknown) {
				// A closed connection takes nothing: Node emits no 'finish' for it.
				this.sent = body;
				this.writableEnded = true;
				if (!portalHungUp) emitter.emit('finish');
				return this;
			},
			end() {
				this.writableEnded = true;
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

	it('spends the memory of a lead that succeeded unheard only on a 200 the portal was sent', () => {
		const first = delivery('unheard');
		expect(admitLead(first.ctx, LEAD, null)).toBe(true);
		first.response.emit('close');
		first.response.end();

		const nobodyListens = delivery('unheard', true);
		expect(admitLead(nobodyListens.ctx, LEAD, null)).toBe(false);
		const next = delivery('unheard');
		expect(admitLead(next.ctx, LEAD, null)).toBe(false);
		expect(next.response.sent).toMatchObject({ received: true });
		// Heard this time: a delivery after it runs the lead again (the destination's key decides).
		expect(admitLead(delivery('unheard').ctx, LEAD, null)).toBe(true);
	});

	it('takes a delivery n8n read after the portal hung up for unheard from the start', () => {
		const late = delivery('late', true);
		expect(admitLead(late.ctx, LEAD, null)).toBe(true);
		late.response.end();
		const next = delivery('late');
		expect(admitLead(next.ctx, LEAD, null)).toBe(false);
		expect(next.response.statusCode).toBe(200);
	});
});
