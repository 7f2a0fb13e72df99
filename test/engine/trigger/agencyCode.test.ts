/**
 * Lead bodies name no agency (codigoInmobiliaria is null, as in every observed body). The trigger
 * fills the agency when the interface is linked to a single one, and only then.
 */
import type { IDataObject } from 'n8n-workflow';
import { admin, interfaceState, useTriggerSandbox } from './support';

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

it("fills agencyCode with the interface's only agency, and the agency filter passes the lead", async () => {
	const receiver = await env.trigger({
		credentials: { accessToken: 'other-les-token' },
		parameters: { options: { agencyCodes: 'INMO-900' } },
	});
	await receiver.trigger.activate();

	await leadOnFirstOnlineAd('INMO-900', 'other-les');
	const [received] = await receiver.waitForReceived(1);

	expect(received.items.map((item) => item.json)).toEqual([
		expect.objectContaining({ eventType: 'CONTACTO', agencyCode: 'INMO-900' }),
	]);
});

it('leaves agencyCode empty when the interface has several agencies: the body does not say which', async () => {
	const receiver = await env.trigger();
	await receiver.trigger.activate();

	await leadOnFirstOnlineAd('INMO-001', 'demo-les');
	const [received] = await receiver.waitForReceived(1);

	expect(received.items.map((item) => item.json)).toEqual([
		expect.objectContaining({ eventType: 'CONTACTO', agencyCode: null }),
	]);
});
