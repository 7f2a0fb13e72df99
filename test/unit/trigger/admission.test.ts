/**
 * How many leads the trigger lets run at once (Respond "When Last Node Finishes"), learnt from how
 * the leads it ran were answered: more while they are answered before the portal hangs up, half
 * when it hangs up.
 */
import { Admission, FIRST_LIMIT } from '../../../nodes/RealEstatePortalTrigger/admission';

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
		const late = admission.decide('read-late', 0, null, false);
		if (!late.admitted) throw new Error('not admitted');
		late.finish(300, true);

		expect(admission.decide('read-late', 1_000, null)).toEqual({
			admitted: false,
			reason: 'finishedUnheard',
		});
		expect(admission.limit(null)).toBe(FIRST_LIMIT);
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
