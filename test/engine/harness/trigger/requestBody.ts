import { createRequire } from 'node:module';
import { parse as parseQueryString } from 'node:querystring';
import { jsonParse, sanitizeXmlName } from 'n8n-workflow';

import { WebhookHttpError, type WebhookRequest } from './httpAdapter';

/**
 * What n8n 2.41.1 does with a webhook request's body before the node runs, as its code does it:
 * `parseRequestBody` and `isParsableContentType` in `n8n/dist/webhooks/webhook-helpers.js`, and
 * `parseBody` in `n8n/dist/middlewares/body-parser.js`.
 *
 * - A start node of version 1 has every body read (`rawBody`), and parsed when its content type is
 *   one n8n parses.
 * - A start node above version 1 has a body read only when its content type is parsable:
 *   `application/json*`, `text/plain*`, `application/x-www-form-urlencoded*`, `*\/xml`, `*+xml`.
 *   Otherwise (no content type, `text/json`, `application/octet-stream`...) nothing is read: the
 *   stream is left to the node, which can read it with `req.readRawBody()`.
 * - Parsed: exactly `application/json` (a UTF-8 byte-order mark stripped first), XML (xml2js, as
 *   n8n configures it), exactly `application/x-www-form-urlencoded` (mark stripped), exactly
 *   `text/plain` (as text). The bytes are decoded with the content type's charset (UTF-8 by
 *   default); a charset Node does not know, or a body that does not parse, is answered 422 and the
 *   node is not called.
 * - `multipart/form-data` is parsed by n8n with formidable, which consumes the stream; the harness
 *   does not parse it, but consumes the stream the same way (the node finds nothing to read).
 */

interface XmlParser {
	parseStringPromise(text: string): Promise<unknown>;
}

// n8n-workflow's own xml2js (n8n's body parser uses the same release).
const xml2js = createRequire(require.resolve('n8n-workflow'))('xml2js') as {
	Parser: new (options: object) => XmlParser;
};

/**
 * n8n's options. n8n shares one parser between requests; with `async: true`, xml2js 0.6.2's shared
 * parser never settles on the second malformed body it is given (that request is never answered).
 * The harness makes one parser per body, so that each malformed body is answered 422.
 */
const xmlParser = () =>
	new xml2js.Parser({
		async: true,
		normalize: true,
		normalizeTags: true,
		explicitArray: false,
		tagNameProcessors: [sanitizeXmlName],
		attrNameProcessors: [sanitizeXmlName],
	});

const stripBom = (text: string) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

export function isParsableContentType(contentType: string | undefined): boolean {
	if (!contentType) return false;
	return (
		contentType.startsWith('application/json') ||
		contentType.startsWith('text/plain') ||
		contentType.startsWith('application/x-www-form-urlencoded') ||
		contentType.endsWith('/xml') ||
		contentType.endsWith('+xml')
	);
}

/** body-parser.js `parseBody`. */
async function parseBody(req: WebhookRequest): Promise<void> {
	if (req.contentType?.startsWith('multipart/')) return;
	await req.readRawBody();
	const { rawBody, contentType, encoding } = req;
	if (!rawBody?.length) return;
	try {
		if (contentType === 'application/json') {
			req.body = jsonParse(stripBom(rawBody.toString(encoding)));
		} else if (contentType?.endsWith('/xml') || contentType?.endsWith('+xml')) {
			req.body = await xmlParser().parseStringPromise(rawBody.toString(encoding));
		} else if (contentType === 'application/x-www-form-urlencoded') {
			req.body = parseQueryString(stripBom(rawBody.toString(encoding)), undefined, undefined, {
				maxKeys: 1000,
			});
		} else if (contentType === 'text/plain') {
			req.body = rawBody.toString(encoding);
		}
	} catch (error) {
		throw new WebhookHttpError(422, 'Failed to parse request body', (error as Error).message);
	}
}

/** webhook-helpers.js `parseRequestBody`, for a start node of `nodeVersion`. */
export async function parseRequestBody(req: WebhookRequest, nodeVersion: number): Promise<void> {
	if (req.contentType === 'multipart/form-data') {
		// formidable reads the whole stream; what it makes of a JSON body is not the node's to read.
		for await (const _chunk of req) void _chunk;
		return;
	}
	if (nodeVersion > 1 && !isParsableContentType(req.contentType)) return;
	await parseBody(req);
}
