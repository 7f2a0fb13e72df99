/** A small HTTP client for the sandbox tests (undici over loopback). */
import { request } from 'undici';

export type QueryValue = string | number | boolean | string[];

export interface Answer {
	status: number;
	headers: Record<string, string | string[] | undefined>;
	text: string;
	/** The parsed body when it is JSON, otherwise undefined. */
	json: any;
}

export interface SendOptions {
	query?: Record<string, QueryValue | undefined>;
	/** Sent as JSON. */
	body?: unknown;
	/** Sent as is (with `contentType`). */
	raw?: string;
	contentType?: string;
	headers?: Record<string, string>;
}

export function urlOf(base: string, path: string, query: SendOptions['query'] = {}): string {
	const url = new URL(path, base);
	for (const [name, value] of Object.entries(query)) {
		if (value === undefined) continue;
		for (const one of Array.isArray(value) ? value : [value])
			url.searchParams.append(name, String(one));
	}
	return url.toString();
}

export async function send(
	base: string,
	method: string,
	path: string,
	options: SendOptions = {},
): Promise<Answer> {
	const headers: Record<string, string> = { ...options.headers };
	let body: string | undefined = options.raw;
	if (options.body !== undefined) body = JSON.stringify(options.body);
	if (body !== undefined) headers['content-type'] = options.contentType ?? 'application/json';
	const response = await request(urlOf(base, path, options.query), {
		method: method as 'GET',
		headers,
		body,
	});
	const text = await response.body.text();
	const type = String(response.headers['content-type'] ?? '');
	return {
		status: response.statusCode,
		headers: response.headers,
		text,
		json: type.includes('json') && text ? JSON.parse(text) : undefined,
	};
}

/** The service as one interface sees it: every call carries its access_token. */
export function portal(base: string, token?: string) {
	const withToken = (options: SendOptions = {}): SendOptions => ({
		...options,
		query: { ...(token ? { access_token: token } : {}), ...options.query },
	});
	return {
		get: (path: string, query?: SendOptions['query']) =>
			send(base, 'GET', path, withToken({ query })),
		put: (path: string, body?: unknown, options?: SendOptions) =>
			send(base, 'PUT', path, withToken({ ...options, body })),
		post: (path: string, body?: unknown, options?: SendOptions) =>
			send(base, 'POST', path, withToken({ ...options, body })),
		delete: (path: string) => send(base, 'DELETE', path, withToken()),
		send: (method: string, path: string, options?: SendOptions) =>
			send(base, method, path, withToken(options)),
	};
}
export type Portal = ReturnType<typeof portal>;
