/**
 * English 2 bodies name no agency (docs/portal-api.md, "Lead bodies"): here someone set the
 * callback's body language to EN2 at the portal after the trigger registered. The trigger fills
 * the agency when the interface is linked to a single one, and only then, also when a second agency
 * is linked while the workflow is published.
 */
import type { IDataObject } from 'n8n-workflow';
import type { WebhookReceiver } from '../harness';
import { AGENCY_LIST_MAX_AGE_MS } from '../../../nodes/RealEstatePortalTrigger/soleAgency';
import { failOnce } from '../action/support';
import { admin, bodiesAtThePortalIn, interfaceState, useTriggerSandbox } from './support';

const env = useTriggerSandbox();

async function leadOnFirstOnlineAd(agencyCode: string, interfaceId: string): Promise<IDataObject> {
	const sandbox = env.sandbox;
	const ads = (await admin(sandbox, 'GET', `/__sandbox/agencies/${agencyCode}/ads?online=true`))
		.json as Array<{ idAvisoPlat: number }>;
	const state = await interfaceState(sandbox, interfaceId);
	const ad = ads.find((one) => state.associations.some((a) => a.idAvisoPlat === one.idAvisoPlat))!;
	const answer = await admin(sandbox, 'POST', `/__sandbox/ads/${ad.idAvisoPlat}/leads`, {
		tipoEvento: 'CONTACTO',
	});
	expect(answer.status).toBe(200);
	return answer.json as IDataObject;
}

/** A published trigger on other-les, linked to INMO-900 alone, keeping only INMO-900's events. */
async function onlyInmo900(): Promise<WebhookReceiver> {
	const receiver = await env.trigger({
		credentials: { accessToken: 'other-les-token' },
		parameters: { options: { agencyCodes: 'INMO-900' } },
	});
	await receiver.trigger.activate();
	await bodiesAtThePortalIn(env.sandbox, 'EN2', 'other-les');
	return receiver;
}

/** From now on, later than the time the trigger trusts its last reading of the agencies. */
function afterTheAgencyReadingExpires(): void {
	const realNow = Date.now.bind(Date);
	jest.spyOn(Date, 'now').mockImplementation(() => realNow() + AGENCY_LIST_MAX_AGE_MS + 1_000);
}

afterEach(() => jest.restoreAllMocks());

it("fills agencyCode with the interface's only agency, and the agency filter passes the lead", async () => {
	const receiver = await onlyInmo900();

	await leadOnFirstOnlineAd('INMO-900', 'other-les');
	const [received] = await receiver.waitForReceived(1);

	expect(received.items.map((item) => item.json)).toEqual([
		expect.objectContaining({ eventType: 'CONTACTO', agencyCode: 'INMO-900' }),
	]);
});

it('leaves agencyCode empty when the interface has several agencies: the body does not say which', async () => {
	const receiver = await env.trigger();
	await receiver.trigger.activate();
	await bodiesAtThePortalIn(env.sandbox, 'EN2');

	await leadOnFirstOnlineAd('INMO-001', 'demo-les');
	const [received] = await receiver.waitForReceived(1);

	expect(received.items.map((item) => item.json)).toEqual([
		expect.objectContaining({ eventType: 'CONTACTO', agencyCode: null }),
	]);
});

it("stops filling the first agency's code once a second agency is linked after activation", async () => {
	const sandbox = env.sandbox;
	const receiver = await onlyInmo900();
	const [ad] = (await admin(sandbox, 'GET', '/__sandbox/agencies/INMO-001/ads?online=true'))
		.json as Array<{ idAvisoPlat: number }>;
	await admin(sandbox, 'PUT', '/__sandbox/interfaces/other-les/agencies/INMO-001');
	await admin(sandbox, 'PUT', `/__sandbox/interfaces/other-les/associations/${ad.idAvisoPlat}`, {
		codigoAviso: 'OTHER-FROM-001',
	});
	afterTheAgencyReadingExpires();

	await leadOnFirstOnlineAd('INMO-001', 'other-les');
	const [received] = await receiver.waitForReceived(1);

	expect(received.items).toEqual([]);
	expect(received.response).toEqual({
		received: true,
		ignored: 'agency not in Only Agency Codes',
	});
});

it('refuses a lead for the portal to send again, never guessing, while the agency list cannot be read', async () => {
	const sandbox = env.sandbox;
	const receiver = await onlyInmo900();
	afterTheAgencyReadingExpires();
	await failOnce(sandbox, {
		method: 'GET',
		path: 'inmobiliarias',
		status: 400,
		body: { code: 'bad_request', message: 'refused' },
	});

	await leadOnFirstOnlineAd('INMO-900', 'other-les');
	const received = await receiver.waitForReceived(2);
	await sandbox.waitForIdle(10_000);

	expect(received[0].status).toBe(503);
	expect(received.map((r) => r.status).slice(-1)).toEqual([200]);
	expect(received.flatMap((r) => r.items.map((item) => item.json))).toEqual([
		expect.objectContaining({ eventType: 'CONTACTO', agencyCode: 'INMO-900' }),
	]);
});

it('reads nothing from the portal for deliveries without the secret, and one list for deliveries arriving together', async () => {
	const receiver = await onlyInmo900();
	afterTheAgencyReadingExpires();
	const requests = async () =>
		((await admin(env.sandbox, 'GET', '/__sandbox/requests')).json as { count: number }).count;
	await admin(env.sandbox, 'DELETE', '/__sandbox/requests');
	const before = await requests();

	const strangers = await Promise.all(
		Array.from({ length: 10 }, () =>
			fetch(receiver.url(), {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ idEvento: 'x', tipoEvento: 'CONTACTO' }),
			}),
		),
	);
	expect(strangers.map((answer) => answer.status)).toEqual(strangers.map(() => 401));
	expect(await requests()).toBe(before);

	// Five leads at once, the agency list due again: one reading serves them all.
	await Promise.all(Array.from({ length: 5 }, () => leadOnFirstOnlineAd('INMO-900', 'other-les')));
	await receiver.waitForReceived(5);
	const listReads = (await requests()) - before;
	expect(listReads).toBeLessThanOrEqual(2);
});
