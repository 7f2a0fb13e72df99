/**
 * How many leads the trigger lets run at once (Respond "When Last Node Finishes"), learnt from how
 * the leads it ran were answered: more while they are answered before the portal hangs up, half
 * when it hangs up.
 */
import {
	Admission,
	FIRST_LIMIT,
	type Decided,
} from '../../../nodes/RealEstatePortalTrigger/admission';

/**
 * Offers `count` leads at once to a machine that answers those admitted after `durationMs` each,
 * side by side (a lead waiting on a database or a queue-mode worker). Answers the clock then.
 */
function runTogether(admission: Admission, count: number, durationMs: number, from: number) {
	const verdicts = Array.from({ length: count }, (_, n) =>
		admission.decide(`lead-${from}-${n}`, from, null),
	);
	const end = from + durationMs;
	for (const verdict of verdicts) if (verdict.admitted) verdict.finish(end, true);
	return end;
}

/** Leads one after another before 0, each taking `durationMs` alone. */
function ranAlone(admission: Admission, durationMs: number) {
	for (let n = 0; n < 5; n++) {
		const at = -10_000 + n * 2_000;
		const lead = admission.decide(`before-${n}`, at, null);
		if (lead.admitted) lead.finish(at + durationMs, true);
	}
}

/** A lead started at 0 with three beside it: the first bound is full. */
function slowLeadOfFour(admission: Admission) {
	const slow = admission.decide('slow', 0, null);
	if (!slow.admitted) throw new Error('not admitted');
	for (let n = 0; n < 3; n++) admission.decide(`beside-${n}`, 0, null);
	return slow;
}

describe('the automatic bound on leads in flight', () => {
	it('starts small, then doubles each round answered in time while leads wait at the bound', () => {
		const admission = new Admission();
		expect(admission.limit(null)).toBe(FIRST_LIMIT);

		let now = runTogether(admission, 40, 100, 0);
		expect(admission.limit(null)).toBe(2 * FIRST_LIMIT);
		now = runTogether(admission, 40, 100, now);
		expect(admission.limit(null)).toBe(4 * FIRST_LIMIT);
	});

	it('does not grow while fewer leads come than it lets in', () => {
		const admission = new Admission();
		let now = 0;
		for (let round = 0; round < 10; round++) now = runTogether(admission, 2, 100, now);

		expect(admission.limit(null)).toBe(FIRST_LIMIT);
	});

	it('keeps growing when every lead takes seconds but is answered: the portal waited for it', () => {
		// Before: a lead over 750 ms halved the bound, so a queue-mode n8n (each lead a round trip
		// through Redis and a worker) ran one lead at a time and the portal gave leads up.
		const admission = new Admission();
		let now = 0;
		for (let round = 0; round < 3; round++) now = runTogether(admission, 40, 3_000, now);

		expect(admission.limit(null)).toBe(8 * FIRST_LIMIT);
	});

	it("keeps to the user's Max Leads In Flight", () => {
		const admission = new Admission();
		runTogether(admission, 4, 10, 0);

		expect(admission.limit(3)).toBe(3);
		const verdicts = ['a', 'b', 'c', 'd'].map((id) => admission.decide(id, 100, 3));
		expect(verdicts.map((verdict) => verdict.admitted)).toEqual([true, true, true, false]);
	});

	it('asks deferred leads back at the pace leads finished here, not all at once', () => {
		const admission = new Admission();
		runTogether(admission, 4, 100, 0); // 4 side by side in 100 ms: 25 ms of n8n per lead
		const limit = admission.limit(null);
		const now = 1_000;
		for (let n = 0; n < limit; n++) admission.decide(`running-${n}`, now, null);

		const retryAfter = Array.from({ length: 120 }, (_, n) => {
			const verdict = admission.decide(`deferred-${n}`, now, null);
			return 'retryAfterSeconds' in verdict ? verdict.retryAfterSeconds : 0;
		});

		// Before: a bound's worth a second (8 a second here) while n8n finishes 40.
		expect(retryAfter).toEqual([
			...Array<number>(40).fill(1),
			...Array<number>(40).fill(2),
			...Array<number>(40).fill(3),
		]);
	});

	it('holds one place in the line for a lead deferred on every try', () => {
		// Before: each deferral took a place, and a lead the portal sent again before its time (the
		// answer unheard) took another: 40 leads deferred 5 times stood for 200 in the line.
		const admission = new Admission();
		runTogether(admission, 4, 100, 0); // 25 ms of n8n per lead
		const now = 1_000;
		for (let n = 0; n < admission.limit(null); n++) admission.decide(`running-${n}`, now, null);
		for (let attempt = 0; attempt < 5; attempt++)
			for (let n = 0; n < 40; n++) admission.decide(`waiting-${n}`, now + attempt, null);

		const next = admission.decide('next', now + 5, null);
		expect(next).toMatchObject({ reason: 'busy', retryAfterSeconds: 2 });
	});

	it("gives a deferred lead's place in the line back once it is started", () => {
		// Before: the place stayed until its time, and Retry-After is rounded down, so leads came
		// back and ran before their place's time while new deferrals were put behind them.
		const admission = new Admission();
		runTogether(admission, 4, 100, 0); // 25 ms of n8n per lead
		const running = Array.from({ length: 8 }, (_, n) => admission.decide(`running-${n}`, 1_000, 8));
		for (let n = 0; n < 80; n++) admission.decide(`deferred-${n}`, 1_000, 8);
		for (const verdict of running) if (verdict.admitted) verdict.finish(1_200, true);
		for (let n = 0; n < 8; n++) admission.decide(`deferred-${n}`, 1_200, 8);

		// 25 ms a lead still: behind the 72 waiting, after a second: 1.2 + 1 + 1.8 s, not + 2 s.
		expect(admission.costPerLeadMs()).toBe(25);
		expect(admission.decide('next', 1_200, 8)).toMatchObject({ retryAfterSeconds: 2 });
	});

	it('keeps its pace when leads the portal hung up on finish late', () => {
		// Before: a flood's leads, 3 s each, were learnt as 1.5 to 3 s a lead, and the leads
		// deferred after it were asked back one every 1.5 to 3 s while n8n stood idle.
		const admission = new Admission();
		let now = runTogether(admission, 4, 100, 0); // 25 ms of n8n per lead
		for (let wave = 0; wave < 20; wave++) {
			const flood = ['x', 'y'].map((id) => admission.decide(`${id}-${wave}`, now, null));
			for (const verdict of flood) if (verdict.admitted) verdict.hungUp();
			now += 3_000;
			for (const verdict of flood) if (verdict.admitted) verdict.finish(now, true);
		}

		expect(admission.costPerLeadMs()).toBe(25);
	});

	it('keeps its bound when the portal hangs up on a lead that ran alone', () => {
		// Before: halved to 1, although fewer in flight could not have answered it sooner (a slow
		// workflow, or n8n reading a burst of deliveries), and the next burst was let in one by one.
		const admission = new Admission();
		const now = runTogether(admission, 40, 100, 0);
		const learnt = admission.limit(null);
		const alone = admission.decide('alone', now, null);
		if (!alone.admitted) throw new Error('not admitted');
		alone.hungUp();
		alone.finish(now + 2_000, true);

		expect(admission.limit(null)).toBe(learnt);
		admission.decide('one', now + 2_000, null);
		admission.arrivedTooLate();
		expect(admission.limit(null)).toBe(learnt);
	});

	it('halves when the portal hangs up on leads it started, once per wave, then grows by one a round', () => {
		const admission = new Admission();
		runTogether(admission, 40, 50, 0);
		const learnt = admission.limit(null);
		const wave = Array.from({ length: 20 }, (_, n) => admission.decide(`wave-${n}`, 1_000, null));
		for (const verdict of wave) if (verdict.admitted) verdict.hungUp();

		const halved = Math.floor(learnt / 2);
		expect(admission.limit(null)).toBe(halved);
		for (const verdict of wave) if (verdict.admitted) verdict.finish(3_000, true);
		let now = 3_000;
		for (let round = 0; round < 3; round++) now = runTogether(admission, 40, 50, now);
		expect(admission.limit(null)).toBe(halved + 3);
	});

	it('halves from the leads that were in flight beside the one hung up on, not from those left by then', () => {
		const admission = new Admission();
		let now = 0;
		for (let round = 0; round < 3; round++) now = runTogether(admission, 40, 100, now);
		expect(admission.limit(null)).toBe(32);
		const wave = Array.from({ length: 16 }, (_, n) => admission.decide(`wave-${n}`, now, null));
		// All but the last finish in time; the portal hangs up on the last one, alone by then.
		for (const verdict of wave.slice(0, -1)) if (verdict.admitted) verdict.finish(now + 500, true);
		const last = wave[wave.length - 1];
		if (!last.admitted) throw new Error('not admitted');
		last.hungUp();

		expect(admission.limit(null)).toBe(8);
	});

	it('halves when deliveries reach it after the portal hung up (n8n too busy to read them in time)', () => {
		const admission = new Admission();
		runTogether(admission, 40, 50, 0);
		for (let n = 0; n < 8; n++) admission.decide(`running-${n}`, 1_000, null);

		admission.arrivedTooLate();
		admission.arrivedTooLate();

		expect(admission.limit(null)).toBe(4);
	});

	it('answers a lead whose workflow succeeded after the portal hung up without running it again', () => {
		const admission = new Admission();
		const first = admission.decide('late', 0, null);
		if (!first.admitted) throw new Error('the first delivery was not admitted');
		first.hungUp();
		first.finish(2_000, true);

		expect(admission.decide('late', 2_500, null)).toEqual({
			admitted: false,
			reason: 'finishedUnheard',
		});
		// The portal heard the success: a later duplicate runs, as any duplicate does.
		expect(admission.decide('late', 3_000, null).admitted).toBe(true);
	});

	it('answers without a second run a lead n8n read after the portal hung up and started', () => {
		// Before: its response's 'close' had passed before the node listened for it (Node emits it
		// once), so the success counted as heard and the portal's next try ran the lead again.
		const admission = new Admission();
		const late = admission.decide('read-late', 0, null, { listened: false });
		if (!late.admitted) throw new Error('not admitted');
		late.finish(300, true);

		expect(admission.decide('read-late', 1_000, null)).toEqual({
			admitted: false,
			reason: 'finishedUnheard',
		});
		expect(admission.limit(null)).toBe(FIRST_LIMIT);
	});

	it('answers a lead still running at the answer time while n8n read a burst like a repeat of it, and its next delivery 200 once it succeeded', () => {
		const admission = new Admission();
		ranAlone(admission, 200);
		const slow = slowLeadOfFour(admission);
		// 200 ms a lead: n8n finishes 5.5 in 1.1 s; 16 deliveries came.
		for (let n = 0; n < 12; n++) admission.decide(`deferred-${n}`, 100 + n * 50, null);
		const limitBefore = admission.limit(null);

		expect(slow.answeredEarly(1_100)).toBeGreaterThanOrEqual(1);
		expect(admission.deferralsToLog(1_100)).toMatchObject({ stillRunning: 1, hungUp: 0 });
		// As when the portal hangs up: too many were in flight beside it.
		expect(admission.limit(null)).toBeLessThan(limitBefore);
		expect(admission.decide('slow', 1_500, null)).toMatchObject({ reason: 'running' });
		slow.finish(2_400, true);
		expect(admission.decide('slow', 3_000, null)).toEqual({
			admitted: false,
			reason: 'finishedUnheard',
		});
	});

	it('leaves a lead still running at the answer time to finish when n8n read no burst meanwhile', () => {
		const admission = new Admission();
		ranAlone(admission, 200);
		const slow = slowLeadOfFour(admission);
		for (let n = 0; n < 5; n++) admission.decide(`more-${n}`, 100 + n * 200, null);

		expect(slow.answeredEarly(1_100)).toBeUndefined();
		expect(admission.limit(null)).toBe(FIRST_LIMIT);
		slow.finish(1_400, true);
		expect(admission.decide('slow', 3_000, null).admitted).toBe(true);
	});

	it('leaves a lead of a workflow slow by nature to finish, burst or not, and one before any finished', () => {
		// Before: answered early, each lead of a queue-mode run (a round trip through Redis and a
		// worker, often over a second) took a second delivery and halved the bound: 333 leads in
		// 344 to 529 s, not 110 s (docs/reliability.md, section 10).
		const slowByNature = new Admission();
		ranAlone(slowByNature, 900);
		const fresh = new Admission();
		for (const admission of [slowByNature, fresh]) {
			const slow = slowLeadOfFour(admission);
			for (let n = 0; n < 40; n++) admission.decide(`deferred-${n}`, 100 + n * 20, null);

			expect(slow.answeredEarly(1_100)).toBeUndefined();
		}
	});

	it('runs again a lead whose workflow failed after the portal hung up', () => {
		const admission = new Admission();
		const first = admission.decide('failed', 0, null);
		if (!first.admitted) throw new Error('the first delivery was not admitted');
		first.hungUp();
		first.finish(2_000, false);

		expect(admission.decide('failed', 2_500, null).admitted).toBe(true);
	});
});

describe('leads that find the bound reached', () => {
	const offer = (admission: Admission, id: string, now: number) =>
		admission.decide(id, now, 2, { mayWait: true });

	it('wait for a lead in flight to finish while they can still be answered in time, then start', async () => {
		// Before: deferred with 503 at once, each a second request, back at the next whole second
		// together with the other leads deferred then (docs/benchmarks.md, lead-burst, sixth run).
		const admission = new Admission();
		const [a, b] = ['a', 'b'].map((id) => offer(admission, id, 0));
		const waiting = ['c', 'd', 'e', 'f'].map((id) => offer(admission, id, 0));

		// 200 ms a lead before any finished here: c, d and e are answered within 1 s, f would not be.
		expect(waiting.map((verdict) => verdict.admitted || verdict.reason)).toEqual([
			'waiting',
			'waiting',
			'waiting',
			'busy',
		]);
		expect(waiting[0]).toMatchObject({ giveUpAfterMs: 600 });
		expect(offer(admission, 'c', 10)).toMatchObject({ reason: 'running' });

		if (!a.admitted || !b.admitted) throw new Error('the first two were not admitted');
		a.finish(300, true);
		const c = await (waiting[0] as { turn: Promise<Decided> }).turn;
		expect(c.admitted).toBe(true);
		expect(admission.inFlightCount).toBe(2);
	});

	it('are deferred at once while deliveries come faster than twice what n8n finishes', () => {
		// Before: 13 of a burst of 50 waited while n8n read the burst's deliveries, and were answered
		// after the portal hung up (docs/benchmarks.md, lead-burst, sixth run).
		const admission = new Admission();
		['a', 'b'].forEach((id) => offer(admission, id, 0));
		// 200 ms a lead before any finished here: n8n finishes 5 a second; 11 deliveries came in 0.5 s.
		for (let n = 0; n < 9; n++) offer(admission, 'a', n * 50);

		expect(offer(admission, 'c', 500)).toMatchObject({ reason: 'busy' });
		expect(offer(admission, 'd', 1_450)).toMatchObject({ reason: 'waiting' });
	});

	it('are deferred when their time to wait is up', async () => {
		const admission = new Admission();
		['a', 'b'].forEach((id) => offer(admission, id, 0));
		const waiting = offer(admission, 'c', 0) as { turn: Promise<Decided> };

		admission.stopWaiting('c', 600);

		expect(await waiting.turn).toMatchObject({ reason: 'busy', retryAfterSeconds: 1 });
		// Out of the room: its next delivery is a new offer, not a repeat of a lead waiting.
		expect(offer(admission, 'c', 700)).toMatchObject({ reason: 'waiting' });
	});
});
