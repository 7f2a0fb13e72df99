/**
 * A callback delivery's bytes → the JSON value it holds, read once, after the secret was checked
 * (runtime.ts, webhook()). n8n 2.41.1 parses some bodies before the node runs, and reads none at
 * all for a trigger above version 1 when the content type is not one it parses (none, `text/json`,
 * `application/octet-stream`: `parseRequestBody` in n8n's `webhooks/webhook-helpers.js`); the bytes
 * are then read here. Whatever n8n did, the bytes are what is read when there are any: a UTF-8
 * byte-order mark is dropped, the content type's charset is used when Node knows it, and bytes that
 * are not UTF-8 are read as Latin-1.
 */
import type { IWebhookFunctions } from 'n8n-workflow';

/** Lead bodies are about a kilobyte; anything far larger is not a delivery of this service. */
export const MAX_BODY_BYTES = 128 * 1024;

export interface Delivery {
	headers: Record<string, string | string[] | undefined>;
	/** The bytes as received, when the server kept them (n8n does when it parses the body). */
	rawBody?: unknown;
	/** The body as the server parsed it. */
	body: unknown;
	/** Reads the bytes the server left unread; resolves to them (undefined when there are none). */
	readRawBody?: () => Promise<unknown>;
}

/** The delivery n8n hands the webhook: the request's headers, bytes and parsed body. */
export function deliveryOf(request: ReturnType<IWebhookFunctions['getRequestObject']>): Delivery {
	return {
		headers: request.headers,
		rawBody: request.rawBody,
		body: request.body,
		readRawBody: async () => {
			if (request.rawBody === undefined && typeof request.readRawBody === 'function')
				await request.readRawBody();
			return request.rawBody;
		},
	};
}

export type BodyRead =
	/** `text`: the JSON text, when it was read from the bytes. */
	{ ok: true; value: unknown; text?: string } | { ok: false; status: 400 | 413; message: string };

const TOO_LARGE: BodyRead = {
	ok: false,
	status: 413,
	message: `The body exceeds ${MAX_BODY_BYTES} bytes`,
};

const BYTE_ORDER_MARK = '\ufeff';

function charsetOf(headers: Delivery['headers']): BufferEncoding | null {
	const type = headers['content-type'];
	const charset = /;\s*charset\s*=\s*"?([\w-]+)/i.exec(String(type ?? ''))?.[1]?.toLowerCase();
	return charset !== undefined && Buffer.isEncoding(charset) ? charset : null;
}

/** The bytes as text: in the declared charset, else UTF-8, else (not UTF-8) Latin-1. */
function textOf(bytes: Buffer, charset: BufferEncoding | null): string {
	const asUtf8 = bytes.toString('utf8');
	const text =
		charset !== null && charset !== 'utf8' && charset !== 'utf-8'
			? bytes.toString(charset)
			: Buffer.from(asUtf8, 'utf8').equals(bytes)
				? asUtf8
				: bytes.toString('latin1');
	return text.startsWith(BYTE_ORDER_MARK) ? text.slice(1) : text;
}

function parseJsonText(text: string): BodyRead {
	if (Buffer.byteLength(text, 'utf8') > MAX_BODY_BYTES) return TOO_LARGE;
	try {
		return { ok: true, value: JSON.parse(text), text };
	} catch {
		return { ok: false, status: 400, message: 'The body is not valid JSON' };
	}
}

function parseBytes(bytes: Buffer, delivery: Delivery): BodyRead {
	if (bytes.length > MAX_BODY_BYTES) return TOO_LARGE;
	return parseJsonText(textOf(bytes, charsetOf(delivery.headers)));
}

const isBytes = (value: unknown): value is Buffer => Buffer.isBuffer(value) && value.length > 0;

export async function readBody(delivery: Delivery): Promise<BodyRead> {
	const { rawBody, body } = delivery;
	if (isBytes(rawBody)) return parseBytes(rawBody, delivery);
	if (typeof body === 'string') return parseJsonText(body.replace(/^\ufeff/, ''));
	if (body !== null && typeof body === 'object') return sizedUp(body);
	const read = rawBody === undefined ? await readLeftBytes(delivery) : undefined;
	if (isBytes(read)) return parseBytes(read, delivery);
	return { ok: false, status: 400, message: 'The body is empty' };
}

/** A body the server parsed, when its bytes are not kept: refused when its JSON would be too large. */
function sizedUp(body: object): BodyRead {
	let bytes: number;
	try {
		bytes = Buffer.byteLength(JSON.stringify(body), 'utf8');
	} catch {
		// Nested deeper than JSON.stringify can write: no delivery of this service.
		return TOO_LARGE;
	}
	return bytes > MAX_BODY_BYTES ? TOO_LARGE : { ok: true, value: body };
}

/** The bytes n8n left unread; undefined when there are none or they cannot be read. */
async function readLeftBytes(delivery: Delivery): Promise<unknown> {
	try {
		return await delivery.readRawBody?.();
	} catch {
		// A stream already consumed (a multipart body n8n parsed) or cut off: nothing to read.
		return undefined;
	}
}
