/** The retry policy: which failures are repeated and how long the transport waits. */
import {
	RETRY_POLICY,
	backoffMs,
	isRetriableStatus,
	isTransientNetworkCode,
	retryAfterMs,
} from '../../../nodes/shared/retry';

test('Retry-After as seconds or as an HTTP date', () => {
	const now = Date.parse('2025-01-15T15:00:00Z');
	expect(retryAfterMs('2', now)).toBe(2000);
	expect(retryAfterMs(['0'], now)).toBe(0);
	expect(retryAfterMs('Wed, 15 Jan 2025 15:00:05 GMT', now)).toBe(5000);
	expect(retryAfterMs('Wed, 15 Jan 2025 14:00:00 GMT', now)).toBe(0);
	expect(retryAfterMs('soon', now)).toBeUndefined();
	expect(retryAfterMs(undefined, now)).toBeUndefined();
});

test('back-off doubles and is bounded', () => {
	const delays = Array.from({ length: 12 }, (_unused, index) => backoffMs(index + 1));
	expect(delays.slice(0, 3)).toEqual([300, 600, 1200]);
	expect(Math.max(...delays)).toBe(RETRY_POLICY.maxDelayMs);
});

test('429 and 5xx are repeated, other statuses are not', () => {
	expect([429, 500, 502, 503, 504].every(isRetriableStatus)).toBe(true);
	expect([400, 401, 403, 404, 409].some(isRetriableStatus)).toBe(false);
});

test('transient network failures are repeated, a wrong host name is not', () => {
	expect(isTransientNetworkCode('ECONNRESET')).toBe(true);
	expect(isTransientNetworkCode('ENOTFOUND')).toBe(false);
	expect(isTransientNetworkCode(undefined)).toBe(false);
});
