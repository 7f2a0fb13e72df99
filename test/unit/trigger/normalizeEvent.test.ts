import { envelopeOf, simplifyLead } from '../../../nodes/shared/normalizeEvent';
import { readEvent as parseEvent, type PortalEvent } from '../../../nodes/shared/readEvent';
import {
	ALL_EVENTS,
	LANGUAGES,
	adActivity,
	anonymousPhoneView,
	credit,
	inLanguage,
	messageLead,
	phoneViewLead,
} from './fixtures';

function parsed(body: unknown): PortalEvent {
	const result = parseEvent(body);
	if (!result.ok) throw new Error(`expected an event, got: ${result.problem}`);
	return result.event;
}

const expectedPhoneView = {
	// Ad, instant, contact type and prospect are all there: the content key (nodes/shared/leadKey.ts).
	leadKey: expect.stringMatching(/^view:[0-9a-f]{24}$/),
	matchKey: expect.stringMatching(/^match:[0-9a-f]{24}$/),
	eventId: phoneViewLead.idEvento,
	eventType: 'CONTACTO',
	contactType: 'phone view',
	contactTypeId: 6,
	registeredAt: '2024-05-14T10:31:07.123-03:00',
	adCode: 'DEMO-0001',
	platformAdId: null,
	messageId: null,
	contactId: null,
	name: 'María González',
	email: 'maria.gonzalez@example.com',
	phone: '+54 11 5555-0101',
	message: null,
	isAnonymous: false,
	agencyCode: null,
	clientCode: null,
	leadOrigin: null,
	developmentId: 40123,
	parentAdId: 40123,
	developmentCode: 'DES-7',
	publicationPlan: 'SIMPLE',
	internalKey: 'INT-55',
	prospectId: null,
};

describe.each(LANGUAGES)('a lead body in %s', (language) => {
	it('simplifies a phone view (CONTACTO) to the flat lead', () => {
		const event = parsed(inLanguage(phoneViewLead, language));
		expect(event.kind).toBe('CONTACTO');
		expect(simplifyLead(event.lead!)).toEqual(expectedPhoneView);
	});

	it('simplifies a message (CONTACTO_MENSAJE) with its message id and text', () => {
		const event = parsed(inLanguage(messageLead, language));
		expect(simplifyLead(event.lead!)).toEqual({
			...expectedPhoneView,
			leadKey: 'message:9001',
			eventId: messageLead.idEvento,
			eventType: 'CONTACTO_MENSAJE',
			contactType: 'message',
			contactTypeId: 1,
			messageId: 9001,
			message: 'Hola, ¿sigue disponible?',
		});
	});

	it('marks an anonymous lead and turns the placeholders into null', () => {
		const lead = simplifyLead(parsed(inLanguage(anonymousPhoneView, language)).lead!);
		expect(lead).toMatchObject({ isAnonymous: true, name: null, email: null, phone: null });
	});
});

describe.each(LANGUAGES)('ad and credit bodies in %s', (language) => {
	const receivedAt = new Date('2024-05-14T13:31:08.000Z');

	it.each(ALL_EVENTS.filter((body) => !body.tipoEvento.startsWith('CONTACTO')))(
		'wraps $tipoEvento in the envelope with the body unchanged',
		(body) => {
			const delivered = inLanguage(body, language);
			const envelope = envelopeOf(parsed(delivered), receivedAt);
			expect(envelope).toEqual({
				eventId: body.idEvento,
				eventType: body.tipoEvento,
				...(body.tipoEvento === 'CREDITO' ? {} : { adCode: 'DEMO-0042' }),
				agencyCode: 'INMO-001',
				receivedAt: '2024-05-14T13:31:08.000Z',
				body: delivered,
			});
		},
	);
});

describe('parseEvent', () => {
	it('reads literal English names (the alias table, not guesses)', () => {
		const event = parsed({
			eventId: 'e-1',
			eventType: 'CONTACTO_MENSAJE',
			messageId: 7,
			contactTypeId: 1,
			reference: 'AD-9',
			registrationDate: '2024-01-02T03:04:05.006+0000',
			name: 'Ann',
			email: 'ann@example.com',
			phone: '1',
			message: 'hi',
		});
		expect(simplifyLead(event.lead!)).toMatchObject({
			eventId: 'e-1',
			adCode: 'AD-9',
			messageId: 7,
			registeredAt: '2024-01-02T03:04:05.006+00:00',
			message: 'hi',
		});
	});

	it.each([
		['an array', [phoneViewLead]],
		['a string', 'CONTACTO'],
		['null', null],
		['an object without idEvento', { tipoEvento: 'CONTACTO' }],
		['an unknown event kind', { idEvento: 'x', tipoEvento: 'SOMETHING_ELSE' }],
	])('refuses %s, naming the problem', (_what, body) => {
		const result = parseEvent(body);
		expect(result.ok).toBe(false);
		if (!result.ok) expect(result.problem).not.toBe('');
	});

	it('reads a lead with mistyped fields: what can be read, the others named and left out', () => {
		const event = parsed({ ...phoneViewLead, idMensaje: 'nine', telefono: { number: 5 } });
		expect(event.unreadableFields).toEqual(['idMensaje', 'telefono']);
		expect(simplifyLead(event.lead!)).toMatchObject({
			eventId: phoneViewLead.idEvento,
			messageId: null,
			phone: null,
			name: phoneViewLead.nombre,
		});
	});

	it('keeps the body as delivered beside the Spanish-named fields', () => {
		const delivered = inLanguage(credit, 'PT');
		const event = parsed(delivered);
		expect(event.body).toBe(delivered);
		expect(event.fields.codigoEmpresa).toBe('INMO-001');
		expect(envelopeOf(parsed(inLanguage(adActivity, 'EN')), new Date(0)).body).toHaveProperty(
			'adCode',
			'DEMO-0042',
		);
	});
});
