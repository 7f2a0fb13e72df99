/**
 * The Poll Trigger's New Lead on the lead list in both item shapes (the recorded one and the
 * callback-like one) and over both path spellings, through n8n's engine. A loopback proxy in front
 * of the emulator serves the list pages written here from the field notes; logins and the agencies
 * list go on to the emulator.
 */
import type { IDataObject } from 'n8n-workflow';
import { captureLogs } from '../harness/captureLogs';
import { useSandbox } from '../action/support';
import { portalProxy, type PortalProxy } from '../action/portalProxy';
import { emitted, pollWorkflow } from '../pollTrigger/support';
import { LEAD, publishedBody } from './bodies';

const sandbox = useSandbox();

const SPANISH_PATH = '/v2/inmobiliarias/INMO-001/mensajes';
const PORTUGUESE_PATH = '/v2/imobiliarias/INMO-001/mensagens';

/** The portal's local time (-03:00) of an instant, as callback bodies write it. */
function portalText(epochMs: number): string {
	const local = new Date(epochMs - 3 * 3_600_000).toISOString().replace('Z', '');
	return `${local}-0300`;
}

/** An item in the shape recorded from the portal's generated API description. */
function recordedItem(id: number, at: number, overrides: IDataObject = {}): IDataObject {
	return {
		codigoAviso: LEAD.adCode,
		email: LEAD.email,
		fecha: new Date(at).toISOString(),
		id: 500_000 + id,
		idAvisoPlat: LEAD.platformAdId,
		idContacto: LEAD.contactId,
		idContactoAccion: 1,
		idMensaje: id,
		nombre: LEAD.name,
		telefono: LEAD.phone,
		textoMensaje: LEAD.message,
		...overrides,
	};
}

/** An item shaped like a Spanish callback body of a message. */
function callbackLikeItem(id: number, at: number): IDataObject {
	return {
		...(publishedBody('ES', 'CONTACTO_MENSAJE', 'arg') as IDataObject),
		idEvento: `list-${id}`,
		idMensaje: id,
		fechaRegistro: portalText(at),
	};
}

interface ListServer {
	proxy: PortalProxy;
	items: IDataObject[];
}

/**
 * The lead list served at `served` only; the other spelling answered `refusal` (401 or 404, as
 * the portal answers a path it does not know).
 */
async function listServer(served: string, refusal: 401 | 404): Promise<ListServer> {
	const items: IDataObject[] = [];
	const refused = [SPANISH_PATH, PORTUGUESE_PATH].filter((path) => path !== served);
	const proxy = await portalProxy(sandbox().url, {
		holdMs: 0,
		answer: (url) => {
			if (refused.includes(url.pathname))
				return { status: refusal, body: { code: 'unauthorized', message: 'Unauthorized' } };
			if (url.pathname !== served) return undefined;
			return {
				status: 200,
				body: { number: 0, size: items.length, total: items.length, content: items },
			};
		},
	});
	return { proxy, items };
}

const open: PortalProxy[] = [];
afterEach(async () => {
	await Promise.all(open.splice(0).map((proxy) => proxy.close()));
});

async function watching(server: ListServer, pathLanguage: 'es' | 'pt') {
	open.push(server.proxy);
	const workflow = pollWorkflow(sandbox(), {
		parameters: { agencyScope: 'one', agencyCode: 'INMO-001' },
		credentials: { baseUrl: server.proxy.url, pathLanguage },
	});
	expect((await workflow.activate()).items).toBeNull();
	return workflow;
}

const leadPaths = (proxy: PortalProxy) =>
	proxy.requests
		.map((url) => url.pathname)
		.filter((path) => path === SPANISH_PATH || path === PORTUGUESE_PATH);

describe.each([
	['Spanish', 'es', SPANISH_PATH],
	['Portuguese', 'pt', PORTUGUESE_PATH],
] as const)('the %s spelling', (_name, pathLanguage, served) => {
	it.each([
		['recorded', recordedItem],
		['callback-like', callbackLikeItem],
	] as const)(
		'emits each lead of the %s shape once, with text, instant and ad code',
		async (_shape, itemOf) => {
			const server = await listServer(served, 404);
			const workflow = await watching(server, pathLanguage);
			const at = Date.now() - 60_000;
			server.items.push(itemOf(7001, at), itemOf(7002, at + 1_000));

			const first = emitted(await workflow.poll());
			const again = emitted(await workflow.poll());

			expect(first.map((lead) => lead.messageId)).toEqual([7001, 7002]);
			for (const lead of first) {
				expect(lead).toMatchObject({
					eventId: String(lead.messageId),
					eventType: 'CONTACTO_MENSAJE',
					message: LEAD.message,
					adCode: LEAD.adCode,
					name: LEAD.name,
					email: LEAD.email,
					phone: LEAD.phone,
					contactType: 'message',
					platformAdId: LEAD.platformAdId,
					trigger: 'poll',
				});
				expect(Date.parse(lead.registeredAt as string)).toBe(
					at + (lead.messageId === 7002 ? 1_000 : 0),
				);
			}
			expect(again).toEqual([]);
			expect(new Set(leadPaths(server.proxy))).toEqual(new Set([served]));
		},
	);
});

it('tries the other spelling once when the chosen one is refused with 401, and remembers the one that answered', async () => {
	const server = await listServer(PORTUGUESE_PATH, 401);
	const workflow = await watching(server, 'es');
	server.items.push(recordedItem(7101, Date.now() - 60_000));

	expect(emitted(await workflow.poll()).map((lead) => lead.messageId)).toEqual([7101]);
	await workflow.poll();

	// n8n-core sends a request refused with 401 once more before it throws.
	expect(leadPaths(server.proxy)).toEqual([
		SPANISH_PATH,
		SPANISH_PATH,
		PORTUGUESE_PATH,
		PORTUGUESE_PATH,
		PORTUGUESE_PATH,
	]);
});

it('emits a listed lead without a message id, keyed by its list id, and says so in the log once', async () => {
	const server = await listServer(SPANISH_PATH, 404);
	const workflow = await watching(server, 'es');
	server.items.push(recordedItem(0, Date.now() - 60_000, { idMensaje: null, id: 880_001 }));

	const { result: first, logs } = await captureLogs(async () => await workflow.poll());
	const again = await captureLogs(async () => await workflow.poll());

	expect(emitted(first!)).toEqual([
		expect.objectContaining({ eventId: '880001', messageId: null, email: LEAD.email }),
	]);
	expect(emitted(again.result!)).toEqual([]);
	const told = [...logs, ...again.logs].filter((line) => /without a message id/.test(line));
	expect(told).toHaveLength(1);
	expect(told[0]).toMatch(/list id 880001/);
});

it('tells a path the portal does not know (401 at both spellings) from a bad token, by the agencies list', async () => {
	const server = await listServer('/nowhere', 401);
	open.push(server.proxy);
	const workflow = pollWorkflow(sandbox(), {
		parameters: { agencyScope: 'one', agencyCode: 'INMO-001' },
		credentials: { baseUrl: server.proxy.url },
	});

	const { error } = await captureLogs(async () => await workflow.activate());

	expect(error).toMatchObject({
		message: expect.stringContaining(`does not answer ${SPANISH_PATH} and ${PORTUGUESE_PATH}`),
		description: expect.stringContaining('the access token itself works'),
	});
});

it('still blames the token when the agencies list refuses it too', async () => {
	const server = await listServer('/nowhere', 401);
	open.push(server.proxy);
	const workflow = pollWorkflow(sandbox(), {
		parameters: { agencyScope: 'one', agencyCode: 'INMO-001' },
		credentials: { baseUrl: server.proxy.url, accessToken: 'not-a-token' },
	});

	const { error } = await captureLogs(async () => await workflow.activate());

	expect(error).toMatchObject({ message: 'The portal rejected the access token' });
});

it.each([
	[false, undefined],
	[true, LEAD.nationalId],
])(
	'with Include National ID %s, a listed lead carries the national id: %s',
	async (includeNationalId, nationalId) => {
		const server = await listServer(PORTUGUESE_PATH, 404);
		open.push(server.proxy);
		const workflow = pollWorkflow(sandbox(), {
			parameters: {
				agencyScope: 'one',
				agencyCode: 'INMO-001',
				options: { includeNationalId },
			},
			credentials: { baseUrl: server.proxy.url, pathLanguage: 'pt' },
		});
		await workflow.activate();
		server.items.push({
			...(publishedBody('PT', 'CONTACTO_MENSAJE', 'bra') as IDataObject),
			dataRegistro: portalText(Date.now() - 60_000),
		});

		const [lead] = emitted(await workflow.poll());

		expect(lead).toMatchObject({ name: LEAD.name, internalKey: LEAD.internalCode });
		expect(lead.nationalId).toBe(nationalId);
	},
);
