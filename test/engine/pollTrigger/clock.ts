/**
 * A clock the test drives: `Date` (the emulator's and the poll's `now` alike, both in this
 * process) says what the test sets, while timers, the network and n8n's engine run in real time.
 * A simulated week takes the minutes its polls need, not days.
 */
const REAL_TIMERS = [
	'hrtime',
	'nextTick',
	'performance',
	'queueMicrotask',
	'requestAnimationFrame',
	'cancelAnimationFrame',
	'requestIdleCallback',
	'cancelIdleCallback',
	'setImmediate',
	'clearImmediate',
	'setInterval',
	'clearInterval',
	'setTimeout',
	'clearTimeout',
] as const;

export interface TestClock {
	now(): number;
	set(epochMs: number): void;
	advance(ms: number): void;
}

/** Takes `Date` over from `start` (epoch ms) until `restore()`, usually in afterEach/afterAll. */
export function takeClock(start: number): TestClock & { restore(): void } {
	jest.useFakeTimers({ doNotFake: [...REAL_TIMERS], now: start });
	return {
		now: () => Date.now(),
		set: (epochMs) => jest.setSystemTime(epochMs),
		advance: (ms) => jest.setSystemTime(Date.now() + ms),
		restore: () => jest.useRealTimers(),
	};
}
