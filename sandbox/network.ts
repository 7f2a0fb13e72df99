/**
 * A network of agencies behind one interface (`SANDBOX_AGENCIES=1000`): what integrators serving
 * hundreds or thousands of agencies see. The agencies NET-0001… are linked to the interface
 * `network-les` only, each with its online ads (`SANDBOX_AGENCY_ADS`), a few offline ones, and a few
 * leads over the day before the emulator started (`SANDBOX_AGENCY_LEADS`). Choices in
 * `BEHAVIOUR.network`.
 */
import { BEHAVIOUR } from './behaviour';
import { NEIGHBOURHOODS, prospect } from './catalog';
import type { AgencyRecord } from './model';
import type { Rng } from './rng';
import type { AgencyPlan, SeededInterface } from './seedData';
import type { SandboxState } from './state';

export interface NetworkSize {
	/** How many agencies; 0: no network (and no network interface). */
	agencies: number;
	/** Online ads of each agency. */
	adsPerAgency: number;
	/** Leads of each agency at start. */
	leadsPerAgency: number;
}

export const NO_NETWORK: NetworkSize = {
	agencies: 0,
	adsPerAgency: BEHAVIOUR.network.defaultAdsPerAgency,
	leadsPerAgency: BEHAVIOUR.network.defaultLeadsPerAgency,
};

const DAY_MS = 86_400_000;

/** NET-0001 … NET-1000: at least four digits, as many as the largest number needs. */
export function networkAgencyCodes(count: number): string[] {
	const digits = Math.max(4, String(count).length);
	return Array.from(
		{ length: count },
		(_unused, i) => `${BEHAVIOUR.network.codePrefix}-${String(i + 1).padStart(digits, '0')}`,
	);
}

export function networkInterfaceOf(network: NetworkSize): SeededInterface | null {
	if (network.agencies <= 0) return null;
	const { interfaceId, integrator, token, client } = BEHAVIOUR.network;
	return {
		id: interfaceId,
		integrator,
		kind: 'LES',
		token,
		agencies: networkAgencyCodes(network.agencies),
		callbackAccess: true,
		client: { ...client },
	};
}

/** The network's agencies, after the seeded ones: their ads come from the same generator. */
export function networkPlans(network: NetworkSize): AgencyPlan[] {
	const enabledSince = Date.UTC(2020, 0, 6, 13, 0, 0);
	const owner = {
		interfaceId: BEHAVIOUR.network.interfaceId,
		prefix: BEHAVIOUR.network.adCodePrefix,
	};
	return networkAgencyCodes(network.agencies).map((code, i) => {
		const agency: AgencyRecord = {
			codigoInmobiliaria: code,
			idPlat: BEHAVIOUR.network.firstIdPlat + i,
			nombre: `Inmobiliaria ${NEIGHBOURHOODS[i % NEIGHBOURHOODS.length].name} ${i + 1}`,
			habilitadoDesde: enabledSince + (i % 1_000) * DAY_MS,
			bloqueada: false,
			publishing: { plan: true, credits: true },
		};
		return {
			agency,
			online: network.adsPerAgency,
			offline: BEHAVIOUR.network.offlineAdsPerAgency,
			associatedTo: owner,
		};
	});
}

/**
 * The leads each network agency has when the emulator starts: `leadsPerAgency` on its online ads,
 * registered over the day before `now`, oldest first, messages and phone views alternately.
 */
export function seedNetworkLeads(
	state: SandboxState,
	network: NetworkSize,
	now: number,
	rng: Rng,
): void {
	const { leadsPerAgency } = network;
	if (leadsPerAgency <= 0) return;
	const span = BEHAVIOUR.network.seededLeadsSpanMs;
	const codes = networkAgencyCodes(network.agencies);
	for (let round = 0; round < leadsPerAgency; round++) {
		const at = now - span + Math.floor(((round + 0.5) * span) / leadsPerAgency);
		codes.forEach((code, i) => {
			const online = state.onlineAds(code);
			if (online.length === 0) return;
			state.recordMessage({
				kind: (i + round) % 2 === 0 ? 'CONTACTO_MENSAJE' : 'CONTACTO',
				ad: rng.pick(online),
				contact: prospect(i + round),
				at: at + i,
			});
		});
	}
}
