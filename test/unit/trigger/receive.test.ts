import { randomBytes } from 'node:crypto';
import {
	MAX_BODY_BYTES,
	receive,
	type ReceiveSettings,
} from '../../../nodes/RealEstatePortalTrigger/receive';
import { duplicateCheckOf, type DedupeStore } from '../../../nodes/RealEstatePortalTrigger/dedupe';
import { digestSecret, type SecretDigest } from '../../../nodes/RealEstatePortalTrigger/secrets';
import { adActivity, credit, inLanguage, messageLead, phoneViewLead } from './fixtures';

// Each test is its own registration (a new secret), as the trigger keys its in-process memory by it.
let SECRET: string;
let DIGEST: SecretDigest;
beforeEach(() => {
	SECRET = randomBytes(32).toString('hex');
	DIGEST = digestSecret(SECRET);
});
const NOW = new Date('2024-05-14T13:31:08.000Z');
const leadsOnly: ReceiveSettings = {
	dropRepeats: true,
	kinds: ['CONTACTO', 'CONTACTO_MENSAJE'],
	languageHint: 'ES',
	simplify: true,
	includeRawBody: false,
	includeNationalId: false,
	agencyCodes: [],
	adCodes: [],
};

const checksOf = (store: DedupeStore) => ({
	registrations: [DIGEST],
	duplicates: duplicateCheckOf(store),
});

function deliver(
	body: unknown,
	settings: Partial<ReceiveSettings> = {},
	store: DedupeStore = {},
	secret?: string,
) {
	const rawBody = Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
	return receive(
		{
			headers: {
				'x-portal-webhook-secret': secret ?? SECRET,
				'content-type': 'application/json',
			},
			rawBody,
			body: {},
		},
		checksOf(store),
		{ ...leadsOnly, ...settings },
		NOW,
	);
}

describe('receiving a delivery', () => {
	it('drops a repeat even when n8n did not keep the static data the first call wrote', () => {
		expect(deliver(phoneViewLead, {}, {})).toMatchObject({
			outcome: 'accepted',
		});
		expect(deliver(phoneViewLead, {}, {})).toEqual({
			outcome: 'ignored',
			reason: `duplicate of event ${phoneViewLead.idEvento}`,
			language: 'ES',
		});
	});

	it('emits a simplified lead', () => {
		const reception = deliver(phoneViewLead);
		expect(reception).toMatchObject({
			outcome: 'accepted',
			item: { eventId: phoneViewLead.idEvento, contactType: 'phone view' },
		});
	});

	it('emits a lead with unreadable fields, not refuses it: the raw body and what was read', () => {
		const odd = { ...messageLead, fechaRegistro: { epoch: 1715693467123 }, telefono: ['+54 11'] };
		const reception = deliver(odd);
		expect(reception).toMatchObject({
			outcome: 'accepted',
			item: {
				eventId: messageLead.idEvento,
				email: messageLead.email,
				registeredAt: null,
				phone: null,
				unreadableFields: 'fechaRegistro, telefono',
				rawBody: odd,
			},
		});
		// Its repeats are dropped like any other event's.
		expect(deliver(odd)).toMatchObject({ outcome: 'ignored' });
	});

	it('answering after the workflow, emits every repeat: the portal may be retrying a run that failed', () => {
		const answeredAfter = { dropRepeats: false };
		for (let copy = 1; copy <= 3; copy++) {
			expect(deliver(phoneViewLead, answeredAfter)).toMatchObject({ outcome: 'accepted' });
		}
	});

	it('answers 401 for a wrong or missing secret, before looking at the body', () => {
		expect(deliver(phoneViewLead, {}, {}, 'b'.repeat(64))).toMatchObject({
			outcome: 'rejected',
			status: 401,
		});
		expect(deliver('not json', {}, {}, '')).toMatchObject({
			outcome: 'rejected',
			status: 401,
		});
	});

	it('answers 400 for malformed JSON and for a body that is not an event', () => {
		expect(deliver('{"idEvento": ')).toMatchObject({
			outcome: 'rejected',
			status: 400,
		});
		expect(deliver({ hello: 'world' })).toMatchObject({
			outcome: 'rejected',
			status: 400,
			message: expect.stringMatching(/no lead field/),
		});
		expect(deliver('')).toMatchObject({ outcome: 'rejected', status: 400 });
	});

	it('answers 413 for an oversized body', () => {
		const big = { ...messageLead, mensaje: 'x'.repeat(MAX_BODY_BYTES) };
		expect(deliver(big)).toMatchObject({ outcome: 'rejected', status: 413 });
	});

	it('reads a body the server already parsed when no raw bytes are kept', () => {
		const reception = receive(
			{
				headers: { 'X-Portal-Webhook-Secret': SECRET },
				body: inLanguage(messageLead, 'EN'),
			},
			checksOf({}),
			leadsOnly,
			NOW,
		);
		expect(reception).toMatchObject({
			outcome: 'accepted',
			item: { messageId: 9001 },
		});
	});

	it('ignores kinds not chosen (answered, no execution)', () => {
		expect(deliver(adActivity)).toEqual({
			outcome: 'ignored',
			reason: 'AVISO_ACTIVIDAD not chosen',
			language: 'ES',
		});
	});

	it('drops a duplicate idEvento', () => {
		const store: DedupeStore = {};
		expect(deliver(messageLead, {}, store).outcome).toBe('accepted');
		expect(deliver(inLanguage(messageLead, 'PT'), {}, store)).toMatchObject({
			outcome: 'ignored',
			reason: expect.stringMatching(/duplicate/),
		});
	});

	it('gives the raw body, never the secret, with Simplify off', () => {
		const delivered = inLanguage(phoneViewLead, 'EN');
		const reception = deliver(delivered, { simplify: false });
		expect(reception).toEqual({
			outcome: 'accepted',
			item: delivered,
			eventId: phoneViewLead.idEvento,
			language: 'EN',
		});
		expect(JSON.stringify(reception)).not.toContain(SECRET);
	});

	it('adds the raw body beside the simplified lead on request', () => {
		const reception = deliver(phoneViewLead, { includeRawBody: true });
		expect(reception).toMatchObject({
			outcome: 'accepted',
			item: { eventId: phoneViewLead.idEvento, rawBody: phoneViewLead },
		});
	});

	it('wraps ad and credit events in the envelope', () => {
		const reception = deliver(credit, { kinds: ['CREDITO'] });
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

		it('keeps only the listed ad codes (lead referencia, ad codigoAviso or platform id)', () => {
			expect(deliver(phoneViewLead, { adCodes: ['demo-0001'] }).outcome).toBe('accepted');
			expect(deliver(phoneViewLead, { adCodes: ['DEMO-0002'] })).toMatchObject({
				outcome: 'ignored',
			});
			expect(deliver(adActivity, { ...allKinds, adCodes: ['1000042'] }).outcome).toBe('accepted');
			expect(deliver(credit, { ...allKinds, adCodes: ['DEMO-0042'] })).toMatchObject({
				outcome: 'ignored',
			});
		});

		it('keeps only the listed agencies; an event naming no agency does not pass', () => {
			expect(deliver(adActivity, { ...allKinds, agencyCodes: ['INMO-001'] }).outcome).toBe(
				'accepted',
			);
			expect(deliver(credit, { ...allKinds, agencyCodes: ['INMO-002'] })).toMatchObject({
				outcome: 'ignored',
			});
			expect(deliver(phoneViewLead, { agencyCodes: ['INMO-001'] })).toMatchObject({
				outcome: 'ignored',
			});
		});

		it('does not spend a place in the duplicate window on a filtered event', () => {
			const store: DedupeStore = {};
			deliver(phoneViewLead, { adCodes: ['OTHER'] }, store);
			expect(deliver(phoneViewLead, {}, store).outcome).toBe('accepted');
		});
	});
});
