/** Sandbox → Simulate Lead Event / Simulate Credit Event, delivered to a receiver on loopback. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IDataObject } from 'n8n-workflow';
import { TOKENS, errorOf, expectPaired, jsonOf, runPortal, useSandbox } from './support';

const sandbox = useSandbox();
let receiver: Server;
let receiverUrl: string;

beforeAll(async () => {
	receiver = createServer((request, response) => {
		request.resume();
		request.on('end', () => response.writeHead(200).end());
	});
	await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
	receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
	await new Promise((resolve) => receiver.close(resolve));
});

const lead = (extra: IDataObject = {}) => ({
	resource: 'sandbox',
	operation: 'simulateLeadEvent',
	agencyCode: 'INMO-001',
	adCode: 'DEMO-0001',
	eventType: 'CONTACTO',
	contactEmail: 'ana@example.com',
	callbackUrl: receiverUrl,
	authorizationHeaderValue: 'Bearer receiver-secret',
	...extra,
});

const credit = (extra: IDataObject = {}) => ({
	resource: 'sandbox',
	operation: 'simulateCreditEvent',
	agencyCode: 'INMO-001',
	creditAction: 'ALTA',
	publicationPlan: 'DESTACADO',
	callbackUrl: receiverUrl,
	...extra,
});

async function deliveryOf(eventId: string) {
	const [delivery] = await sandbox().waitForDeliveries((all) =>
		all.some((d) => d.idEvento === eventId),
	);
	return (
		sandbox()
			.deliveries()
			.find((d) => d.idEvento === eventId) ?? delivery
	);
}

describe.each(['es', 'pt'])('%s paths', (pathLanguage) => {
	const credentials = { pathLanguage };

	test('a CONTACTO lead needs only the email, and is delivered with the configured header', async () => {
		const result = await runPortal(sandbox(), lead(), { credentials });
		const [item] = jsonOf(result);
		expect(item).toEqual({
			simulated: true,
			eventType: 'CONTACTO',
			eventId: expect.any(String),
			code: 'ok',
		});
		expectPaired(result);
		const delivery = await deliveryOf(item.eventId as string);
		expect(delivery.kind).toBe('CONTACTO');
		expect(delivery.url).toBe(receiverUrl);
		expect(delivery.headers).toEqual(
			expect.objectContaining({ Authorization: 'Bearer receiver-secret' }),
		);
		expect(delivery.body).toEqual(
			expect.objectContaining({ email: 'ana@example.com', referencia: 'DEMO-0001' }),
		);
	});

	test('a CONTACTO_MENSAJE lead with every contact field, in the body language asked for', async () => {
		const result = await runPortal(
			sandbox(),
			lead({
				eventType: 'CONTACTO_MENSAJE',
				contactName: 'Ana Pérez',
				contactPhone: '+54 11 5555-0000',
				contactMessage: '¿Sigue disponible?',
				callbackBodyLanguage: 'EN',
			}),
			{ credentials },
		);
		const [item] = jsonOf(result);
		expect(item.eventType).toBe('CONTACTO_MENSAJE');
		const delivery = await deliveryOf(item.eventId as string);
		expect(delivery.body).toEqual(
			expect.objectContaining({ name: 'Ana Pérez', message: '¿Sigue disponible?' }),
		);
	});

	test('a credit event', async () => {
		const result = await runPortal(sandbox(), credit(), { credentials });
		const [item] = jsonOf(result);
		expect(item).toEqual(expect.objectContaining({ simulated: true, eventType: 'CREDITO' }));
		expect((await deliveryOf(item.eventId as string)).kind).toBe('CREDITO');
	});
});

describe('required fields are checked per event kind before anything is sent', () => {
	test.each([
		[
			{ contactEmail: '' },
			'Invalid parameter: Contact Email: contactEmail is required for CONTACTO',
		],
		[
			{ eventType: 'CONTACTO_MENSAJE', contactName: 'Ana' },
			'Invalid parameter: Contact Phone: contactPhone is required for CONTACTO_MENSAJE',
		],
		[{ adCode: '={{ "" }}' }, 'Invalid parameter: Ad Code: codigoAviso is required'],
		[
			{ callbackUrl: 'n8n.example.com/hook' },
			'Invalid parameter: Callback URL: url must start with http:// or https://',
		],
	])('lead %j', async (parameters, message) => {
		const result = await runPortal(sandbox(), lead(parameters));
		expect(errorOf(result).message).toBe(message);
		expect(sandbox().deliveries()).toEqual([]);
	});

	test('credit without an action', async () => {
		const result = await runPortal(sandbox(), credit({ creditAction: '={{ "" }}' }));
		expect(errorOf(result).message).toBe('Invalid parameter: Action: accion is required');
	});
});

test.each([
	['lead', lead],
	['credit', credit],
])(
	'a %s simulation is refused on a production credential, before any request',
	async (_kind, parameters) => {
		const result = await runPortal(sandbox(), parameters(), {
			credentials: { environment: 'production' },
		});
		expect(errorOf(result)).toEqual(
			expect.objectContaining({
				message: 'Sandbox operations are refused on a production credential',
				description: expect.stringContaining('Environment is Sandbox'),
			}),
		);
		expect(sandbox().deliveries()).toEqual([]);
	},
);

test('a LEC may simulate leads but not credit events', async () => {
	const credentials = { accessToken: TOKENS.lec, interfaceKind: 'LEC' };
	expect((await runPortal(sandbox(), lead(), { credentials })).status).toBe('success');
	const result = await runPortal(sandbox(), credit(), { credentials });
	expect(errorOf(result).message).toBe(
		'This access token belongs to a read-only (LEC) interface: simulating credit events needs a read-write (LES) access token',
	);
});

test('an unknown ad code is "not found"', async () => {
	const result = await runPortal(sandbox(), lead({ adCode: 'NO-SUCH-AD' }));
	expect(errorOf(result).message).toMatch(/^Not found in the sandbox: .*NO-SUCH-AD/);
});
