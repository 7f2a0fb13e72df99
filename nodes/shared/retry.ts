/**
 * When the transport repeats a request and how long it waits: bounded attempts, exponential
 * back-off, and the server's Retry-After on a 429.
 */
export const RETRY_POLICY = {
	/** Per attempt: a service that accepts the connection and never answers must not hold an item. */
	requestTimeoutMs: 30_000,
	maxAttempts: 4,
	baseDelayMs: 300,
	maxDelayMs: 10_000,
	/** A longer Retry-After is not waited for: the run fails and says to wait. */
	maxRetryAfterMs: 60_000,
};

/** Network failures after which the request may not have reached the service, or got no answer. */
const TRANSIENT_NETWORK_CODES = new Set([
	'ECONNRESET',
	'ETIMEDOUT',
	'ECONNABORTED',
	'EPIPE',
	'EAI_AGAIN',
	'ERR_SOCKET_CONNECTION_TIMEOUT',
	'ECONNREFUSED',
]);

export function isTransientNetworkCode(code: string | undefined): boolean {
	return code !== undefined && TRANSIENT_NETWORK_CODES.has(code);
}

export function isRetriableStatus(status: number): boolean {
	return status === 429 || (status >= 500 && status <= 599);
}

/** Retry-After in milliseconds: delta-seconds or an HTTP date. */
export function retryAfterMs(header: unknown, now = Date.now()): number | undefined {
	const value = Array.isArray(header) ? header[0] : header;
	if (typeof value !== 'string' && typeof value !== 'number') return undefined;
	const text = String(value).trim();
	if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
	const date = Date.parse(text);
	return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export function backoffMs(attempt: number): number {
	return Math.min(RETRY_POLICY.baseDelayMs * 2 ** (attempt - 1), RETRY_POLICY.maxDelayMs);
}
