/**
 * A state as the difference from its seeded world (./savedState.ts), and back. The seeded world is
 * generated again from the same `World`; only what changed since is written: interfaces'
 * configuration, subscriptions, edition, links and associations, ads changed or added, every lead
 * with its id and instant, the counters, and the deliveries still to be made.
 */
import type { PendingDelivery } from '../delivery';
import type { AdRecord, InterfaceRecord } from '../model';
import type { SandboxState } from '../state';
import {
	STATE_FILE_FORMAT,
	STATE_FILE_VERSION,
	type SavedInterface,
	type SavedState,
	type World,
} from './savedState';

/** Why a saved state cannot be put back into the world it names. */
export class SavedStateMismatch extends Error {}

const difference = <T>(from: Iterable<T>, without: Set<T>): T[] =>
	[...from].filter((item) => !without.has(item));

function savedInterface(state: SandboxState, record: InterfaceRecord): SavedInterface | null {
	const seeded = state.seed.interfaces.find((i) => i.id === record.id);
	const seededAgencies = new Set(seeded?.agencies ?? []);
	const seededCodes = new Map(
		state.seed.associations
			.filter((association) => association.interfaceId === record.id)
			.map((association) => [association.idAvisoPlat, association.codigoAviso]),
	);
	const saved: SavedInterface = {
		id: record.id,
		configuration: record.configuration,
		pathLanguage: record.pathLanguage,
		edition: record.edition,
		subscriptions: [...record.subscriptions],
		linked: difference(record.agencies, seededAgencies),
		unlinked: difference(seededAgencies, record.agencies),
		associated: [...record.codeByAdId].filter(([id, code]) => seededCodes.get(id) !== code),
		dissociated: [...seededCodes.keys()].filter((id) => !record.codeByAdId.has(id)),
	};
	const asSeeded =
		saved.configuration === null &&
		saved.pathLanguage === 'es' &&
		saved.edition === null &&
		[saved.subscriptions, saved.linked, saved.unlinked, saved.associated, saved.dissociated].every(
			(list) => list.length === 0,
		);
	return asSeeded ? null : saved;
}

export function snapshotOf(
	state: SandboxState,
	world: World,
	deliveries: readonly PendingDelivery[],
): SavedState {
	const adVersions: AdRecord[] = [];
	const versionOf = new Map<AdRecord, number>();
	/** The index of a record that is not the seeded one as generated; null for the seeded one. */
	const version = (ad: AdRecord): number | null => {
		if (state.seededAd(ad.idAvisoPlat) === ad) return null;
		let index = versionOf.get(ad);
		if (index === undefined) {
			index = adVersions.push(ad) - 1;
			versionOf.set(ad, index);
		}
		return index;
	};
	const currentAds = [...state.adRecords()]
		.map(version)
		.filter((index): index is number => index !== null);
	const leads = state.allMessages().map((record) => ({
		idMensaje: record.idMensaje,
		kind: record.kind,
		contactTypeId: record.contactTypeId,
		at: record.at,
		idAvisoPlat: record.ad.idAvisoPlat,
		adVersion: version(record.ad),
		contact: record.contact,
	}));
	return {
		format: STATE_FILE_FORMAT,
		version: STATE_FILE_VERSION,
		savedAt: new Date().toISOString(),
		world,
		counters: state.counters(),
		interfaces: [...state.interfaces.values()]
			.map((record) => savedInterface(state, record))
			.filter((saved): saved is SavedInterface => saved !== null),
		adVersions,
		currentAds,
		leads,
		deliveries: [...deliveries],
	};
}

function restoreInterface(state: SandboxState, saved: SavedInterface): void {
	const record = state.interfaces.get(saved.id);
	if (!record) {
		throw new SavedStateMismatch(`it names the interface ${saved.id}, which this world has not`);
	}
	record.configuration = saved.configuration;
	record.pathLanguage = saved.pathLanguage;
	record.edition = saved.edition;
	for (const kind of saved.subscriptions) record.subscriptions.add(kind);
	for (const code of saved.linked) record.agencies.add(code);
	for (const code of saved.unlinked) record.agencies.delete(code);
	for (const id of [...saved.dissociated, ...saved.associated.map(([adId]) => adId)]) {
		if (!state.findAd(id)) {
			throw new SavedStateMismatch(`${saved.id} has ad ${id} associated, which this world has not`);
		}
	}
	for (const id of saved.dissociated) if (record.codeByAdId.has(id)) state.dissociate(record, id);
	for (const [id, code] of saved.associated) state.setAssociation(record, id, code);
}

/** Puts a saved state back into `state`, freshly seeded from the same world; answers its deliveries. */
export function restoreSnapshot(state: SandboxState, saved: SavedState): PendingDelivery[] {
	const versionAt = (index: number): AdRecord => {
		const ad = saved.adVersions[index];
		if (!ad) throw new SavedStateMismatch(`it names the ad version ${index}, which it has not`);
		return ad;
	};
	for (const index of saved.currentAds) {
		const ad = versionAt(index);
		if (!state.agencies.has(ad.agencyCode)) {
			throw new SavedStateMismatch(
				`ad ${ad.idAvisoPlat} is of agency ${ad.agencyCode}, which this world has not`,
			);
		}
		state.restoreAd(ad);
	}
	for (const lead of saved.leads) {
		const ad =
			lead.adVersion === null ? state.seededAd(lead.idAvisoPlat) : versionAt(lead.adVersion);
		if (!ad) {
			throw new SavedStateMismatch(
				`lead ${lead.idMensaje} is on ad ${lead.idAvisoPlat}, which this world has not`,
			);
		}
		const { idAvisoPlat: _id, adVersion: _version, ...record } = lead;
		state.listMessage({ ...record, ad, agencyCode: ad.agencyCode });
	}
	for (const savedOne of saved.interfaces) restoreInterface(state, savedOne);
	state.restoreCounters(saved.counters);
	return saved.deliveries;
}
