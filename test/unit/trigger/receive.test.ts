import { MAX_BODY_BYTES } from '../../../nodes/RealEstatePortalTrigger/delivery';
import { receive, type ReceiveSettings } from '../../../nodes/RealEstatePortalTrigger/receive';
import { LEADS_ONLY, adActivity, credit, inLanguage, messageLead, phoneViewLead } from './fixtures';

// The secret runtime.ts's webhook() checked before receive() runs (test/engine/trigger/webhook.test.ts).
const SECRET = 'a'.repeat(64);
const NOW = new Date('2024-05-14T13:31:08.000Z');

function deliver(body: unknown, settings: Partial<ReceiveSettings> = {}) {
	const rawBody = Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
	return receive(
		{
			headers: {
				'x-portal-webhook-secret': SECRET,
				'content-type': 'application/json',
			},
			rawBody,
			// n8n parses no body into an object that is not there (an empty one stays undefined).
			body: undefined,
		},
		null,
		{ ...LEADS_ONLY, ...settings },
		NOW,
	);
}

function withoutKey(body: Record<string, unknown>, key: string) {
	const { [key]: _left, ...rest } = body;
	return rest;
}

describe('receiving a delivery', () => {
	it('emits a simplified lead', async () => {
		const reception = await deliver(phoneViewLead);
		expect(reception).toMatchObject({
			outcome: 'accepted',
			item: { eventId: phoneViewLead.idEvento, contactType: 'phone view' },
		});
	});

	it('emits a lead with unreadable fields, not refuses it: the raw body and what was read', async () => {
		const odd = { ...messageLead, fechaRegistro: { epoch: 1715693467123 }, telefono: ['+54 11'] };
		const reception = await deliver(odd);
		expect(reception).toMatchObject({
			outcome: 'accepted',
			item: {
				eventId: messageLead.idEvento,
				email: messageLead.email,
				registeredAt: null,
				phone: null,
				unreadableFields: 'fechaRegistro, telefono',
				// The national id is personal data: not in a raw body nobody asked for.
				rawBody: withoutKey(odd, 'dni'),
			},
			warning: expect.stringMatching(/could not read: fechaRegistro, telefono/),
		});
	});

	it('answers 400 to a body that is not JSON at all, and says so for the log', async () => {
		for (const notJson of ['{"idEvento": ', '', 'hello'])
			expect(await deliver(notJson)).toMatchObject({
				outcome: 'rejected',
				status: 400,
				warning: expect.stringMatching(/^Real Estate Portal Trigger: answered 400/),
			});
	});

	it('emits a JSON body that is no event as one item marked UNKNOWN, whatever the kinds chosen', async () => {
		const body = { hello: 'world', dni: '30111222' };
		const reception = await deliver(body, { kinds: ['CONTACTO_MENSAJE'] });
		expect(reception).toMatchObject({
			outcome: 'accepted',
			eventId: expect.stringMatching(/^digest-[0-9a-f]{32}$/),
			item: {
				eventType: 'UNKNOWN',
				name: null,
				registeredAt: null,
				unreadableFields: 'hello, dni',
				rawBody: { hello: 'world' },
			},
			warning: expect.stringMatching(/not an event this trigger can read \(no event kind/),
		});
		// The same body again is the portal's retry: the same event id, which admission.ts drops.
		expect(await deliver(body)).toMatchObject({
			eventId: (reception as { eventId: string }).eventId,
		});
		for (const other of [[1, 2], 'CONTACTO', 42, null, true])
			expect(await deliver(JSON.stringify(other))).toMatchObject({
				outcome: 'accepted',
				item: { eventType: 'UNKNOWN', rawBody: other },
			});
	});

	it('with Simplify off, emits a JSON value that is no object wrapped as its body', async () => {
		expect(await deliver('[1,2]', { simplify: false })).toMatchObject({
			outcome: 'accepted',
			item: { body: [1, 2] },
		});
	});

	it('reads the bytes whatever their encoding: a byte-order mark, Latin-1, a declared charset', async () => {
		const text = JSON.stringify({ ...phoneViewLead, nombre: 'María Ñandú' });
		const bodies: Array<[Buffer, string]> = [
			[Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]), 'application/json'],
			[Buffer.from(text, 'latin1'), 'application/json'],
			[Buffer.from(text, 'utf16le'), 'application/json; charset=utf-16le'],
		];
		for (const [rawBody, contentType] of bodies) {
			const reception = await receive(
				{
					headers: { 'x-portal-webhook-secret': SECRET, 'content-type': contentType },
					rawBody,
					body: undefined,
				},
				null,
				LEADS_ONLY,
				NOW,
			);
			expect(reception).toMatchObject({ outcome: 'accepted', item: { name: 'María Ñandú' } });
		}
	});

	it('reads the bytes the server left unread', async () => {
		const unread = {
			headers: { 'x-portal-webhook-secret': SECRET },
			body: undefined,
			readRawBody: async () => Buffer.from(JSON.stringify(phoneViewLead)),
		};
		expect(await receive(unread, null, LEADS_ONLY, NOW)).toMatchObject({
			outcome: 'accepted',
			item: { eventId: phoneViewLead.idEvento },
		});
	});

	it('answers 413 for an oversized body', async () => {
		const big = { ...messageLead, mensaje: 'x'.repeat(MAX_BODY_BYTES) };
		expect(await deliver(big)).toMatchObject({ outcome: 'rejected', status: 413 });
	});

	it('reads a body the server already parsed when no raw bytes are kept', async () => {
		const reception = await receive(
			{
				headers: { 'X-Portal-Webhook-Secret': SECRET },
				body: inLanguage(messageLead, 'EN'),
			},
			null,
			LEADS_ONLY,
			NOW,
		);
		expect(reception).toMatchObject({
			outcome: 'accepted',
			item: { messageId: 9001 },
		});
	});

	it('ignores kinds not chosen (answered, no execution)', async () => {
		expect(await deliver(adActivity)).toEqual({
			outcome: 'ignored',
			reason: 'AVISO_ACTIVIDAD not chosen',
			language: 'ES',
		});
	});

	it('gives a lead the same event id in any body language (admission.ts drops its repeats by it)', async () => {
		for (const body of [messageLead, inLanguage(messageLead, 'PT')])
			expect(await deliver(body)).toMatchObject({
				outcome: 'accepted',
				eventId: messageLead.idEvento,
			});
	});

	it('gives the raw body, never the secret, with Simplify off', async () => {
		const delivered = inLanguage(phoneViewLead, 'EN');
		const reception = await deliver(delivered, { simplify: false });
		expect(reception).toEqual({
			outcome: 'accepted',
			item: delivered,
			eventId: phoneViewLead.idEvento,
			language: 'EN',
		});
		expect(JSON.stringify(reception)).not.toContain(SECRET);
	});

	it('adds the raw body beside the simplified lead on request', async () => {
		const reception = await deliver(phoneViewLead, { includeRawBody: true });
		expect(reception).toMatchObject({
			outcome: 'accepted',
			item: { eventId: phoneViewLead.idEvento, rawBody: phoneViewLead },
		});
	});

	it('wraps ad and credit events in the envelope', async () => {
		const reception = await deliver(credit, { kinds: ['CREDITO'] });
		expect(reception).toEqual({
			outcome: 'accepted',
			eventId: credit.idEvento,
			item: {
				eventId: credit.idEvento,
				eventType: 'CREDITO',
				agencyCode: 'INMO-001',
				receivedAt: NOW.toISOString(),
				body: credit,
			},
			language: 'ES',
		});
	});

	describe('filters', () => {
		const allKinds: Partial<ReceiveSettings> = {
			kinds: ['CONTACTO', 'AVISO_ACTIVIDAD', 'CREDITO'],
		};

		it('keeps only the listed ad codes (lead referencia, ad codigoAviso or platform id)', async () => {
			expect((await deliver(phoneViewLead, { adCodes: ['demo-0001'] })).outcome).toBe('accepted');
			expect(await deliver(phoneViewLead, { adCodes: ['DEMO-0002'] })).toMatchObject({
				outcome: 'ignored',
			});
			expect((await deliver(adActivity, { ...allKinds, adCodes: ['1000042'] })).outcome).toBe(
				'accepted',
			);
			expect(await deliver(credit, { ...allKinds, adCodes: ['DEMO-0042'] })).toMatchObject({
				outcome: 'ignored',
			});
		});

		it('keeps only the listed agencies; an event naming no agency does not pass', async () => {
			expect((await deliver(adActivity, { ...allKinds, agencyCodes: ['INMO-001'] })).outcome).toBe(
				'accepted',
			);
			expect(await deliver(credit, { ...allKinds, agencyCodes: ['INMO-002'] })).toMatchObject({
				outcome: 'ignored',
			});
			expect(await deliver(phoneViewLead, { agencyCodes: ['INMO-001'] })).toMatchObject({
				outcome: 'ignored',
			});
		});
	});
});
