/**
 * How many leads the trigger lets run at once (Respond "When Last Node Finishes"), learnt from how
 * the leads it ran finished: the portal's answer time divided by what one lead costs.
 */
import {
	Admission,
	EXECUTION_BUDGET_MS,
	FIRST_LIMIT,
} from '../../../nodes/RealEstatePortalTrigger/admission';

/**
 * Offers `count` leads at once to a machine that spends `costMs` on each: those admitted run side by
 * side and all finish after admitted × costMs. Answers the clock then.
 */
function runTogether(admission: Admission, count: number, costMs: number, from: number) {
	const verdicts = Array.from({ length: count }, (_, n) =>
		admission.decide(`lead-${from}-${n}`, from, null),
	);
	const admitted = verdicts.filter((verdict) => verdict.admitted);
	const end = from + admitted.length * costMs;
	for (const verdict of admitted) verdict.finish(end, true);
	return end;
}

describe('the automatic bound on leads in flight', () => {
	it('starts small, then lets in as many as finish within the execution budget', () => {
		const admission = new Admission();
		expect(admission.limit(null)).toBe(FIRST_LIMIT);

		// Four leads side by side finish in 200 ms: one lead costs 50 ms of n8n's time.
		runTogether(admission, 4, 50, 0);

		expect(admission.limit(null)).toBe(Math.floor(EXECUTION_BUDGET_MS / 50));
	});

	it('lets in fewer when leads get slower, as when the destination or the machine is busy', () => {
		const admission = new Admission();
		let now = runTogether(admission, 4, 50, 0);
		for (let round = 0; round < 20; round++) now = runTogether(admission, 40, 200, now);

		expect(admission.limit(null)).toBe(Math.floor(EXECUTION_BUDGET_MS / 200));
	});

	it("keeps to the user's Max Leads In Flight", () => {
		const admission = new Admission();
		runTogether(admission, 4, 10, 0);

		expect(admission.limit(3)).toBe(3);
		const verdicts = ['a', 'b', 'c', 'd'].map((id) => admission.decide(id, 100, 3));
		expect(verdicts.map((verdict) => verdict.admitted)).toEqual([true, true, true, false]);
	});

	it("asks deferred leads back a limit's worth a second, not all at once", () => {
		const admission = new Admission();
		runTogether(admission, 4, 100, 0); // 100 ms per lead
		const limit = admission.limit(null);
		const now = 1_000;
		for (let n = 0; n < limit; n++) admission.decide(`running-${n}`, now, null);

		const retryAfter = Array.from({ length: 3 * limit }, (_, n) => {
			const verdict = admission.decide(`deferred-${n}`, now, null);
			return 'retryAfterSeconds' in verdict ? verdict.retryAfterSeconds : 0;
		});

		expect(retryAfter).toEqual([
			...Array<number>(limit).fill(1),
			...Array<number>(limit).fill(2),
			...Array<number>(limit).fill(3),
		]);
	});

	it('halves when the portal hangs up on leads it started, once per wave, then grows back', () => {
		const admission = new Admission();
		runTogether(admission, 4, 50, 0);
		const estimate = admission.limit(null);
		const wave = Array.from({ length: 20 }, (_, n) => admission.decide(`wave-${n}`, 1_000, null));
		for (const verdict of wave) if (verdict.admitted) verdict.hungUp();

		expect(admission.limit(null)).toBe(Math.floor(estimate / 2));
		for (const verdict of wave) if (verdict.admitted) verdict.finish(3_000, true);
		let now = 3_000;
		for (let round = 0; round < 40; round++) now = runTogether(admission, 10, 50, now);
		expect(admission.limit(null)).toBe(estimate);
	});

	it('halves when a lead it started took longer than the execution budget', () => {
		const admission = new Admission();
		runTogether(admission, 4, 50, 0);
		const estimate = admission.limit(null);
		const slow = admission.decide('slow', 1_000, null);
		if (!slow.admitted) throw new Error('not admitted');
		slow.finish(1_000 + EXECUTION_BUDGET_MS + 1, true);

		expect(admission.limit(null)).toBe(1);
		expect(estimate).toBeGreaterThan(1);
	});

	it('halves when deliveries reach it after the portal hung up (n8n too busy to read them in time)', () => {
		const admission = new Admission();
		runTogether(admission, 4, 50, 0);
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

	it('runs again a lead whose workflow failed after the portal hung up', () => {
		const admission = new Admission();
		const first = admission.decide('failed', 0, null);
		if (!first.admitted) throw new Error('the first delivery was not admitted');
		first.hungUp();
		first.finish(2_000, false);

		expect(admission.decide('failed', 2_500, null).admitted).toBe(true);
	});
});
