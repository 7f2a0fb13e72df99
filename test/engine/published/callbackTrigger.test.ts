/**
 * Every published lead body (language × lead event × edition, ./bodies.ts) posted to the trigger's
 * webhook through n8n's engine, as the portal would deliver it: one lead each, read whatever the
 * language the trigger was configured with; no body that carries a lead is answered 4xx.
 */
import type { IDataObject } from 'n8n-workflow';
import type { ReceivedWebhook, WebhookReceiver } from '../harness';
import { portalSecret, post, useTriggerSandbox, type TriggerSetup } from '../trigger/support';
import { ALL_BODIES, LEAD, UNKNOWN_IN, messageIdOf, publishedBody, type Language } from './bodies';

const env = useTriggerSandbox();

async function activeTrigger(setup: TriggerSetup = {}): Promise<WebhookReceiver> {
	const receiver = await env.trigger(setup);
	await receiver.trigger.activate();
	return receiver;
}

const emitted = (received: ReceivedWebhook) => received.items.map((item) => item.json);

/** The phone each language's block gives, composed (area code and number where they come apart). */
const PHONE: Record<Language, string> = {
	ES: LEAD.phone,
	PT: LEAD.phone,
	EN: LEAD.phone,
	EN2: `${LEAD.areaCode}${LEAD.localNumber}`,
	EN_SF: `${LEAD.areaCode} ${LEAD.localNumber}`,
};

describe.each(['ES', 'EN', 'PT'])('a trigger registered with body language %s', (configured) => {
	it('emits one lead per published body, with what a person reads first', async () => {
		const r = await activeTrigger({ parameters: { bodyLanguage: configured } });
		const secret = await portalSecret(env.sandbox);

		const answers = [];
		for (const { body } of ALL_BODIES) answers.push(await post(r.url(), body, { secret }));
		const received = await r.waitForReceived(ALL_BODIES.length);

		expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
		ALL_BODIES.forEach(({ language, event, edition }, index) => {
			const leads = emitted(received[index]);
			const unknown = UNKNOWN_IN[language];
			const isMessage = event === 'CONTACTO_MENSAJE';
			expect({ language, event, edition, leads: leads.length }).toEqual({
				language,
				event,
				edition,
				leads: 1,
			});
			const lead = leads[0];
			expect({ language, event, edition, ...lead }).toMatchObject({
				eventType: event,
				name: LEAD.name,
				email: LEAD.email,
				phone: PHONE[language],
				message: isMessage ? LEAD.message : null,
				adCode: unknown.includes('adCode') ? null : LEAD.adCode,
				registeredAt: unknown.includes('registeredAt') ? null : LEAD.registeredIso,
				contactType: isMessage ? 'message' : 'phone view',
				// The Spanish phone view's block has no contact id.
				contactId: language === 'ES' && !isMessage ? null : String(LEAD.contactId),
			});
			expect(lead.eventId).toEqual(expect.any(String));
			expect(lead).not.toHaveProperty('nationalId');
			if (!unknown.includes('agencyCode')) expect(lead.agencyCode).toBe(LEAD.agencyCode);
		});
		const eventIds = received.flatMap(emitted).map((lead) => lead.eventId);
		expect(new Set(eventIds).size).toBe(ALL_BODIES.length);
	});
});

describe('fields beyond the common ones', () => {
	const deliver = async (body: IDataObject, setup: TriggerSetup = {}) => {
		const r = await activeTrigger(setup);
		const answer = await post(r.url(), body, { secret: await portalSecret(env.sandbox) });
		expect(answer.status).toBe(200);
		const [received] = await r.waitForReceived(1);
		return { lead: emitted(received)[0], logs: received.logs };
	};

	it('English 2: the platform ad id, the development, the advertiser’s code and the portal of the group', async () => {
		const { lead } = await deliver(publishedBody('EN2', 'CONTACTO_MENSAJE', 'rela') as IDataObject);
		expect(lead).toMatchObject({
			platformAdId: LEAD.platformAdId,
			developmentId: LEAD.developmentId,
			developmentCode: LEAD.developmentCode,
			internalKey: LEAD.internalCode,
			leadOrigin: 'Imovelweb',
			prospectId: LEAD.prospectId,
			messageId: messageIdOf('rela'),
			contactTypeId: 1,
		});
	});

	it('Portuguese: the advertiser’s code (codigoDoAnunciante) and the platform ad id (idplat)', async () => {
		const { lead } = await deliver(publishedBody('PT', 'CONTACTO_MENSAJE', 'arg') as IDataObject);
		expect(lead).toMatchObject({
			internalKey: LEAD.internalCode,
			platformAdId: LEAD.platformAdId,
			developmentId: LEAD.developmentId,
			messageId: messageIdOf('arg'),
		});
	});

	it('keeps the national id out of the flat lead unless Include National ID is on; the raw body keeps it', async () => {
		const body = publishedBody('PT', 'CONTACTO', 'bra') as IDataObject;
		const off = await deliver(body, { parameters: { options: { includeRawBody: true } } });
		expect(off.lead).not.toHaveProperty('nationalId');
		expect(off.lead.rawBody).toMatchObject({ cpf: LEAD.nationalId });

		const on = await deliver(
			{ ...body, idEvento: 'bra-pt-contacto-0002' },
			{ parameters: { options: { includeNationalId: true } } },
		);
		expect(on.lead.nationalId).toBe(LEAD.nationalId);
	});

	it('English SF: an event id derived from the message id, else from the body; a retry is the same event', async () => {
		const r = await activeTrigger();
		const secret = await portalSecret(env.sandbox);
		const message = publishedBody('EN_SF', 'CONTACTO_MENSAJE', 'arg');
		const phoneView = publishedBody('EN_SF', 'CONTACTO', 'arg');

		for (const body of [message, phoneView, phoneView])
			expect((await post(r.url(), body, { secret })).status).toBe(200);
		const received = await r.waitForReceived(3);

		expect(emitted(received[0])[0].eventId).toBe(`message-${messageIdOf('arg')}`);
		expect(emitted(received[1])[0].eventId).toMatch(/^digest-[0-9a-f]{32}$/);
		expect(emitted(received[2])).toEqual([]);
		expect(received[2].response).toMatchObject({ ignored: expect.stringMatching(/duplicate/) });
	});

	it('says once in n8n’s log that bodies arrive in another language than configured', async () => {
		const r = await activeTrigger({ parameters: { bodyLanguage: 'ES' } });
		const secret = await portalSecret(env.sandbox);
		for (const edition of ['arg', 'rela', 'bra'] as const)
			await post(r.url(), publishedBody('EN2', 'CONTACTO', edition), { secret });
		const received = await r.waitForReceived(3);

		const told = received
			.flatMap((one) => one.logs)
			.filter((line) => /arrive in EN2 though ES is configured/.test(line));
		expect(told).toHaveLength(1);
	});

	it('emits a body that carries no lead and no event, marked UNKNOWN, rather than refuse it', async () => {
		const r = await activeTrigger();
		const answer = await post(
			r.url(),
			{ token: 'b7c1e0', status: 'ok' },
			{ secret: await portalSecret(env.sandbox) },
		);
		expect(answer.status).toBe(200);
		const [received] = await r.waitForReceived(1);
		expect(emitted(received)).toEqual([expect.objectContaining({ eventType: 'UNKNOWN' })]);
	});
});
