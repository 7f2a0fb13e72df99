/** A non-2xx answer from n8n, with enough of the body to see why. */
export class N8nHttpError extends Error {
	constructor(
		readonly method: string,
		readonly url: string,
		readonly status: number,
		readonly body: string,
	) {
		super(`${method} ${url} answered ${status}: ${body.slice(0, 500)}`);
	}
}

export interface JsonResponse<T> {
	status: number;
	headers: Headers;
	body: T;
}

/** Sends JSON (when a body is given) and parses JSON back; empty answers parse as undefined. */
export async function fetchJson<T>(
	method: string,
	url: string,
	options: { headers?: Record<string, string>; body?: unknown } = {},
): Promise<JsonResponse<T>> {
	const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
	if (options.body !== undefined) headers['content-type'] = 'application/json';
	const response = await fetch(url, {
		method,
		headers,
		body: options.body === undefined ? undefined : JSON.stringify(options.body),
	}).catch((error: unknown) => {
		// "fetch failed" alone does not say which call.
		throw new Error(`${method} ${url}: ${(error as Error).message}`, { cause: error });
	});
	const text = await response.text();
	if (!response.ok) throw new N8nHttpError(method, url, response.status, text);
	return {
		status: response.status,
		headers: response.headers,
		body: (text ? JSON.parse(text) : undefined) as T,
	};
}
