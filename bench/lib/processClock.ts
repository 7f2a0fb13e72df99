/**
 * This process's `Date` moved to a simulated instant (timers keep real time): the poll's `now` on
 * a simulated day of a benchmark, as test/engine/pollTrigger/clock.ts does under jest.
 */
const RealDate = Date;

export function setProcessClock(epochMs: number): void {
	const offset = epochMs - RealDate.now();
	class SimulatedDate extends RealDate {
		constructor(...args: unknown[]) {
			if (args.length === 0) super(RealDate.now() + offset);
			else super(...(args as [string]));
		}

		static now(): number {
			return RealDate.now() + offset;
		}
	}
	globalThis.Date = SimulatedDate as DateConstructor;
}
