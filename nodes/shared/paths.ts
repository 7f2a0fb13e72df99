/**
 * The one table of the service's paths, in both path languages (docs/portal-api.md, "Endpoints").
 * `{name}` placeholders are filled, URL-encoded, by `buildPath`.
 */
export type PathLanguage = 'es' | 'pt';

export type HttpMethod = 'GET' | 'PUT' | 'POST' | 'DELETE';

export interface PathEntry {
	method: HttpMethod;
	es: string;
	pt: string;
	/** Safe to repeat after a failure: the transport retries only these. */
	idempotent: boolean;
	/**
	 * When the chosen spelling is refused (401 or 404), the other is tried once, and the one that
	 * answered is remembered for the credential's base URL (pathSpelling.ts): spellings integrators
	 * report rather than the specification's.
	 */
	trySpellings?: boolean;
	/** A spelling nobody has recorded: chosen by analogy, marked so. */
	guessed?: PathLanguage;
}

export const PATHS = {
	login: {
		method: 'POST',
		es: '/v1/application/login',
		pt: '/v1/application/login',
		idempotent: false,
	},
	listAgencies: {
		method: 'GET',
		es: '/v1/inmobiliarias',
		pt: '/v1/imobiliarias',
		idempotent: true,
	},
	listOperations: { method: 'GET', es: '/v1/operaciones', pt: '/v1/operacoes', idempotent: true },
	listCurrencies: { method: 'GET', es: '/v1/monedas', pt: '/v1/moedas', idempotent: true },
	adSummary: {
		method: 'GET',
		es: '/v1/inmobiliarias/{agencyCode}/avisos/online/resumen',
		pt: '/v1/imobiliarias/{agencyCode}/anuncios/online/resumo',
		idempotent: true,
	},
	developmentSummary: {
		method: 'GET',
		es: '/v1/inmobiliarias/{agencyCode}/desarrollos/online/resumen',
		pt: '/v1/imobiliarias/{agencyCode}/lancamentos/online/resumo',
		idempotent: true,
	},
	associateAd: {
		method: 'PUT',
		es: '/v1/inmobiliarias/{agencyCode}/avisos/{adCode}/asociar/{adId}',
		pt: '/v1/imobiliarias/{agencyCode}/anuncios/{adCode}/asociar/{adId}',
		// Repeating it answers "already associated", which callers may treat as success.
		idempotent: false,
	},
	getCallbackConfiguration: {
		method: 'GET',
		es: '/v1/configuracion/callbacks',
		pt: '/v1/configuracao/callbacks',
		idempotent: true,
	},
	setCallbackConfiguration: {
		method: 'PUT',
		es: '/v1/configuracion/callbacks',
		pt: '/v1/configuracao/callbacks',
		idempotent: true,
	},
	subscribeEvent: {
		method: 'PUT',
		es: '/v1/configuracion/callbacks/{eventKind}',
		pt: '/v1/configuracao/callbacks/{eventKind}',
		idempotent: true,
	},
	unsubscribeEvent: {
		method: 'DELETE',
		es: '/v1/configuracion/callbacks/{eventKind}',
		pt: '/v1/configuracao/callbacks/{eventKind}',
		idempotent: true,
	},
	simulateLeadEvent: {
		method: 'POST',
		es: '/v1/callbacks/generacion/evento',
		pt: '/v1/callbacks/geracao/eventos',
		idempotent: false,
	},
	simulateCreditEvent: {
		method: 'POST',
		es: '/v1/callbacks/generacion/evento/credito',
		// The Portuguese edition writes the lead path for credit simulations as well.
		pt: '/v1/callbacks/geracao/eventos',
		idempotent: false,
	},
	/**
	 * Lead polling, read by plans without callbacks too (docs/portal-api.md). Note the version
	 * segment v2. The Portuguese spelling is the one integrators of the Brazilian edition call.
	 */
	listMessages: {
		method: 'GET',
		es: '/v2/inmobiliarias/{agencyCode}/mensajes',
		pt: '/v2/imobiliarias/{agencyCode}/mensagens',
		idempotent: true,
		trySpellings: true,
	},
	/** The contact types' catalogue, recorded for the Brazilian edition; the Spanish spelling is a GUESS. */
	listContactTypes: {
		method: 'GET',
		es: '/v1/contactos/acciones',
		pt: '/v1/contatos/acoes',
		idempotent: true,
		trySpellings: true,
		guessed: 'es',
	},
} as const satisfies Record<string, PathEntry>;

export type PortalOperation = keyof typeof PATHS;

export function buildPath(
	operation: PortalOperation,
	language: PathLanguage,
	params: Record<string, string | number> = {},
): string {
	const template: string = PATHS[operation][language];
	return template.replace(/\{(\w+)\}/g, (_whole, name: string) => {
		const value = params[name];
		if (value === undefined || value === '') {
			throw new Error(`Path parameter "${name}" is missing for ${operation}`);
		}
		return encodeURIComponent(String(value));
	});
}
