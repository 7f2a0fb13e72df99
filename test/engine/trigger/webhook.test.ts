/**
 * The trigger's webhook served over loopback (n8n-core's WebhookContext): what it answers and what
 * comes out, for deliveries the sandbox makes itself and for requests made straight at the URL.
 */
import type { IDataObject } from 'n8n-workflow';
import { EVENT_KINDS, type CallbackBodyLanguage } from '../../../nodes/shared/schemas';
import type { Sandbox } from '../../../sandbox';
import type { ReceivedWebhook, WebhookReceiver } from '../harness';
import {
	admin,
	associatedAd,
	leadBody,
	portalSecret,
	post,
	useTriggerSandbox,
	type TriggerSetup,
} from './support';

const env = useTriggerSandbox();
let sandbox: Sandbox;

beforeEach(() => {
	sandbox = env.sandbox;
});

async function activeTrigger(setup: TriggerSetup = {}): Promise<WebhookReceiver> {
	const receiver = await env.trigger(setup);
	await receiver.trigger.activate();
	return receiver;
}

async function lead(adId: number, tipoEvento: string, contact: IDataObject = {}) {
	const answer = await admin(sandbox, 'POST', `/__sandbox/ads/${adId}/leads`, {
		tipoEvento,
		...contact,
	});
	expect(answer.status).toBe(200);
}

const secretOf = async () => await portalSecret(sandbox);
const emitted = (received: ReceivedWebhook[]) =>
	received.flatMap((r) => r.items.map((item) => item.json));
const executions = (received: ReceivedWebhook[]) =>
	received.filter((r) => r.run !== undefined).length;

describe.each<CallbackBodyLanguage>(['ES', 'EN', 'PT'])(
	'every event kind, bodies in %s',
	(language) => {
		it('comes out simplified the same way whatever the body language', async () => {
			const r = await activeTrigger({
				parameters: { events: [...EVENT_KINDS], bodyLanguage: language },
			});
			const ad = await associatedAd(sandbox);

			await lead(ad.id, 'CONTACTO');
			await lead(ad.id, 'CONTACTO_MENSAJE', { mensaje: '¿Acepta mascotas?' });
			await admin(sandbox, 'PUT', `/__sandbox/ads/${ad.id}/quality`, { calidad: 55 });
			await admin(sandbox, 'POST', `/__sandbox/ads/${ad.id}/baja`);
			await admin(sandbox, 'POST', '/__sandbox/agencies/INMO-001/credits', {});
			// baja notifies AVISO_ACTIVIDAD and AVISO_ESTADO_PUBLICACION: six kinds, six deliveries.
			const received = await r.waitForReceived(6);

			expect(received.map((one) => one.status)).toEqual([200, 200, 200, 200, 200, 200]);
			const byKind = new Map(emitted(received).map((json) => [json.eventType as string, json]));
			expect([...byKind.keys()].sort()).toEqual([...EVENT_KINDS].sort());
			expect(byKind.get('CONTACTO')).toMatchObject({
				contactType: 'phone view',
				adCode: ad.code,
				name: 'María González',
				email: 'maria.gonzalez@example.com',
				message: null,
				isAnonymous: false,
				registeredAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}-03:00$/),
			});
			expect(byKind.get('CONTACTO_MENSAJE')).toMatchObject({
				contactType: 'message',
				// The published English message body carries no message id (docs/portal-api.md).
				messageId: language === 'EN' ? null : expect.any(Number),
				message: '¿Acepta mascotas?',
			});
			for (const kind of ['AVISO_CALIDAD', 'AVISO_ACTIVIDAD', 'AVISO_ESTADO_PUBLICACION']) {
				expect(byKind.get(kind)).toMatchObject({ adCode: ad.code, agencyCode: 'INMO-001' });
				// The body as delivered, in its own language, is kept unchanged.
				expect(Object.values(byKind.get(kind)!.body as object)).toContain(ad.code);
			}
			expect(byKind.get('CREDITO')).toMatchObject({
				agencyCode: 'INMO-001',
				receivedAt: expect.any(String),
			});
			expect(Object.values(byKind.get('CREDITO')!.body as object)).toContain(
				byKind.get('CREDITO')!.eventId,
			);
		});
	},
);

describe('a delivery from the service', () => {
	it('is answered at once and runs the workflow with one simplified lead', async () => {
		const r = await activeTrigger();
		const ad = await associatedAd(sandbox);

		await lead(ad.id, 'CONTACTO', { anonymous: true });
		const [received] = await r.waitForReceived(1);

		expect(received.status).toBe(200);
		expect(received.response).toEqual({ received: true });
		expect(received.run?.status).toBe('success');
		expect(received.items.map((item) => item.json)).toEqual([
			expect.objectContaining({
				eventType: 'CONTACTO',
				isAnonymous: true,
				name: null,
				email: null,
				phone: null,
			}),
		]);
	});

	it('sent twice with the same idEvento (the service duplicates) runs the workflow once', async () => {
		const r = await activeTrigger();
		const ad = await associatedAd(sandbox);
		await admin(sandbox, 'PUT', '/__sandbox/faults', { duplicateRate: 1 });

		await lead(ad.id, 'CONTACTO_MENSAJE');
		const received = await r.waitForReceived(2);

		expect(received.map((one) => one.status)).toEqual([200, 200]);
		expect(received.map((one) => one.response)).toContainEqual({
			received: true,
			ignored: expect.stringMatching(/^duplicate of event /),
		});
		expect(executions(received)).toBe(1);
	});

	it('Simplify off gives the body as sent, never the secret header', async () => {
		const r = await activeTrigger({ parameters: { simplify: false, bodyLanguage: 'EN' } });
		const ad = await associatedAd(sandbox);

		await lead(ad.id, 'CONTACTO');
		const [received] = await r.waitForReceived(1);

		const [item] = received.items.map((one) => one.json);
		expect(item).toEqual(received.body);
		expect(item).toMatchObject({
			eventId: expect.any(String),
			eventType: 'CONTACTO',
			reference: ad.code,
		});
		expect(JSON.stringify(item)).not.toContain(await secretOf());
	});

	it('with Include Raw Body keeps the body beside the simplified lead', async () => {
		const r = await activeTrigger({ parameters: { options: { includeRawBody: true } } });
		const ad = await associatedAd(sandbox);

		await lead(ad.id, 'CONTACTO');
		const [received] = await r.waitForReceived(1);

		expect(received.items[0].json).toMatchObject({ adCode: ad.code, rawBody: received.body });
	});

	it('for an ad not in Only Ad Codes is answered but runs nothing', async () => {
		const r = await activeTrigger({ parameters: { options: { adCodes: 'SOME-OTHER-AD' } } });
		const ad = await associatedAd(sandbox);

		await lead(ad.id, 'CONTACTO');
		const [received] = await r.waitForReceived(1);

		expect(received.status).toBe(200);
		expect(received.run).toBeUndefined();
	});
});

describe('a request made straight at the webhook URL', () => {
	it('with the right secret starts one execution', async () => {
		const r = await activeTrigger();

		const answer = await post(r.url(), leadBody(), { secret: await secretOf() });

		expect(answer).toEqual({ status: 200, json: { received: true } });
		const [received] = await r.waitForReceived(1);
		expect(received.items.map((item) => item.json)).toEqual([
			expect.objectContaining({ name: 'Ana', adCode: 'DEMO-0001' }),
		]);
	});

	it.each([
		['a wrong secret', 'f'.repeat(64)],
		['a secret one character short', undefined],
		['no secret', null],
	])("with %s gets 401, starts nothing, and n8n's log says so", async (_what, given) => {
		const r = await activeTrigger();
		const secret = given === undefined ? (await secretOf()).slice(1) : (given ?? undefined);

		const answer = await post(r.url(), leadBody(), { secret });

		expect(answer.status).toBe(401);
		const [received] = await r.waitForReceived(1);
		expect(received.run).toBeUndefined();
		expect(JSON.stringify(answer.json)).not.toContain(await secretOf());
		const refused = received.logs.filter((line) => line.includes('answered 401'));
		expect(refused).toEqual([expect.stringContaining(r.url())]);
		for (const value of [await secretOf(), secret].filter(Boolean))
			expect(received.logs.join('\n')).not.toContain(value);
	});

	it('with malformed JSON starts nothing: n8n answers 422 for application/json, the node 400 otherwise', async () => {
		const r = await activeTrigger();

		const asJson = await post(r.url(), '{"idEvento": ', { secret: await secretOf() });
		const asText = await post(r.url(), '{"idEvento": ', {
			secret: await secretOf(),
			contentType: 'text/plain',
		});

		expect(asJson.status).toBe(422);
		expect(asText).toMatchObject({ status: 400, json: { message: 'The body is not valid JSON' } });
		expect(executions(await r.waitForReceived(2))).toBe(0);
	});

	it('with a JSON body that is no event is answered 200 and emits it marked UNKNOWN (bodyShapes.test.ts)', async () => {
		const r = await activeTrigger();

		const answer = await post(r.url(), { hello: 'world' }, { secret: await secretOf() });

		expect(answer).toEqual({ status: 200, json: { received: true } });
		const received = await r.waitForReceived(1);
		expect(emitted(received)).toEqual([
			expect.objectContaining({ eventType: 'UNKNOWN', rawBody: { hello: 'world' } }),
		]);
	});

	it('with an oversized body gets 413 and starts nothing', async () => {
		const r = await activeTrigger();

		const answer = await post(
			r.url(),
			{ ...leadBody(), mensaje: 'x'.repeat(200_000) },
			{ secret: await secretOf() },
		);

		expect(answer.status).toBe(413);
		expect(executions(await r.waitForReceived(1))).toBe(0);
	});

	it('of a kind not chosen is answered 200 and starts nothing', async () => {
		const r = await activeTrigger({ parameters: { events: ['CONTACTO_MENSAJE'] } });

		const answer = await post(r.url(), leadBody(), { secret: await secretOf() });

		expect(answer).toEqual({
			status: 200,
			json: { received: true, ignored: 'CONTACTO not chosen' },
		});
		expect(executions(await r.waitForReceived(1))).toBe(0);
	});

	it('repeated (a retry of the service) runs once: the duplicate window survives between requests', async () => {
		const r = await activeTrigger();

		await post(r.url(), leadBody(), { secret: await secretOf() });
		await post(r.url(), leadBody(), { secret: await secretOf() });
		await post(r.url(), leadBody('e5f1d7c2-1111-4aaa-8bbb-000000000002'), {
			secret: await secretOf(),
		});

		expect(executions(await r.waitForReceived(3))).toBe(2);
	});

	it('after deactivation is no longer served', async () => {
		const r = await activeTrigger();
		const secret = await secretOf();
		await r.trigger.deactivate();

		expect((await post(r.url(), leadBody(), { secret })).status).toBe(404);
	});
});

describe('"Listen for test event"', () => {
	it('receives a lead at the test URL and hands the configuration back to production afterwards', async () => {
		const r = await activeTrigger();
		const ad = await associatedAd(sandbox);
		await r.trigger.listenForTestEvent();

		await lead(ad.id, 'CONTACTO');
		const [test] = await r.waitForReceived(1);
		expect(test).toMatchObject({ mode: 'test', status: 200 });
		expect(test.items).toHaveLength(1);

		await lead(ad.id, 'CONTACTO_MENSAJE');
		const [, production] = await r.waitForReceived(2);
		expect(production).toMatchObject({ mode: 'production', status: 200 });
		expect(production.items[0].json).toMatchObject({ eventType: 'CONTACTO_MENSAJE' });
	});
});
