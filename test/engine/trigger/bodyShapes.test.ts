/**
 * A delivery that carries the right secret is never refused for its shape (docs/reliability.md,
 * "What the trigger does with a body it cannot fully read"): through n8n's engine and the body
 * rules of n8n 2.41.1 (harness/engine/trigger/requestBody.ts), each body becomes one item with
 * what could be read, the raw body without the national id, and a warning in n8n's log naming what
 * was not understood. Only a body that is not JSON at all gets a 4xx, logged as well.
 */
import { validateFieldType, type IDataObject } from 'n8n-workflow';
import type { ReceivedWebhook, WebhookReceiver } from '../harness';
import { leadBody, portalSecret, post, useTriggerSandbox, type TriggerSetup } from './support';

const env = useTriggerSandbox();
const TRIGGER = 'Real Estate Portal Trigger';

async function activeTrigger(setup: TriggerSetup = {}): Promise<WebhookReceiver> {
	const receiver = await env.trigger(setup);
	await receiver.trigger.activate();
	return receiver;
}

/** Posts each body with the right secret; the answers, and what each request emitted and logged. */
async function deliverAll(
	bodies: unknown[],
	options: { contentType?: string | null; setup?: TriggerSetup } = {},
) {
	const r = await activeTrigger(options.setup);
	const secret = await portalSecret(env.sandbox);
	const statuses: number[] = [];
	for (const body of bodies)
		statuses.push((await post(r.url(), body, { secret, contentType: options.contentType })).status);
	const received = await r.waitForReceived(bodies.length);
	return received.map((one: ReceivedWebhook, index) => ({
		status: statuses[index],
		items: one.items.map((item) => item.json),
		warnings: one.logs.filter((line) => line.startsWith('warn:')),
		/** What the execution shows on the trigger's output beside its status. */
		run: { status: one.run?.status, hints: one.run?.data.resultData.runData[TRIGGER]?.[0]?.hints },
	}));
}

const deliver = async (body: unknown, options: Parameters<typeof deliverAll>[1] = {}) =>
	(await deliverAll([body], options))[0];

const lead = (fields: IDataObject = {}, drop: string[] = []) => {
	const body: IDataObject = { ...leadBody(`shape-${Math.random().toString(16).slice(2)}`) };
	for (const name of drop) delete body[name];
	return { ...body, ...fields };
};

/** Whether n8n's own date validation (a Data table `date` column) takes the value. */
const n8nTakesDate = (value: unknown) =>
	validateFieldType('registeredAt', value, 'dateTime').valid === true;

describe('contact fields under names the alias table does not know (defect 2)', () => {
	it('are named, the raw body kept and a warning logged; what is known is read', async () => {
		const body = lead(
			{
				tipoEvento: 'CONTACTO_MENSAJE',
				nombreCompleto: 'Ana Pérez',
				correo: 'ana@example.com',
				celular: '+54 11 5555-0000',
				texto: '¿Sigue disponible?',
			},
			['nombre', 'email', 'telefono', 'mensaje'],
		);

		const { status, items, warnings, run } = await deliver(body);

		expect(status).toBe(200);
		expect(run).toEqual({
			status: 'success',
			hints: [
				expect.objectContaining({
					type: 'warning',
					message: expect.stringMatching(/not fully read/),
				}),
			],
		});
		expect(items).toEqual([
			expect.objectContaining({
				eventId: body.idEvento,
				adCode: 'DEMO-0001',
				name: null,
				email: null,
				unreadableFields: 'nombreCompleto, correo, celular, texto',
				rawBody: body,
			}),
		]);
		expect(warnings).toEqual([
			expect.stringMatching(/nombreCompleto, correo, celular, texto.*rawBody/),
		]);
		expect(warnings.join()).not.toContain('Ana Pérez');
	});
});

describe('registration instants (defects 3 and 16)', () => {
	it.each([
		['epoch milliseconds as text', '1795700975000', '2026-11-26T13:49:35.000Z'],
		[
			'dd/MM/yyyy HH:mm:ss, in the portal’s zone',
			'26/11/2026 10:49:35',
			'2026-11-26T10:49:35-03:00',
		],
		['no offset, in the portal’s zone', '2026-11-26 10:49:35', '2026-11-26T10:49:35-03:00'],
		['no offset, with milliseconds', '2026-11-26T10:49:35.123', '2026-11-26T10:49:35.123-03:00'],
	])('%s: read as an ISO instant with its offset', async (_form, written, iso) => {
		const { items, warnings, run } = await deliver(lead({ fechaRegistro: written }));

		expect(items[0].registeredAt).toBe(iso);
		expect(Date.parse(iso)).toBe(
			Date.parse('2026-11-26T13:49:35Z') + (iso.includes('.123') ? 123 : 0),
		);
		expect(items[0]).not.toHaveProperty('unreadableFields');
		expect(warnings).toEqual([]);
		expect(run.hints).toEqual([]);
	});

	it.each(['garbage', '2026-13-45 99:99:99', '31/02/2026 10:00:00', '42'])(
		'%s: registeredAt null (never a value n8n refuses), the text kept in the raw body and named',
		async (written) => {
			const { status, items, warnings } = await deliver(lead({ fechaRegistro: written }));

			expect(status).toBe(200);
			expect(items[0]).toMatchObject({
				registeredAt: null,
				unreadableFields: 'fechaRegistro',
				rawBody: expect.objectContaining({ fechaRegistro: written }),
			});
			expect(warnings).toEqual([expect.stringMatching(/fechaRegistro/)]);
		},
	);

	it('every registeredAt that comes out is one n8n’s date validation takes', async () => {
		const written = ['1795700975000', '26/11/2026 10:49:35', '2026-11-26 10:49:35', 'garbage', 42];
		const received = await deliverAll(written.map((fechaRegistro) => lead({ fechaRegistro })));

		const registeredAt = received.map(({ items }) => items[0].registeredAt);
		expect(registeredAt.filter((value) => !n8nTakesDate(value))).toEqual([]);
	});
});

describe('how the bytes arrive', () => {
	it('a body that starts with a UTF-8 byte-order mark is read (defect 6)', async () => {
		const body = lead();
		const bytes = Buffer.concat([
			Buffer.from([0xef, 0xbb, 0xbf]),
			Buffer.from(JSON.stringify(body)),
		]);

		const { status, items } = await deliver(bytes);

		expect(status).toBe(200);
		expect(items).toEqual([expect.objectContaining({ eventId: body.idEvento, name: 'Ana' })]);
	});

	it.each([
		['no content type', null],
		['text/json', 'text/json'],
		['application/octet-stream', 'application/octet-stream'],
		['text/plain', 'text/plain'],
	])(
		'a lead sent with %s reaches trigger version 2, though n8n reads no body for it (defect 7)',
		async (_what, contentType) => {
			const body = lead();

			const { status, items } = await deliver(body, { contentType });

			expect(status).toBe(200);
			expect(items).toEqual([expect.objectContaining({ eventId: body.idEvento, name: 'Ana' })]);
		},
	);

	it('Latin-1 bytes are read as Latin-1, not as broken UTF-8', async () => {
		const body = lead({ nombre: 'María Ñandú' });

		const { items } = await deliver(Buffer.from(JSON.stringify(body), 'latin1'));

		expect(items[0].name).toBe('María Ñandú');
	});
});

describe('a body the reader cannot place (defect 8)', () => {
	it.each([
		['an object with no event kind and no lead field', { hello: 'world', token: 'b7c1e0' }],
		['an object of an unknown kind', { idEvento: 'x-1', tipoEvento: 'FOO', codigoAviso: 'A-1' }],
		['an empty object', {}],
		['a JSON array', [{ nombre: 'Ana' }]],
		['a JSON number', 42],
		['JSON null', null],
	])('%s: one item marked UNKNOWN with its raw body, and a warning', async (_what, body) => {
		const { status, items, warnings } = await deliver(JSON.stringify(body));

		expect(status).toBe(200);
		expect(items).toEqual([
			expect.objectContaining({
				eventType: 'UNKNOWN',
				eventId: expect.any(String),
				leadKey: expect.any(String),
				registeredAt: null,
				name: null,
				rawBody: body,
			}),
		]);
		expect(warnings).toEqual([expect.stringMatching(/UNKNOWN/)]);
	});

	it('a body that is not JSON at all: 400, and a warning', async () => {
		const { status, items, warnings } = await deliver('hello, portal', {
			contentType: 'text/plain',
		});

		expect(status).toBe(400);
		expect(items).toEqual([]);
		expect(warnings).toEqual([expect.stringMatching(/400.*not valid JSON/)]);
	});
});

describe('the national id in the raw body (defect 12)', () => {
	const unreadable = { fechaRegistro: 'garbage', referencia: ['not', 'a', 'code'] };
	const bodies = [
		lead({ ...unreadable, dni: '30111222' }),
		lead({ ...unreadable, cpf: '123.456.789-09' }),
		lead({ ...unreadable, identificationId: 'ID-998877' }),
	];
	const nationalIds = ['30111222', '123.456.789-09', 'ID-998877'];

	it('is left out of a raw body the trigger adds, with Include National ID off', async () => {
		const received = await deliverAll(bodies);

		for (const { items } of received) {
			expect(items[0]).toHaveProperty('rawBody');
			expect(items[0]).not.toHaveProperty('nationalId');
			for (const id of nationalIds) expect(JSON.stringify(items[0])).not.toContain(id);
		}
	});

	it('is kept with Include National ID on', async () => {
		const received = await deliverAll(bodies, {
			setup: { parameters: { options: { includeNationalId: true } } },
		});

		received.forEach(({ items }, index) => {
			expect(items[0].nationalId).toBe(nationalIds[index]);
			expect(JSON.stringify(items[0].rawBody)).toContain(nationalIds[index]);
		});
	});
});
