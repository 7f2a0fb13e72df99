import { PORTAL_UTC_OFFSET_MINUTES } from '../../sandbox/contract/dates';
import type { adAdminView } from '../../sandbox/views';
import { fetchJson } from './httpJson';
import type { N8nPublicApi } from './n8nPublicApi';
import { CREDENTIAL_TYPE } from './examples';

/** The emulator's admin view of an ad: every internal field. */
type AdminAd = ReturnType<typeof adAdminView>;

/** The seeded read-write interface of the sandbox emulator and its access token. */
export const DEMO_INTERFACE = 'demo-les';
export const DEMO_TOKEN = 'demo-les-token';
/** The seeded read-only interface of the same integrator (the same agencies). */
export const DEMO_LEC_INTERFACE = 'demo-lec';
export const DEMO_LEC_TOKEN = 'demo-lec-token';
/** The emulator's network interface: agencies NET-0001… (`SANDBOX_AGENCIES`). */
export const NETWORK_TOKEN = 'network-les-token';
export const PORTAL_CREDENTIAL_NAME = 'Real Estate Portal (sandbox emulator)';

/** The credential's fields for an access token of the emulator at `baseUrl`. */
export function portalCredentialData(
	baseUrl: string,
	accessToken = DEMO_TOKEN,
	interfaceKind: 'LES' | 'LEC' = 'LES',
) {
	return {
		environment: 'sandbox',
		baseUrl,
		pathLanguage: 'es',
		interfaceKind,
		authentication: 'accessToken',
		accessToken,
	};
}

/** A Real Estate Portal API credential in n8n pointing at the emulator (public API). */
export async function createPortalCredential(
	api: N8nPublicApi,
	baseUrl: string,
	name = PORTAL_CREDENTIAL_NAME,
	accessToken = DEMO_TOKEN,
	interfaceKind: 'LES' | 'LEC' = 'LES',
) {
	return await api.createCredential({
		name,
		type: CREDENTIAL_TYPE,
		data: portalCredentialData(baseUrl, accessToken, interfaceKind),
	});
}

/** A credential for the emulator's read-only (LEC) demo interface. */
export async function createReadOnlyPortalCredential(api: N8nPublicApi, baseUrl: string) {
	const name = 'Real Estate Portal (read-only interface)';
	return await createPortalCredential(api, baseUrl, name, DEMO_LEC_TOKEN, 'LEC');
}

export interface CallbackConfiguration {
	url: string;
	authorizationHeaderKey?: string;
	authorizationHeaderValue?: string;
	lenguajeCallbackBody?: string;
}

export interface SandboxInterface {
	id: string;
	kind: 'LES' | 'LEC';
	configuration: CallbackConfiguration | null;
	subscriptions: string[];
	associations: Array<{ idAvisoPlat: number; codigoAviso: string }>;
}

/** The emulator's admin routes (`/__sandbox`, no token) and the service calls the tests make. */
export class SandboxClient {
	constructor(readonly baseUrl: string) {}

	async interface(id = DEMO_INTERFACE): Promise<SandboxInterface> {
		return (await fetchJson<SandboxInterface>('GET', `${this.baseUrl}/__sandbox/interfaces/${id}`))
			.body;
	}

	/** The secret the interface's callback now carries (a published trigger's), if any. */
	async callbackSecret(id = DEMO_INTERFACE): Promise<string | undefined> {
		return (await this.interface(id)).configuration?.authorizationHeaderValue ?? undefined;
	}

	async ads(agencyCode: string, online = true): Promise<AdminAd[]> {
		const url = `${this.baseUrl}/__sandbox/agencies/${agencyCode}/ads?online=${online}`;
		return (await fetchJson<AdminAd[]>('GET', url)).body;
	}

	/**
	 * A lead on an online ad, routed to every interface the ad is associated to: its polled message
	 * id and its event IDs.
	 */
	async lead(adId: number, lead: Record<string, unknown> = {}) {
		const url = `${this.baseUrl}/__sandbox/ads/${adId}/leads`;
		const answer = await fetchJson<{
			idMensaje: number;
			events: Array<{ idEvento: string; interfaceId: string }>;
		}>('POST', url, { body: lead });
		return answer.body;
	}

	/** A lead on an online ad (see `lead`): its event IDs. */
	async createLead(adId: number, lead: Record<string, unknown> = {}) {
		return (await this.lead(adId, lead)).events;
	}

	/** The first online ad of `agencyCode` associated to the interface (leads on it reach n8n). */
	async associatedOnlineAd(agencyCode = 'INMO-001', interfaceId = DEMO_INTERFACE) {
		const online = new Set((await this.ads(agencyCode)).map((ad) => ad.idAvisoPlat));
		const association = (await this.interface(interfaceId)).associations.find((a) =>
			online.has(a.idAvisoPlat),
		);
		if (!association)
			throw new Error(`no online ad of ${agencyCode} is associated to ${interfaceId}`);
		return association;
	}

	/**
	 * Associates online ads of `agencyCode` to the read-only interface under the read-write
	 * interface's codes (admin route): leads on them then reach both interfaces, each with its own
	 * event id. Answers the platform ids of the ads associated to both.
	 */
	async associateToLec(agencyCode = 'INMO-001'): Promise<number[]> {
		const online = new Set((await this.ads(agencyCode)).map((ad) => ad.idAvisoPlat));
		const shared = (await this.interface()).associations.filter((a) => online.has(a.idAvisoPlat));
		for (const { idAvisoPlat, codigoAviso } of shared) {
			const url = `${this.baseUrl}/__sandbox/interfaces/${DEMO_LEC_INTERFACE}/associations/${idAvisoPlat}`;
			await fetchJson('PUT', url, { body: { codigoAviso } });
		}
		return shared.map((a) => a.idAvisoPlat);
	}

	/** A call to the service itself with the demo interface's token. */
	async service<T>(method: string, path: string, body?: unknown, token = DEMO_TOKEN): Promise<T> {
		const separator = path.includes('?') ? '&' : '?';
		return (
			await fetchJson<T>(method, `${this.baseUrl}${path}${separator}access_token=${token}`, {
				body,
			})
		).body;
	}
}

/** Leads in bulk (POST /__sandbox/leads): their polled ids, in the order made. */
export async function bulkLeads(sandbox: { url: string }, body: object): Promise<number[]> {
	const url = `${sandbox.url}/__sandbox/leads`;
	const made = (await fetchJson<{ created: number; firstIdMensaje: number }>('POST', url, { body }))
		.body;
	return Array.from({ length: made.created }, (_unused, i) => made.firstIdMensaje + i);
}

/**
 * The portal's local day (the emulator's offset) `days` after today: its first instant and its
 * yyyyMMdd, the lead list's `fromDate`.
 */
export function portalDay(days: number): { start: number; day: string } {
	const offsetMs = PORTAL_UTC_OFFSET_MINUTES * 60_000;
	const local = new Date(Date.now() + offsetMs);
	const midnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + days);
	return {
		start: midnight - offsetMs,
		day: new Date(midnight).toISOString().slice(0, 10).replace(/-/g, ''),
	};
}
