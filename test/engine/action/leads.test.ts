/**
 * Lead → Get Many through n8n's engine against the emulator: one agency or every linked agency,
 * since a day, Limit, both path spellings and both shapes of the lead list, each lead with its key.
 */
import type { ICredentialDataDecryptedObject, IDataObject } from 'n8n-workflow';
import type { Sandbox } from '../../../sandbox';
import { aimFault, bulkLeads, makeLead, portalDay } from '../pollTrigger/support';
import { portalProxy, type PortalProxy } from './portalProxy';
import { admin, errorOf, expectPaired, jsonOf, runPortal, useSandbox } from './support';

const sandbox = useSandbox();

const getMany = (parameters: IDataObject = {}) => ({
	resource: 'lead',
	operation: 'getAll',
	agencyScope: 'one',
	agencyCode: { __rl: true, mode: 'id', value: 'INMO-001' },
	returnAll: true,
	...parameters,
});

async function leads(
	parameters: IDataObject = {},
	credentials: ICredentialDataDecryptedObject = {},
) {
	const result = await runPortal(sandbox(), getMany(parameters), { credentials });
	expect(result.error).toBeUndefined();
	expectPaired(result);
	return jsonOf(result);
}

const SPELLINGS = {
	es: '/v2/inmobiliarias/INMO-001/mensajes',
	pt: '/v2/imobiliarias/INMO-001/mensagens',
};

/**
 * A loopback proxy in front of the emulator: a base URL of its own, so that the spelling the path
 * table remembers per base URL starts afresh, and the paths the node called.
 */
const proxies: PortalProxy[] = [];
afterEach(async () => await Promise.all(proxies.splice(0).map((proxy) => proxy.close())));
async function freshBaseUrl(answer?: (url: URL) => { status: number; body: unknown } | undefined) {
	const proxy = await portalProxy(sandbox().url, { holdMs: 0, answer });
	proxies.push(proxy);
	const listCalls = () =>
		proxy.requests.map((url) => url.pathname).filter((path) => path.includes('/v2/'));
	return { baseUrl: proxy.url, listCalls };
}

/** Only the leads made by the test: the seeded world has leads of its own. */
const madeBy = (made: number[]) => (lead: IDataObject) => made.includes(lead.messageId as number);

async function setListShape(target: Sandbox, leadList: 'recorded' | 'callback') {
	expect((await admin(target, 'POST', '/__sandbox/reset', { leadList })).status).toBe(204);
}

describe.each(['recorded', 'callback'] as const)('lead list items in the %s shape', (shape) => {
	beforeEach(async () => await setListShape(sandbox(), shape));

	describe.each(['es', 'pt'])('path language %s', (pathLanguage) => {
		test('one agency: its leads only, oldest first, as the flat lead with the lead key', async () => {
			const first = await makeLead(sandbox(), 'INMO-001', {
				tipoEvento: 'CONTACTO_MENSAJE',
				nombre: 'Ana Pérez',
				email: 'ana@example.com',
			});
			const other = await makeLead(sandbox(), 'INMO-002', { tipoEvento: 'CONTACTO_MENSAJE' });
			const second = await makeLead(sandbox(), 'INMO-001', { tipoEvento: 'CONTACTO_MENSAJE' });

			const proxy = await freshBaseUrl();
			const listed = (await leads({}, { pathLanguage, baseUrl: proxy.baseUrl })).filter(
				madeBy([first, other, second]),
			);
			expect(proxy.listCalls()).toEqual([SPELLINGS[pathLanguage as 'es' | 'pt']]);

			expect(listed.map((lead) => lead.messageId)).toEqual([first, second]);
			for (const lead of listed) expect(lead.leadKey).toBe(`message:${lead.messageId}`);
			expect(listed[0]).toMatchObject({
				eventType: 'CONTACTO_MENSAJE',
				contactType: expect.any(String),
				name: 'Ana Pérez',
				email: 'ana@example.com',
				agencyCode: 'INMO-001',
				registeredAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
			});
			expect(listed[0]).not.toHaveProperty('trigger');
		});
	});

	test('every linked agency, merged oldest first', async () => {
		const made = [
			await makeLead(sandbox(), 'INMO-001', { tipoEvento: 'CONTACTO_MENSAJE' }),
			await makeLead(sandbox(), 'INMO-002', { tipoEvento: 'CONTACTO_MENSAJE' }),
			await makeLead(sandbox(), 'INMO-001', { tipoEvento: 'CONTACTO_MENSAJE' }),
		];
		const listed = (await leads({ agencyScope: 'all' })).filter(madeBy(made));
		const raw = await leads({ agencyScope: 'all', simplify: false });
		const text = shape === 'recorded' ? 'textoMensaje' : 'mensaje';
		expect(raw.filter((item) => made.includes(item.idMensaje as number))).toEqual(
			made.map(() => expect.objectContaining({ [text]: expect.any(String) })),
		);
		expect(listed.map((lead) => [lead.messageId, lead.agencyCode])).toEqual([
			[made[0], 'INMO-001'],
			[made[1], 'INMO-002'],
			[made[2], 'INMO-001'],
		]);
	});
});

test('a phone view has no message id: it is keyed by its content, as the callback keys it', async () => {
	await makeLead(sandbox(), 'INMO-001', { tipoEvento: 'CONTACTO' });
	const listed = await leads();
	const phoneView = listed.find((lead) => lead.eventType === 'CONTACTO');
	expect(phoneView).toMatchObject({
		messageId: null,
		leadKey: expect.stringMatching(/^view:[0-9a-f]{24}$/),
	});
});

test('Limit gives that many leads, the oldest over every agency', async () => {
	await makeLead(sandbox(), 'INMO-002', { tipoEvento: 'CONTACTO_MENSAJE' });
	await makeLead(sandbox(), 'INMO-001', { tipoEvento: 'CONTACTO_MENSAJE' });
	await makeLead(sandbox(), 'INMO-002', { tipoEvento: 'CONTACTO_MENSAJE' });
	const everything = await leads({ agencyScope: 'all' });
	const limited = await leads({ agencyScope: 'all', returnAll: false, limit: 2 });
	expect(everything.length).toBeGreaterThanOrEqual(3);
	expect(limited.map((lead) => lead.leadKey)).toEqual(
		everything.slice(0, 2).map((lead) => lead.leadKey),
	);
});

test('Since: a later day lists nothing from before it; an unreadable one is named', async () => {
	await makeLead(sandbox(), 'INMO-001', { tipoEvento: 'CONTACTO_MENSAJE' });
	const tomorrow = portalDay(2).day;
	const iso = `${tomorrow.slice(0, 4)}-${tomorrow.slice(4, 6)}-${tomorrow.slice(6)}`;
	expect(await leads({ since: iso })).toEqual([]);

	const refused = await runPortal(sandbox(), getMany({ since: 'last tuesday' }));
	expect(errorOf(refused).message).toBe('Invalid parameter: Since: "last tuesday" is not a date');
});

test('Since empty: the last 3 days; an earlier day reaches older leads', async () => {
	const DAY_MS = 86_400_000;
	const at = (daysAgo: number) => Date.now() - daysAgo * DAY_MS;
	const [old] = await bulkLeads(sandbox(), {
		count: 1,
		agencies: ['INMO-001'],
		from: at(5),
		to: at(5),
		tipoEvento: 'CONTACTO_MENSAJE',
	});
	const [recent] = await bulkLeads(sandbox(), {
		count: 1,
		agencies: ['INMO-001'],
		from: at(2),
		to: at(2),
		tipoEvento: 'CONTACTO_MENSAJE',
	});
	const idsOf = async (parameters: IDataObject) =>
		(await leads(parameters)).map((lead) => lead.messageId);

	expect(await idsOf({})).toEqual(expect.arrayContaining([recent]));
	expect(await idsOf({})).not.toContain(old);
	expect(await idsOf({ since: '={{ $today.minus({ days: 7 }).toISO() }}' })).toEqual(
		expect.arrayContaining([old, recent]),
	);
});

test('Since from an expression, as the examples write it: a date and time, or a Luxon date', async () => {
	const made = await makeLead(sandbox(), 'INMO-001', { tipoEvento: 'CONTACTO_MENSAJE' });
	for (const since of [
		'={{ $today.minus({ days: 30 }).toISO() }}',
		'={{ $today.minus({ days: 3 }) }}',
	]) {
		const listed = await leads({ since });
		expect(listed.map((lead) => lead.messageId)).toContain(made);
	}
	expect(await leads({ since: '={{ $today.plus({ days: 2 }).toISO() }}' })).toEqual([]);
});

test('Simplify off gives the items as the portal lists them', async () => {
	const made = await makeLead(sandbox(), 'INMO-001', { tipoEvento: 'CONTACTO_MENSAJE' });
	const raw = (await leads({ simplify: false })).find((item) => item.idMensaje === made);
	expect(raw).toMatchObject({ idMensaje: made, textoMensaje: expect.any(String) });
	expect(raw).not.toHaveProperty('leadKey');
});

test('a Portuguese credential whose spelling the portal refuses reads the Spanish one, and remembers it', async () => {
	const made = await makeLead(sandbox(), 'INMO-001', { tipoEvento: 'CONTACTO_MENSAJE' });
	const proxy = await freshBaseUrl((url) =>
		url.pathname === SPELLINGS.pt
			? { status: 404, body: { code: 'not_found', message: 'Not Found' } }
			: undefined,
	);
	const credentials = { pathLanguage: 'pt', baseUrl: proxy.baseUrl };
	expect((await leads({}, credentials)).map((lead) => lead.messageId)).toContain(made);
	expect((await leads({}, credentials)).map((lead) => lead.messageId)).toContain(made);
	expect(proxy.listCalls()).toEqual([SPELLINGS.pt, SPELLINGS.es, SPELLINGS.es]);
});

test('over every agency, a failing one fails the run naming it', async () => {
	await aimFault(sandbox(), 'INMO-002', { status: 500 });
	const failed = errorOf(await runPortal(sandbox(), getMany({ agencyScope: 'all' })));
	expect(failed.message).toBe('The portal failed to process the request (HTTP 500)');
	expect(failed.description).toMatch(/^Reading the leads of agency INMO-002\. Try again later\./);
});
