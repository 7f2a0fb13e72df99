/**
 * Property details on the callback trigger's leads (Add Property Details, on from version 2): the
 * ad's title, location, picture, operation and the agency's name read from the emulator (ad summary
 * shape A, which carries location and picture) through a proxy that counts the node's requests. The
 * linked agencies' online ads are read at activation: leads take their details from memory.
 */
import type { IDataObject } from 'n8n-workflow';
import { startSandbox, type Sandbox } from '../../../sandbox';
import { admin, credentialData, credentialType, failOnce } from '../action/support';
import { portalProxy, type PortalProxy } from '../action/portalProxy';
import { RealEstatePortalTrigger } from '../../../nodes/RealEstatePortalTrigger/RealEstatePortalTrigger.node';
import { receiveWebhook, type WebhookReceiver } from '../harness';
import { portalSecret, post, startTrigger } from '../trigger/support';
import {
	adSummaryReads,
	associatedAd,
	detailsOfRecord,
	backgroundReadsEnded,
	forgetLookups,
	memoryHoldsAdsOf,
	newAssociatedAd,
	spanishLead,
	type AdOnRecord,
} from './support';

const AGENCIES = ['INMO-001', 'INMO-002'];

let sandbox: Sandbox;
let proxy: PortalProxy;
let receiver: WebhookReceiver;

beforeAll(async () => {
	sandbox = await startSandbox({ port: 0, adShape: 'A' });
	proxy = await portalProxy(sandbox.url, { holdMs: 0 });
});
afterAll(async () => {
	forgetLookups();
	await backgroundReadsEnded();
	await proxy.close();
	await sandbox.close();
});
beforeEach(async () => {
	sandbox.reset({ adShape: 'A' });
	forgetLookups();
	receiver = await startTrigger(sandbox, {
		credentials: { baseUrl: proxy.url },
		parameters: { propertyDetails: true },
	});
	await receiver.trigger.activate();
	await memoryHoldsAdsOf(sandbox, AGENCIES);
	proxy.requests.length = 0;
});
afterEach(async () => {
	await receiver.close();
});

/** A lead the emulator makes on the ad and delivers to the trigger; its item. */
async function leadOn(ad: AdOnRecord): Promise<IDataObject> {
	const already = receiver.received.length;
	const made = await admin(sandbox, 'POST', `/__sandbox/ads/${ad.idAvisoPlat}/leads`, {
		tipoEvento: 'CONTACTO_MENSAJE',
	});
	expect(made.status).toBe(200);
	const received = await receiver.waitForReceived(already + 1);
	return received[already].items[0].json;
}

it("a lead shows its property's title, location, picture, type, operation and its agency's name", async () => {
	const palermo = await associatedAd(sandbox, 'INMO-001');
	const norte = await associatedAd(sandbox, 'INMO-002');

	const first = await leadOn(palermo);
	const second = await leadOn(norte);

	expect(first).toMatchObject({
		adCode: palermo.adCode,
		...detailsOfRecord(palermo, 'Inmobiliaria Demo Palermo'),
	});
	// The interface is linked to two agencies and the body names none: both were asked.
	expect(second).toMatchObject({
		adCode: norte.adCode,
		...detailsOfRecord(norte, 'Demo Propiedades Norte'),
	});
	expect(first.adOperation).toMatch(/^(VENTA|ALQUILER|ALQUILER_TEMPORAL)$/);
});

it('leads on ads known ahead take their details from memory: no request reaches the portal, no credential is read', async () => {
	const ads = [
		...(await Promise.all(
			[0, 1, 2, 3, 4].map((nth) => associatedAd(sandbox, 'INMO-001', 'demo-les', nth)),
		)),
		...(await Promise.all(
			[0, 1, 2].map((nth) => associatedAd(sandbox, 'INMO-002', 'demo-les', nth)),
		)),
	];

	const reads = receiver.trigger.credentials.reads;
	const leads: IDataObject[] = [];
	for (const ad of ads) leads.push(await leadOn(ad));

	expect(leads.map((lead) => lead.adTitle)).toEqual(ads.map((ad) => ad.titulo));
	expect(leads.map((lead) => lead.agencyName)).toEqual([
		...Array(5).fill('Inmobiliaria Demo Palermo'),
		...Array(3).fill('Demo Propiedades Norte'),
	]);
	expect(proxy.requests).toEqual([]);
	// n8n reads a credential from its database and decrypts it: tens of ms a lead in a busy n8n.
	expect(receiver.trigger.credentials.reads - reads).toBe(0);
});

it('an ad put online after activation is looked up alone at its first lead, then kept', async () => {
	const ad = await newAssociatedAd(sandbox, 'INMO-001', 'NEW-0001');

	const first = await leadOn(ad);
	const reads = adSummaryReads(proxy, 'INMO-001').length;
	const second = await leadOn(ad);

	expect(first).toMatchObject({ adTitle: 'Recién publicado NEW-0001', detailsMissing: null });
	expect(second).toMatchObject({ adTitle: 'Recién publicado NEW-0001', detailsMissing: null });
	// Filtered to the ad (and by operation beside it), never the whole summary again meanwhile.
	expect(reads).toBe(1);
	expect(adSummaryReads(proxy, 'INMO-001')[0].searchParams.get('codigoAviso')).toBe('NEW-0001');
	expect(adSummaryReads(proxy, 'INMO-001')).toHaveLength(1);
});

it('a lead whose ad the portal does not list lands at once, its details empty and the reason given', async () => {
	const answer = await post(receiver.url('production'), spanishLead('NO-SUCH-AD'), {
		secret: await portalSecret(sandbox),
	});
	expect(answer.status).toBe(200);
	const [received] = await receiver.waitForReceived(1);

	expect(received.items[0].json).toMatchObject({
		name: 'Ana Pérez',
		adCode: 'NO-SUCH-AD',
		adTitle: null,
		adLocation: null,
		adImageUrl: null,
		agencyName: null,
		detailsMissing: expect.stringMatching(/^The ad is not online at the portal/),
	});
});

it("a portal slow to give a new ad's details holds the lead 0.3 s at most; the next lead of the ad gets them", async () => {
	const ad = await newAssociatedAd(sandbox, 'INMO-001', 'NEW-0002');
	// The ad's summary answers "wait 1 s" once: the transport waits and asks again.
	await failOnce(sandbox, {
		path: '^/v1/inmobiliarias/INMO-001/avisos/online/resumen',
		status: 429,
		headers: { 'retry-after': '1' },
		times: 1,
	});

	const late = await leadOn(ad);
	expect(late).toMatchObject({
		adCode: ad.adCode,
		adTitle: null,
		detailsMissing: expect.stringContaining('within 300 ms'),
	});
	expect(receiver.received[0].status).toBe(200);

	await new Promise((resolve) => setTimeout(resolve, 1_500));
	const next = await leadOn(ad);
	expect(next).toMatchObject({
		adTitle: 'Recién publicado NEW-0002',
		agencyName: 'Inmobiliaria Demo Palermo',
		detailsMissing: null,
	});
	expect(adSummaryReads(proxy, 'INMO-001')).toHaveLength(2);
});

it('version 1 workflows keep their leads as they were: no details, no requests', async () => {
	await receiver.close();
	receiver = await receiveWebhook({
		nodeType: RealEstatePortalTrigger,
		typeVersion: 1,
		parameters: {},
		credentials: { realEstatePortalApi: credentialData(sandbox, { baseUrl: proxy.url }) },
		credentialTypes: [credentialType],
	});
	await receiver.trigger.activate();
	const ad = await associatedAd(sandbox, 'INMO-001');
	proxy.requests.length = 0;

	const lead = await leadOn(ad);

	expect(lead).not.toHaveProperty('adTitle');
	expect(proxy.requests).toEqual([]);
});

describe('memory kept warm', () => {
	afterEach(() => jest.restoreAllMocks());

	/** The clock of this process (the node's, the emulator's) moved on by `ms`. */
	function clockMovedOn(ms: number) {
		const realNow = Date.now.bind(Date);
		jest.spyOn(Date, 'now').mockImplementation(() => realNow() + ms);
	}

	/** Leads on the ad, one after the other, until one has the title (at most 40); that lead. */
	async function firstLeadTitled(ad: AdOnRecord, title: string): Promise<IDataObject | undefined> {
		for (let lead = 0; lead < 40; lead++) {
			const item = await leadOn(ad);
			if (item.adTitle === title) return item;
			await new Promise((resolve) => setTimeout(resolve, 100));
		}
		return undefined;
	}

	/** Requests for the agency's whole online summary (not filtered to one ad). */
	const wholeSummaryReads = (agencyCode: string) =>
		adSummaryReads(proxy, agencyCode).filter((url) => !url.searchParams.has('codigoAviso'));

	it('past five minutes, a lead gets the details held at once; its agency is read again in the background for the next leads', async () => {
		const ad = await associatedAd(sandbox, 'INMO-001', 'demo-les', 1);
		await admin(sandbox, 'PATCH', `/__sandbox/ads/${ad.idAvisoPlat}`, { titulo: 'Título nuevo' });
		clockMovedOn(6 * 60_000);

		const first = await leadOn(ad);
		const later = await firstLeadTitled(ad, 'Título nuevo');

		expect(first).toMatchObject({ adTitle: ad.titulo, detailsMissing: null });
		expect(later).toMatchObject({ adTitle: 'Título nuevo', detailsMissing: null });
		expect(wholeSummaryReads('INMO-001')).toHaveLength(1);
	});

	it("an ad change event (AVISO_ACTIVIDAD) has the ad's agency read again: the next leads get its new title", async () => {
		await receiver.close();
		receiver = await startTrigger(sandbox, {
			credentials: { baseUrl: proxy.url },
			parameters: {
				propertyDetails: true,
				events: ['CONTACTO', 'CONTACTO_MENSAJE', 'AVISO_ACTIVIDAD'],
			},
		});
		await receiver.trigger.activate();
		await memoryHoldsAdsOf(sandbox, AGENCIES);
		const ad = await associatedAd(sandbox, 'INMO-001', 'demo-les', 2);
		// Within the five minutes the books stay fresh, past the half minute a change waits for.
		clockMovedOn(31_000);
		proxy.requests.length = 0;

		await admin(sandbox, 'PATCH', `/__sandbox/ads/${ad.idAvisoPlat}`, { titulo: 'Otro título' });
		const [change] = await receiver.waitForReceived(1);
		expect(change.items[0].json).toMatchObject({ eventType: 'AVISO_ACTIVIDAD' });
		const later = await firstLeadTitled(ad, 'Otro título');

		expect(later).toMatchObject({ adTitle: 'Otro título', detailsMissing: null });
		expect(wholeSummaryReads('INMO-001')).toHaveLength(1);
		expect(wholeSummaryReads('INMO-002')).toHaveLength(0);
	});
});
