/**
 * Lookup → Get Contact Types through n8n's engine: the portal's catalogue when it answers (a
 * loopback proxy serves it as recorded for the Brazilian edition), the package's seven known kinds,
 * marked as such, when it cannot be asked.
 */
import { jsonOf, runPortal, useSandbox } from '../action/support';
import { portalProxy, type PortalProxy } from '../action/portalProxy';

const sandbox = useSandbox();

const PORTUGUESE = '/v1/contatos/acoes';
const SPANISH = '/v1/contactos/acciones';

const open: PortalProxy[] = [];
afterEach(async () => {
	await Promise.all(open.splice(0).map((proxy) => proxy.close()));
});

async function portalAnswering(answers: Record<string, { status: number; body: unknown }>) {
	const proxy = await portalProxy(sandbox().url, {
		holdMs: 0,
		answer: (url) => answers[url.pathname],
	});
	open.push(proxy);
	return proxy;
}

const getContactTypes = async (proxy: PortalProxy, pathLanguage: 'es' | 'pt', simplify = true) =>
	await runPortal(
		sandbox(),
		{ resource: 'lookup', operation: 'getContactTypes', simplify },
		{ credentials: { baseUrl: proxy.url, pathLanguage } },
	);

const CATALOGUE = [
	{ id: 1, tipo: 'CONSULTA' },
	{ id: 10, tipo: 'DATOS_ANUNCIANTE_WHATSAPP' },
	{ id: 99, tipo: 'NOVO_TIPO' },
];

it('lists the catalogue in words, from the Portuguese path', async () => {
	const proxy = await portalAnswering({ [PORTUGUESE]: { status: 200, body: CATALOGUE } });

	const result = await getContactTypes(proxy, 'pt');

	expect(jsonOf(result)).toEqual([
		{ contactTypeId: 1, contactType: 'message', code: 'CONSULTA', source: 'portal' },
		{
			contactTypeId: 10,
			contactType: 'WhatsApp contact',
			code: 'DATOS_ANUNCIANTE_WHATSAPP',
			source: 'portal',
		},
		{ contactTypeId: 99, contactType: 'type 99', code: 'NOVO_TIPO', source: 'portal' },
	]);
});

it('finds the catalogue at the recorded spelling when the guessed Spanish one is unknown (404)', async () => {
	const proxy = await portalAnswering({
		[SPANISH]: { status: 404, body: { code: 'not_found', message: 'Not Found' } },
		[PORTUGUESE]: { status: 200, body: CATALOGUE },
	});

	const result = await getContactTypes(proxy, 'es', false);

	expect(jsonOf(result)).toEqual(CATALOGUE.map((entry) => ({ ...entry, source: 'portal' })));
});

it.each([401, 404])(
	'gives the seven known kinds, marked as the built-in list, when both spellings answer %i',
	async (status) => {
		const refused = { status, body: { code: 'refused', message: 'Refused' } };
		const proxy = await portalAnswering({ [SPANISH]: refused, [PORTUGUESE]: refused });

		const result = await getContactTypes(proxy, 'es');

		expect(result.status).toBe('success');
		const items = jsonOf(result);
		expect(items.map((item) => [item.contactTypeId, item.contactType])).toEqual([
			[1, 'message'],
			[2, 'call me back'],
			[3, 'visit request'],
			[6, 'phone view'],
			[10, 'WhatsApp contact'],
			[12, 'valuation request'],
			[15, 'visit request'],
		]);
		for (const item of items) {
			expect(item.source).toBe('built-in list of this package');
			expect(item.unavailable).toMatch(/catalogue could not be read/);
		}
	},
);
