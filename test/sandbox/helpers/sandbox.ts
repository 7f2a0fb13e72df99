/** Starts one sandbox per test file (ephemeral loopback port) with clients for each interface. */
import { startSandbox, type Sandbox, type SandboxOptions } from '../../../sandbox';
import { portal, send, type Portal, type SendOptions } from './http';

export interface SandboxFixture {
	sandbox: Sandbox;
	les: Portal;
	lec: Portal;
	other: Portal;
	noCallbacks: Portal;
	anonymous: Portal;
	admin: {
		get: (path: string, query?: SendOptions['query']) => ReturnType<typeof send>;
		post: (path: string, body?: unknown) => ReturnType<typeof send>;
		put: (path: string, body?: unknown) => ReturnType<typeof send>;
		patch: (path: string, body?: unknown) => ReturnType<typeof send>;
		delete: (path: string) => ReturnType<typeof send>;
	};
}

export function useSandbox(options: SandboxOptions = {}): SandboxFixture {
	const fixture = {} as SandboxFixture;
	beforeAll(async () => {
		const sandbox = await startSandbox({ port: 0, ...options });
		const base = sandbox.url;
		Object.assign(fixture, {
			sandbox,
			les: portal(base, 'demo-les-token'),
			lec: portal(base, 'demo-lec-token'),
			other: portal(base, 'other-les-token'),
			noCallbacks: portal(base, 'nocallbacks-les-token'),
			anonymous: portal(base),
			admin: {
				get: (path: string, query?: SendOptions['query']) =>
					send(base, 'GET', `/__sandbox${path}`, { query }),
				post: (path: string, body?: unknown) => send(base, 'POST', `/__sandbox${path}`, { body }),
				put: (path: string, body?: unknown) => send(base, 'PUT', `/__sandbox${path}`, { body }),
				patch: (path: string, body?: unknown) => send(base, 'PATCH', `/__sandbox${path}`, { body }),
				delete: (path: string) => send(base, 'DELETE', `/__sandbox${path}`),
			},
		});
	});
	afterAll(async () => {
		await fixture.sandbox?.close();
	});
	return fixture;
}

export const AD_SUMMARY = '/v1/inmobiliarias/INMO-001/avisos/online/resumen';
export const AD_SUMMARY_PT = '/v1/imobiliarias/INMO-001/anuncios/online/resumo';
export const CALLBACKS = '/v1/configuracion/callbacks';
export const CALLBACKS_PT = '/v1/configuracao/callbacks';

/** Admin view of an agency's ads (every internal field), the oracle for filter tests. */
export interface AdminAd {
	idAvisoPlat: number;
	agencyCode: string;
	online: boolean;
	titulo: string;
	operacion: string;
	codigoMoneda: string;
	precio: number;
	tipoDePropiedad: number;
	ubicacion: { idUbicacion: string };
	idDesarrolloPlat: number | null;
	codigoDesarrollo: string | null;
	claveInterna: string | null;
	planDePublicacion: string;
}

export async function adminAds(
	fixture: SandboxFixture,
	agency = 'INMO-001',
	online?: boolean,
): Promise<AdminAd[]> {
	const answer = await fixture.admin.get(
		`/agencies/${agency}/ads`,
		online === undefined ? {} : { online },
	);
	return answer.json;
}

/** Every page of a shape-B list, concatenated. */
export async function allPages(
	client: Portal,
	path: string,
	query: SendOptions['query'] = {},
	size = 50,
) {
	const items: any[] = [];
	for (let page = 0; ; page++) {
		const answer = await client.get(path, {
			...query,
			'pageable.page': page,
			'pageable.size': size,
		});
		if (answer.status === 204) return items;
		items.push(...answer.json.content);
		if (items.length >= answer.json.total) return items;
	}
}

/** Waits until `count` delivery attempts match `query`, then reads them through GET /__sandbox/deliveries. */
export async function deliveryRecords(
	fixture: SandboxFixture,
	query: {
		idEvento?: string;
		interfaceId?: string;
		kind?: string;
		source?: string;
		outcome?: string;
	},
	count = 1,
	timeoutMs = 5_000,
): Promise<any[]> {
	const matches = (record: Record<string, unknown>) =>
		Object.entries(query).every(([key, value]) => record[key] === value);
	await fixture.sandbox.waitForDeliveries(
		(attempts) =>
			attempts.filter((a) => matches(a as unknown as Record<string, unknown>)).length >= count,
		timeoutMs,
	);
	return (await fixture.admin.get('/deliveries', query)).json;
}

/**
 * Asks `client`'s interface to simulate a CONTACTO on DEMO-0001 (INMO-001), delivered to
 * `callback`; answers the simulated event's idEvento.
 */
export async function simulateContact(
	client: Portal,
	callback: { url: string; authorizationHeaderValue?: string },
): Promise<string> {
	const answer = await client.post('/v1/callbacks/generacion/evento', {
		codigoAviso: 'DEMO-0001',
		codigoInmobiliaria: 'INMO-001',
		configuracionCallback: callback,
		contactEmail: 'a@example.com',
		tipoDeEvento: 'CONTACTO',
	});
	return answer.json.idEvento as string;
}
