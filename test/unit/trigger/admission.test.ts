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
	for (const verdict of admitted) verdict.finish(end);
	return end;
}

describe('the automatic bound on leads in flight', () => {
	it('starts small, then lets in as many as finish within the execution budget', () => {
		const admission = new Admission();
		expect(admission.limit(null)).toBe(FIRST_LIMIT);

		// Four leads side by side finish in 200 ms: one lead costs 50 ms of n8n's time.
		runTogether(admission, 4, 50, 0);

		expect(admission.limit(null)).toBe(EXECUTION_BUDGET_MS / 50);
	});

	it('lets in fewer when leads get slower, as when the destination or the machine is busy', () => {
		const admission = new Admission();
		let now = runTogether(admission, 4, 50, 0);
		for (let round = 0; round < 20; round++) now = runTogether(admission, 40, 200, now);

		expect(admission.limit(null)).toBe(EXECUTION_BUDGET_MS / 200);
	});

	it("keeps to the user's Max Leads In Flight", () => {
		const admission = new Admission();
		runTogether(admission, 4, 10, 0);

		expect(admission.limit(3)).toBe(3);
		const verdicts = ['a', 'b', 'c', 'd'].map((id) => admission.decide(id, 100, 3));
		expect(verdicts.map((verdict) => verdict.admitted)).toEqual([true, true, true, false]);
	});

	it('asks deferred leads back one after another at the pace leads finish, not all at once', () => {
		const admission = new Admission();
		runTogether(admission, 4, 100, 0); // 100 ms per lead: 10 at a time
		const now = 1_000;
		for (let n = 0; n < 10; n++) admission.decide(`running-${n}`, now, null);

		const retryAfter = Array.from({ length: 30 }, (_, n) => {
			const verdict = admission.decide(`deferred-${n}`, now, null);
			return verdict.admitted ? 0 : verdict.retryAfterSeconds;
		});

		// The ten running take a second; then ten deferred leads a second.
		expect(retryAfter).toEqual([
			...Array<number>(10).fill(1),
			...Array<number>(10).fill(2),
			...Array<number>(10).fill(3),
		]);
	});
});
