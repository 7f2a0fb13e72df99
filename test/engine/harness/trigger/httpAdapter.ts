import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQueryString } from 'node:querystring';

import { requireFromCore } from '../../../../harness/engine/n8nInternals';

/** Sets `contentType` and `encoding` on a request from its headers, as n8n's raw body reader does. */
const { parseIncomingMessage } = requireFromCore('@n8n/backend-network') as {
	parseIncomingMessage(message: IncomingMessage): void;
};

/**
 * n8n hands webhook nodes express request/response objects. express is not installed here, so
 * Node's own objects get the members webhook code and n8n-core's WebhookContext use (n8n-workflow
 * already declares `contentType`, `encoding`, `rawBody` and `readRawBody` on IncomingMessage).
 */
export interface WebhookRequest extends IncomingMessage {
	body?: unknown;
	path: string;
	query: Record<string, string | string[] | undefined>;
	params: Record<string, string>;
	get(name: string): string | undefined;
	header(name: string): string | undefined;
}

export interface WebhookResponse extends ServerResponse {
	status(code: number): this;
	set(name: string, value: string | number | readonly string[]): this;
	header(name: string, value: string | number | readonly string[]): this;
	type(contentType: string): this;
	json(body: unknown): this;
	send(body?: unknown): this;
	/** The body as it went out, for the test's record. */
	readonly sentBody: Buffer;
}

/** An error that becomes an HTTP answer (n8n's ResponseError): `{ code, message, hint }`. */
export class WebhookHttpError extends Error {
	constructor(
		readonly httpStatusCode: number,
		message: string,
		readonly hint?: string,
	) {
		super(message);
	}
}

async function readBody(req: IncomingMessage, limitBytes: number): Promise<Buffer> {
	const chunks: Buffer[] = [];
	let size = 0;
	for await (const chunk of req) {
		size += (chunk as Buffer).length;
		if (size > limitBytes) {
			// What n8n answers when the raw body reader gives up: a generic 500.
			throw new WebhookHttpError(500, 'There was a problem executing the workflow');
		}
		chunks.push(chunk as Buffer);
	}
	return Buffer.concat(chunks);
}

export function asWebhookRequest(
	req: IncomingMessage,
	url: URL,
	payloadSizeMaxMb: number,
): WebhookRequest {
	const request = req as WebhookRequest;
	parseIncomingMessage(request);
	request.path = url.pathname;
	request.query = parseQueryString(url.search.slice(1));
	request.params = {};
	request.get = (name) => {
		const value = req.headers[name.toLowerCase()];
		return Array.isArray(value) ? value.join(', ') : value;
	};
	request.header = request.get;
	request.readRawBody = async () => {
		request.rawBody ??= await readBody(req, payloadSizeMaxMb * 1024 * 1024);
	};
	return request;
}

export function asWebhookResponse(res: ServerResponse): WebhookResponse {
	const response = res as WebhookResponse;
	const sent: Buffer[] = [];
	const write = res.write.bind(res);
	const end = res.end.bind(res);
	const keep = (chunk: unknown) => {
		if (chunk !== undefined && typeof chunk !== 'function') sent.push(Buffer.from(chunk as string));
	};
	response.write = ((chunk: unknown, ...rest: never[]) => {
		keep(chunk);
		return write(chunk as string, ...rest);
	}) as WebhookResponse['write'];
	response.end = ((chunk?: unknown, ...rest: never[]) => {
		keep(chunk);
		return end(chunk as string, ...rest);
	}) as WebhookResponse['end'];
	Object.defineProperty(response, 'sentBody', { get: () => Buffer.concat(sent) });
	response.status = (code) => {
		response.statusCode = code;
		return response;
	};
	response.set = (name, value) => {
		response.setHeader(name, value);
		return response;
	};
	response.header = response.set;
	response.type = (contentType) => response.set('content-type', contentType);
	response.json = (body) => {
		if (!response.hasHeader('content-type')) response.type('application/json; charset=utf-8');
		response.end(JSON.stringify(body));
		return response;
	};
	response.send = (body) => {
		if (body === undefined || body === null) response.end();
		else if (Buffer.isBuffer(body)) {
			if (!response.hasHeader('content-type')) response.type('application/octet-stream');
			response.end(body);
		} else if (typeof body === 'object') return response.json(body);
		else {
			if (!response.hasHeader('content-type')) response.type('text/html; charset=utf-8');
			response.end(String(body));
		}
		return response;
	};
	return response;
}

/** n8n's ResponseHelper.sendErrorResponse. */
export function sendError(res: WebhookResponse, error: unknown): void {
	if (res.headersSent) return;
	const known = error instanceof WebhookHttpError;
	const code = known ? error.httpStatusCode : 500;
	const message = known ? error.message : 'There was a problem executing the workflow';
	res.status(code).json({ code, message, ...(known && error.hint ? { hint: error.hint } : {}) });
}
