/**
 * The shape of a seeded world: what seed.ts generates (and network.ts adds to) and what the
 * state (state.ts) is built from.
 */
import type { InterfaceKind } from '../nodes/shared/schemas';
import type { AdRecord, AgencyRecord, ClientRecord, DevelopmentRecord } from './model';

export interface SeededInterface {
	id: string;
	integrator: string;
	kind: InterfaceKind;
	token: string;
	agencies: string[];
	callbackAccess: boolean;
	client: { clientId: string; clientSecret: string };
}

export interface AgencyPlan {
	agency: AgencyRecord;
	online: number;
	offline: number;
	/** Who the seeded associations belong to, and the code prefix they use. */
	associatedTo: { interfaceId: string; prefix: string } | null;
}

export interface SeedAssociation {
	interfaceId: string;
	idAvisoPlat: number;
	codigoAviso: string;
}

export interface SeedData {
	/** The seeded interfaces, and the network's when it has agencies. */
	interfaces: SeededInterface[];
	agencies: AgencyRecord[];
	ads: AdRecord[];
	developments: DevelopmentRecord[];
	associations: SeedAssociation[];
	clients: ClientRecord[];
}
