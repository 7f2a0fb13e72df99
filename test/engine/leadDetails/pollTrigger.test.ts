/**
 * Property details on the Poll Trigger's New Lead items (Add Property Details, on from version 2),
 * for one agency's interface and for a network of 1,000 agencies: each lead carries its ad's and
 * agency's details. The linked agencies' online ads are read from the first poll on, in the
 * background: an agency's summary is read once however many of its leads a poll brings.
 */
import type { IDataObject } from 'n8n-workflow';
import { startSandbox, type Sandbox } from '../../../sandbox';
import { admin } from '../action/support';
import { portalProxy, type PortalProxy } from '../action/portalProxy';
import { NETWORK_TOKEN, bulkLeads, emitted, pollWorkflow } from '../pollTrigger/support';
import {
	adSummaryReads,
	associatedAd,
	detailsOfRecord,
	backgroundReadsEnded,
	forgetLookups,
	memoryHoldsAdsOf,
} from './support';

let sandbox: Sandbox;
let proxy: PortalProxy;

beforeAll(async () => {
	sandbox = await startSandbox({
		port: 0,
		adShape: 'A',
		agencies: 1_000,
		agencyAds: 3,
		agencyLeads: 0,
	});
	proxy = await portalProxy(sandbox.url, { holdMs: 0 });
});
afterAll(async () => {
	forgetLookups();
	await backgroundReadsEnded();
	await proxy.close();
	await sandbox.close();
});
beforeEach(() => {
	sandbox.reset({ adShape: 'A' });
	forgetLookups();
	proxy.requests.length = 0;
});

const withDetails = { propertyDetails: true };

async function leadOn(idAvisoPlat: number): Promise<void> {
	const made = await admin(sandbox, 'POST', `/__sandbox/ads/${idAvisoPlat}/leads`, {
		tipoEvento: 'CONTACTO_MENSAJE',
	});
	expect(made.status).toBe(200);
}

/** The network's agency names, as the portal lists them to the network interface. */
async function networkAgencyNames(): Promise<Map<string, string>> {
	const names = new Map<string, string>();
	for (let page = 0; page < 5; page++) {
		const query = `access_token=${NETWORK_TOKEN}&pageable.page=${page}&pageable.size=200`;
		const answer = await fetch(`${sandbox.url}/v1/inmobiliarias?${query}`);
		const { content } = (await answer.json()) as { content: IDataObject[] };
		for (const agency of content) {
			names.set(agency.codigoInmobiliaria as string, agency.nombre as string);
		}
	}
	return names;
}

it("each new lead carries its property's title, location, picture, operation and its agency's name", async () => {
	const workflow = pollWorkflow(sandbox, {
		parameters: withDetails,
		credentials: { baseUrl: proxy.url },
	});
	await workflow.activate();
	const palermo = await associatedAd(sandbox, 'INMO-001');
	await leadOn(palermo.idAvisoPlat);

	const [lead] = emitted(await workflow.poll());

	expect(lead).toMatchObject({
		agencyCode: 'INMO-001',
		adCode: palermo.adCode,
		...detailsOfRecord(palermo, 'Inmobiliaria Demo Palermo'),
	});
});

it('fifty leads of one ad in a poll take their details from memory: no ad summary is read for them', async () => {
	const workflow = pollWorkflow(sandbox, {
		parameters: withDetails,
		credentials: { baseUrl: proxy.url },
	});
	await workflow.activate();
	await memoryHoldsAdsOf(sandbox, ['INMO-001', 'INMO-002']);
	const norte = await associatedAd(sandbox, 'INMO-002');
	for (let i = 0; i < 50; i++) await leadOn(norte.idAvisoPlat);
	proxy.requests.length = 0;

	const leads = emitted(await workflow.poll());

	expect(leads).toHaveLength(50);
	expect(new Set(leads.map((lead) => lead.adTitle)).size).toBe(1);
	expect(leads[0]).toMatchObject(detailsOfRecord(norte, 'Demo Propiedades Norte'));
	expect(leads.every((lead) => lead.agencyName === 'Demo Propiedades Norte')).toBe(true);
	expect(adSummaryReads(proxy, 'INMO-002')).toHaveLength(0);
});

it("a network of 1,000 agencies: 200 leads over 200 agencies, each with its own agency and ad, each agency's summary read once", async () => {
	const workflow = pollWorkflow(sandbox, {
		parameters: withDetails,
		credentials: { baseUrl: proxy.url, accessToken: NETWORK_TOKEN },
	});
	// The first poll starts reading the 1,000 agencies' ads in the background; the next one does not
	// wait for that to end.
	await workflow.activate();
	const now = Date.now();
	await bulkLeads(sandbox, { count: 200, from: now - 60_000, to: now });

	const leads = emitted(await workflow.poll());

	expect(leads).toHaveLength(200);
	expect(new Set(leads.map((lead) => lead.agencyCode)).size).toBe(200);
	const names = await networkAgencyNames();
	for (const lead of leads) expect(lead.agencyName).toBe(names.get(lead.agencyCode as string));
	// The emulator lists leads on ads the interface gave no code to as well: those name no ad (until
	// the flat lead carries the platform's ad id).
	const named = leads.filter((lead) => lead.adCode !== null || lead.platformAdId !== null);
	expect(named.length).toBeGreaterThan(50);
	expect(named.filter((lead) => lead.detailsMissing !== null)).toEqual([]);
	for (const lead of named) expect(lead.adTitle).toEqual(expect.any(String));
	for (const lead of leads.filter((one) => !named.includes(one))) {
		expect(lead).toMatchObject({ adTitle: null, detailsMissing: 'The lead names no ad' });
	}
	// Each agency's whole summary at most once (its book), a lead's agency's among them; an ad never alone.
	const reads = proxy.requests.filter(
		(url) => url.pathname.endsWith('/avisos/online/resumen') && !url.searchParams.has('operacion'),
	);
	expect(reads.filter((url) => url.searchParams.has('codigoAviso'))).toEqual([]);
	const readsPerAgency = new Map<string, number>();
	for (const url of reads)
		readsPerAgency.set(url.pathname, (readsPerAgency.get(url.pathname) ?? 0) + 1);
	expect([...readsPerAgency.values()].filter((count) => count > 1)).toEqual([]);
	for (const lead of named) {
		expect(
			readsPerAgency.get(`/v1/inmobiliarias/${lead.agencyCode as string}/avisos/online/resumen`),
		).toBe(1);
	}
}, 60_000);

describe('a lead whose details the portal fails to give', () => {
	let failing = true;
	let failingProxy: PortalProxy;
	beforeAll(async () => {
		failingProxy = await portalProxy(sandbox.url, {
			holdMs: 0,
			answer: (url) =>
				failing && url.pathname.endsWith('/avisos/online/resumen')
					? { status: 500, body: { message: 'Internal Server Error' } }
					: undefined,
		});
	});
	afterAll(async () => await failingProxy.close());
	beforeEach(() => {
		failing = true;
	});

	/** A workflow activated behind the failing proxy, then a lead on Palermo's ad. */
	async function activatedThenALead() {
		const workflow = pollWorkflow(sandbox, {
			parameters: withDetails,
			credentials: { baseUrl: failingProxy.url },
		});
		await workflow.activate();
		await leadOn((await associatedAd(sandbox, 'INMO-001')).idAvisoPlat);
		return workflow;
	}

	it('is held back to a later poll and emitted once, with them, once the portal gives them', async () => {
		const workflow = await activatedThenALead();

		expect(emitted(await workflow.poll())).toEqual([]);
		expect(emitted(await workflow.poll())).toEqual([]);
		failing = false;
		// Memory reads a failed book again 30 s after the failure (ages.ts): here at once.
		forgetLookups();
		const [lead, ...more] = emitted(await workflow.poll());
		const again = emitted(await workflow.poll());

		const palermo = await associatedAd(sandbox, 'INMO-001');
		expect(more).toEqual([]);
		expect(lead).toMatchObject(detailsOfRecord(palermo, 'Inmobiliaria Demo Palermo'));
		expect(again).toEqual([]);
	});

	it('is held 10 minutes at most: then it is emitted once, without them, saying why', async () => {
		const workflow = await activatedThenALead();
		expect(emitted(await workflow.poll())).toEqual([]);
		const held = workflow.liveNodeStaticData;
		const cursor = (held.leads as Record<string, IDataObject>)['INMO-001'];
		const heldSince = cursor.heldSince as Record<string, number>;
		expect(Object.keys(heldSince)).toHaveLength(1);
		// The same workflow started again, as if the first poll that held the lead ran 11 minutes ago.
		for (const key of Object.keys(heldSince)) heldSince[key] -= 11 * 60_000;
		await workflow.deactivate();
		const later = pollWorkflow(sandbox, {
			parameters: withDetails,
			credentials: { baseUrl: failingProxy.url },
			staticData: { [`node:${workflow.node.name}`]: held },
			workflowId: workflow.id,
		});

		// n8n polls at once when it starts with the workflow active.
		const [lead, ...more] = emitted(await later.activate('init'));

		expect(more).toEqual([]);
		expect(lead).toMatchObject({ adTitle: null });
		expect(lead.detailsMissing).toMatch(/could not be read/);
		expect(emitted(await later.poll())).toEqual([]);
	});
});
