/**
 * What the service knows, indexed for the questions the endpoints ask: interfaces by token, ads by
 * id, each agency's online ads in platform-id order, developments and their units. Ad records are
 * replaced, never mutated, when they change. Every change goes through a method here, which calls
 * `onChange` (the state file saves then: persistence/).
 */
import type { EventKind } from '../nodes/shared/schemas';
import { BEHAVIOUR, errors } from './behaviour';
import type { CallbackConfiguration } from './contract/callbackConfiguration';
import { contactTypeAt, type LeadKind } from './contract/contactTypes';
import type { Edition, PathLanguage } from './contract/editions';
import type {
	AdRecord,
	AgencyRecord,
	ClientRecord,
	DevelopmentRecord,
	InterfaceRecord,
	MessageRecord,
} from './model';
import type { SeedData } from './seedData';

/** The counters ids and turns are taken from: they only go up, so no id is given twice. */
export interface StateCounters {
	lastMessageId: number;
	lastAdId: number;
	contactTypeTurns: Record<LeadKind, number>;
}

export class SandboxState {
	readonly agencies = new Map<string, AgencyRecord>();
	readonly interfaces = new Map<string, InterfaceRecord>();
	private readonly ads = new Map<number, AdRecord>();
	private readonly developments = new Map<number, DevelopmentRecord>();
	private readonly interfacesByToken = new Map<string, InterfaceRecord>();
	private readonly clients = new Map<string, ClientRecord>();
	/** Per agency, its online ads in ascending idAvisoPlat. */
	private readonly onlineByAgency = new Map<string, AdRecord[]>();
	private readonly developmentsByAgency = new Map<string, DevelopmentRecord[]>();
	/** Per development, every unit (online or not) in ascending idAvisoPlat. */
	private readonly unitsByDevelopment = new Map<number, AdRecord[]>();
	/** Per agency, every lead made on its ads, by registration instant (the lead polling list). */
	private readonly messagesByAgency = new Map<string, MessageRecord[]>();
	private lastAdId = 0;
	private lastMessageId = 880_000_000;
	/** Per lead kind, how many leads were given a contact type in turn. */
	private readonly contactTypeTurns: Record<LeadKind, number> = {
		CONTACTO: 0,
		CONTACTO_MENSAJE: 0,
	};

	/** The seeded ads by id, as generated: what a saved state leaves out. */
	private readonly seededAds = new Map<number, AdRecord>();
	/** Called after every change. */
	onChange: () => void = () => {};

	constructor(readonly seed: SeedData) {
		for (const agency of seed.agencies) {
			this.agencies.set(agency.codigoInmobiliaria, agency);
			this.onlineByAgency.set(agency.codigoInmobiliaria, []);
			this.developmentsByAgency.set(agency.codigoInmobiliaria, []);
		}
		for (const seeded of seed.interfaces) {
			const record: InterfaceRecord = {
				id: seeded.id,
				integrator: seeded.integrator,
				kind: seeded.kind,
				token: seeded.token,
				agencies: new Set(seeded.agencies),
				callbackAccess: seeded.callbackAccess,
				configuration: null,
				pathLanguage: 'es',
				edition: null,
				subscriptions: new Set<EventKind>(),
				codeByAdId: new Map(),
				adIdByCode: new Map(),
			};
			this.interfaces.set(record.id, record);
			this.interfacesByToken.set(record.token, record);
		}
		for (const client of seed.clients) this.clients.set(client.clientId, client);
		for (const development of seed.developments) {
			this.developments.set(development.idDesarrolloPlat, development);
			this.developmentsByAgency.get(development.agencyCode)?.push(development);
		}
		for (const ad of seed.ads) {
			this.store(ad);
			this.seededAds.set(ad.idAvisoPlat, ad);
			this.lastAdId = Math.max(this.lastAdId, ad.idAvisoPlat);
		}
		for (const { interfaceId, idAvisoPlat, codigoAviso } of seed.associations) {
			this.setAssociation(this.interfaces.get(interfaceId)!, idAvisoPlat, codigoAviso);
		}
	}

	interfaceByToken(token: string): InterfaceRecord | undefined {
		return this.interfacesByToken.get(token);
	}

	interfaceByClient(clientId: string, clientSecret: string): InterfaceRecord | undefined {
		const client = this.clients.get(clientId);
		if (!client || client.clientSecret !== clientSecret) return undefined;
		return this.interfaces.get(client.interfaceId);
	}

	/** The client id and secret of an interface's client-credentials login. */
	clientOf(interfaceId: string): { clientId: string; clientSecret: string } | null {
		const client = [...this.clients.values()].find((c) => c.interfaceId === interfaceId);
		return client ? { clientId: client.clientId, clientSecret: client.clientSecret } : null;
	}

	interfaceById(id: string): InterfaceRecord {
		const record = this.interfaces.get(id);
		if (!record) throw errors.notFound(`Unknown interface ${id}`);
		return record;
	}

	agenciesOf(caller: InterfaceRecord): AgencyRecord[] {
		return [...caller.agencies]
			.map((code) => this.agencies.get(code)!)
			.sort((a, b) => a.idPlat - b.idPlat);
	}

	/** The agency, when it exists AND is linked to the caller; otherwise 404 (isolation). */
	linkedAgency(caller: InterfaceRecord, code: string): AgencyRecord {
		const agency = this.agencies.get(code);
		if (!agency || !caller.agencies.has(code)) throw errors.agencyNotLinked(code);
		return agency;
	}

	agency(code: string): AgencyRecord {
		const agency = this.agencies.get(code);
		if (!agency) throw errors.notFound(`Unknown agency ${code}`);
		return agency;
	}

	onlineAds(agencyCode: string): readonly AdRecord[] {
		return this.onlineByAgency.get(agencyCode) ?? [];
	}

	allAds(agencyCode: string): AdRecord[] {
		return [...this.ads.values()].filter((ad) => ad.agencyCode === agencyCode);
	}

	findAd(idAvisoPlat: number): AdRecord | undefined {
		return this.ads.get(idAvisoPlat);
	}

	ad(idAvisoPlat: number): AdRecord {
		const ad = this.ads.get(idAvisoPlat);
		if (!ad) throw errors.notFound(`Unknown ad ${idAvisoPlat}`);
		return ad;
	}

	developmentsOf(agencyCode: string): readonly DevelopmentRecord[] {
		return this.developmentsByAgency.get(agencyCode) ?? [];
	}

	onlineUnits(development: DevelopmentRecord): AdRecord[] {
		const units = this.unitsByDevelopment.get(development.idDesarrolloPlat) ?? [];
		return units.filter((unit) => unit.online);
	}

	/** Interfaces linked to the agency, in seeding order. */
	interfacesLinkedTo(agencyCode: string): InterfaceRecord[] {
		return [...this.interfaces.values()].filter((i) => i.agencies.has(agencyCode));
	}

	associate(target: InterfaceRecord, ad: AdRecord, codigoAviso: string): void {
		if (!target.agencies.has(ad.agencyCode)) {
			throw errors.notFound(`Agency ${ad.agencyCode} is not linked to interface ${target.id}`);
		}
		if (target.codeByAdId.has(ad.idAvisoPlat)) throw errors.alreadyAssociated(ad.idAvisoPlat);
		const holder = target.adIdByCode.get(codigoAviso);
		if (holder !== undefined) throw errors.codeInUse(codigoAviso, holder);
		this.setAssociation(target, ad.idAvisoPlat, codigoAviso);
		this.onChange();
	}

	dissociate(target: InterfaceRecord, idAvisoPlat: number): void {
		const code = target.codeByAdId.get(idAvisoPlat);
		if (code === undefined)
			throw errors.notFound(`Ad ${idAvisoPlat} is not associated to ${target.id}`);
		target.codeByAdId.delete(idAvisoPlat);
		target.adIdByCode.delete(code);
		this.onChange();
	}

	/** Sets an association as it was saved, without the checks of `associate`. */
	setAssociation(target: InterfaceRecord, idAvisoPlat: number, codigoAviso: string) {
		const before = target.codeByAdId.get(idAvisoPlat);
		if (before !== undefined) target.adIdByCode.delete(before);
		target.codeByAdId.set(idAvisoPlat, codigoAviso);
		target.adIdByCode.set(codigoAviso, idAvisoPlat);
	}

	/** The callback configuration of an interface, set through the path language `pathLanguage`. */
	configure(
		target: InterfaceRecord,
		configuration: CallbackConfiguration,
		pathLanguage: PathLanguage,
	): void {
		target.configuration = configuration;
		target.pathLanguage = pathLanguage;
		this.onChange();
	}

	setSubscribed(target: InterfaceRecord, kind: EventKind, subscribed: boolean): void {
		if (subscribed) target.subscriptions.add(kind);
		else target.subscriptions.delete(kind);
		this.onChange();
	}

	/** The documentation edition of an interface's lead bodies; null: the default. */
	setEdition(target: InterfaceRecord, edition: Edition | null): void {
		target.edition = edition;
		this.onChange();
	}

	/** Replaces an ad's record with `next` (same id); answers the previous record. */
	replaceAd(next: AdRecord): AdRecord {
		const previous = this.ad(next.idAvisoPlat);
		this.store(next);
		this.onChange();
		return previous;
	}

	/** Adds a new ad with the next platform id. */
	addAd(build: (idAvisoPlat: number) => AdRecord): AdRecord {
		const ad = build(++this.lastAdId);
		this.agency(ad.agencyCode);
		this.store(ad);
		this.onChange();
		return ad;
	}

	/** Puts back a saved ad record (a changed seeded ad, or an added one). */
	restoreAd(ad: AdRecord): void {
		this.agency(ad.agencyCode);
		this.store(ad);
	}

	/** Every ad record held now. */
	adRecords(): IterableIterator<AdRecord> {
		return this.ads.values();
	}

	/** The seeded record of an ad, as generated; undefined for an ad added since. */
	seededAd(idAvisoPlat: number): AdRecord | undefined {
		return this.seededAds.get(idAvisoPlat);
	}

	private store(ad: AdRecord) {
		this.ads.set(ad.idAvisoPlat, ad);
		const online = this.onlineByAgency.get(ad.agencyCode)!;
		const at = partitionPoint(online, (kept) => kept.idAvisoPlat < ad.idAvisoPlat);
		const present = online[at]?.idAvisoPlat === ad.idAvisoPlat;
		if (ad.online && present) online[at] = ad;
		else if (ad.online) online.splice(at, 0, ad);
		else if (present) online.splice(at, 1);
		if (ad.idDesarrolloPlat !== null) this.storeUnit(ad.idDesarrolloPlat, ad);
	}

	private storeUnit(idDesarrolloPlat: number, unit: AdRecord) {
		const units = this.unitsByDevelopment.get(idDesarrolloPlat) ?? [];
		this.unitsByDevelopment.set(idDesarrolloPlat, units);
		const at = units.findIndex((u) => u.idAvisoPlat === unit.idAvisoPlat);
		if (at >= 0) units[at] = unit;
		else units.push(unit);
	}

	counters(): StateCounters {
		return {
			lastMessageId: this.lastMessageId,
			lastAdId: this.lastAdId,
			contactTypeTurns: { ...this.contactTypeTurns },
		};
	}

	/** Counters as saved: never below what this state already gave out. */
	restoreCounters(saved: StateCounters): void {
		this.lastMessageId = Math.max(this.lastMessageId, saved.lastMessageId);
		this.lastAdId = Math.max(this.lastAdId, saved.lastAdId);
		Object.assign(this.contactTypeTurns, saved.contactTypeTurns);
	}

	/**
	 * Records a lead for the polling endpoint with the next message id, in the agency's list by
	 * registration instant (a lead made with an earlier instant goes before later ones); answers it.
	 * Without a contact type, the kind's types take turns (contract/contactTypes.ts).
	 */
	recordMessage(
		lead: Omit<MessageRecord, 'idMensaje' | 'agencyCode' | 'contactTypeId'> & {
			contactTypeId?: number;
		},
	): MessageRecord {
		const record: MessageRecord = {
			...lead,
			contactTypeId:
				lead.contactTypeId ?? contactTypeAt(lead.kind, this.contactTypeTurns[lead.kind]++),
			idMensaje: ++this.lastMessageId,
			agencyCode: lead.ad.agencyCode,
		};
		this.listMessage(record);
		this.onChange();
		return record;
	}

	/** Puts a lead in its agency's list by registration instant, with the id it has (made, or saved). */
	listMessage(record: MessageRecord): void {
		const list = this.messagesByAgency.get(record.agencyCode) ?? [];
		this.messagesByAgency.set(record.agencyCode, list);
		list.splice(
			partitionPoint(list, (kept) => kept.at <= record.at),
			0,
			record,
		);
		const { messagesKept } = BEHAVIOUR.messages;
		if (list.length > messagesKept) list.splice(0, list.length - messagesKept);
	}

	/** Every lead kept, agency by agency, each agency's by registration instant. */
	allMessages(): MessageRecord[] {
		return [...this.messagesByAgency.values()].flat();
	}

	/** The agency's leads registered at or after `fromInstant`, oldest first. */
	messagesSince(agencyCode: string, fromInstant: number): readonly MessageRecord[] {
		const list = this.messagesByAgency.get(agencyCode) ?? [];
		return list.slice(partitionPoint(list, (kept) => kept.at < fromInstant));
	}

	/** Links an agency to an interface, or unlinks it (its lists then answer 404 to that interface). */
	setLinked(target: InterfaceRecord, agencyCode: string, linked: boolean): void {
		this.agency(agencyCode);
		if (linked) target.agencies.add(agencyCode);
		else target.agencies.delete(agencyCode);
		this.onChange();
	}
}

/**
 * The index of the first item of `list` for which `before` is false; `list` is ordered so that
 * `before` holds on a prefix of it (binary search: the online ads by id, the leads by instant).
 */
function partitionPoint<T>(list: readonly T[], before: (item: T) => boolean): number {
	let low = 0;
	let high = list.length;
	while (low < high) {
		const middle = (low + high) >>> 1;
		if (before(list[middle])) low = middle + 1;
		else high = middle;
	}
	return low;
}
