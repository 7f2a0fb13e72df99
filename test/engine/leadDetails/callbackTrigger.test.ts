/**
 * Property details on the callback trigger's leads (Add Property Details, on from version 2): the
 * ad's title, location, picture, operation and the agency's name read from the emulator (ad summary
 * shape A, which carries location and picture) through a proxy that counts the node's requests.
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
	forgetLookups,
	spanishLead,
	type AdOnRecord,
} from './support';

let sandbox: Sandbox;
let proxy: PortalProxy;
let receiver: WebhookReceiver;

beforeAll(async () => {
	sandbox = await startSandbox({ port: 0, adShape: 'A' });
	proxy = await portalProxy(sandbox.url, { holdMs: 0 });
});
afterAll(async () => {
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

/**
 * A lead on the ad that has its details. The first lead of an ad waits for the portal's answers;
 * on a machine too loaded to get them within 0.3 s it lands without them (as the test of a slow
 * portal shows), and the next lead of the ad has them from memory.
 */
async function detailedLeadOn(ad: AdOnRecord): Promise<IDataObject> {
	const first = await leadOn(ad);
	if (!String(first.detailsMissing).includes('within 300 ms')) return first;
	await new Promise((resolve) => setTimeout(resolve, 1_000));
	return await leadOn(ad);
}

it("a lead shows its property's title, location, picture, type, operation and its agency's name", async () => {
	const palermo = await associatedAd(sandbox, 'INMO-001');
	const norte = await associatedAd(sandbox, 'INMO-002');

	const first = await detailedLeadOn(palermo);
	const second = await detailedLeadOn(norte);

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

it('ten leads of one ad read its summary once: the details are kept in memory', async () => {
	const ad = await associatedAd(sandbox, 'INMO-001', 'demo-les', 2);
	const leads: IDataObject[] = [await detailedLeadOn(ad)];
	while (leads.length < 10) leads.push(await leadOn(ad));

	expect(leads.map((lead) => lead.adTitle)).toEqual(Array(10).fill(ad.titulo));
	expect(adSummaryReads(proxy, 'INMO-001')).toHaveLength(1);
	// Listed once, at activation (then not counted here) or at the first lead.
	expect(
		proxy.requests.filter((url) => url.pathname === '/v1/inmobiliarias').length,
	).toBeLessThanOrEqual(1);
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

it('a portal slow to give the details holds the lead 0.3 s at most; the next lead of the ad gets them', async () => {
	const ad = await associatedAd(sandbox, 'INMO-001', 'demo-les', 3);
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
	expect(next).toMatchObject(detailsOfRecord(ad, 'Inmobiliaria Demo Palermo'));
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
