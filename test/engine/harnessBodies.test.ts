/**
 * The harness reads a webhook request's body as n8n 2.41.1 does before the node runs
 * (harness/engine/trigger/requestBody.ts): which content types are parsed, the byte-order
 * mark, and no body at all for a node above version 1 when n8n does not parse the content type.
 */
import type {
	IDataObject,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';

import { receiveWebhook, type WebhookReceiver } from './harness';

/** Emits what n8n handed it: the parsed body, the raw bytes, and the bytes it reads itself. */
class EchoTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Echo Trigger',
		name: 'echoTrigger',
		group: ['trigger'],
		version: [1, 2],
		description: 'Echoes the request body',
		defaults: { name: 'Echo Trigger' },
		inputs: [],
		outputs: ['main'],
		webhooks: [{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'echo' }],
		properties: [],
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const request = this.getRequestObject();
		const given = request.rawBody?.toString('latin1') ?? null;
		await request.readRawBody();
		const json: IDataObject = {
			body: (request.body as IDataObject | undefined) ?? null,
			rawBodyGiven: given,
			rawBodyRead: request.rawBody?.toString('latin1') ?? null,
		};
		return { workflowData: [[{ json }]] };
	}
}

const receivers: WebhookReceiver[] = [];
afterEach(async () => {
	await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
});

async function post(typeVersion: number, body: Buffer | string, contentType?: string) {
	const receiver = await receiveWebhook({
		nodeType: EchoTrigger,
		typeVersion,
		parameters: {},
		acceptUnregistered: true,
		runWorkflow: false,
	});
	receivers.push(receiver);
	const response = await fetch(receiver.url(), {
		method: 'POST',
		headers: contentType === undefined ? {} : { 'content-type': contentType },
		// Bytes: fetch adds no content type of its own.
		body: Buffer.from(body),
	});
	const [received] = await receiver.waitForReceived(1);
	return { status: response.status, echo: received.items[0]?.json };
}

const JSON_TEXT = '{"nombre":"Ana"}';
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

describe.each([1, 2])('a start node of version %i', (version) => {
	it('gets application/json parsed, a UTF-8 byte-order mark stripped', async () => {
		const { status, echo } = await post(
			version,
			Buffer.concat([BOM, Buffer.from(JSON_TEXT)]),
			'application/json; charset=utf-8',
		);
		expect(status).toBe(200);
		expect(echo?.body).toEqual({ nombre: 'Ana' });
		expect(echo?.rawBodyGiven).toBe(`\u00ef\u00bb\u00bf${JSON_TEXT}`);
	});

	it('gets text/plain as text, url-encoded bodies as fields', async () => {
		expect((await post(version, JSON_TEXT, 'text/plain')).echo?.body).toBe(JSON_TEXT);
		expect(
			(await post(version, 'a=1&b=2', 'application/x-www-form-urlencoded')).echo?.body,
		).toEqual({ a: '1', b: '2' });
	});

	it('gets XML parsed; a JSON body sent as XML is answered 422 before the node runs', async () => {
		expect(
			(await post(version, '<lead><nombre>Ana</nombre></lead>', 'application/xml')).echo,
		).toMatchObject({ body: { lead: { nombre: 'Ana' } } });
		const refused = await post(version, JSON_TEXT, 'text/xml');
		expect(refused).toEqual({ status: 422, echo: undefined });
	});

	it('answers 422 to a charset Node cannot decode, before the node runs', async () => {
		expect(await post(version, JSON_TEXT, 'application/json; charset=iso-8859-1')).toEqual({
			status: 422,
			echo: undefined,
		});
	});
});

describe.each([
	['no content type', undefined],
	['text/json', 'text/json'],
	['application/octet-stream', 'application/octet-stream'],
])('a body sent with %s', (_what, contentType) => {
	it('is read for a node of version 1 (not parsed)', async () => {
		const { echo } = await post(1, JSON_TEXT, contentType);
		expect(echo).toEqual({ body: null, rawBodyGiven: JSON_TEXT, rawBodyRead: JSON_TEXT });
	});

	it('is left unread for a node above version 1, which can read it itself', async () => {
		const { echo } = await post(2, JSON_TEXT, contentType);
		expect(echo).toEqual({ body: null, rawBodyGiven: null, rawBodyRead: JSON_TEXT });
	});
});
