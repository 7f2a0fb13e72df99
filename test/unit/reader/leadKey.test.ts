/**
 * The lead key's rule (nodes/shared/leadKey.ts) on the cases that merged or split leads under the
 * content digest it replaced: each `it` below gave one key for two leads, or two for one lead. The
 * invariants over generated leads are in leadIdentity.test.ts.
 */
import { leadKeyOf, matchKeyOf, type LeadKeyFields } from '../../../nodes/shared/leadKey';

const at = Date.parse('2026-11-26T10:49:35.123-03:00');
const view: LeadKeyFields = {
	eventType: 'CONTACTO',
	contactTypeId: 6,
	adCode: 'DEMO-0001',
	platformAdId: 2_000_001,
	registeredAtMs: at,
	registeredAtReadMs: at,
	name: 'Ana Pérez',
	email: 'ana.perez@example.com',
	phone: '+54 11 5555-0101',
	message: null,
	messageId: null,
	isAnonymous: false,
	eventId: '0f8c3a52-8d1e-4d7c-9a57-1a2b3c4d5e6f',
};
const message: LeadKeyFields = {
	...view,
	eventType: 'CONTACTO_MENSAJE',
	contactTypeId: 1,
	message: '¿Sigue disponible?',
	messageId: 9001,
};

describe('two leads, two keys', () => {
	it('two messages of one prospect on one ad in one second: their message ids', () => {
		const second = {
			...message,
			messageId: 9002,
			message: 'Y el precio?',
			registeredAtMs: at + 400,
		};
		expect(leadKeyOf(message, 'callback')).toBe('message:9001');
		expect(leadKeyOf(second, 'callback')).toBe('message:9002');
	});

	it('a phone view and a WhatsApp contact of one click', () => {
		const whatsApp = { ...view, contactTypeId: 10, eventId: 'another' };
		expect(leadKeyOf(whatsApp, 'callback')).not.toBe(leadKeyOf(view, 'callback'));
	});

	it('prospects without e-mail whose phones end in the same 8 digits', () => {
		const buenosAires = { ...view, email: null, phone: '+54 11 5555-0142' };
		const cordoba = { ...view, email: null, phone: '+54 351 5555-0142' };
		expect(leadKeyOf(buenosAires, 'list')).not.toBe(leadKeyOf(cordoba, 'list'));
	});

	it('an English message without text is not keyed as its prospect’s phone view', () => {
		const textless = { ...message, message: null, messageId: null, eventId: 'en-1' };
		expect(leadKeyOf(textless, 'callback')).toBe('event:en-1');
		expect(leadKeyOf(textless, 'callback')).not.toBe(leadKeyOf(view, 'callback'));
	});

	it('two views in one second, a millisecond apart', () => {
		expect(leadKeyOf({ ...view, registeredAtMs: at + 1 }, 'list')).not.toBe(
			leadKeyOf(view, 'list'),
		);
	});
});

describe('one lead, one key from both paths', () => {
	it('a phone view: the same ad, instant, type and prospect', () => {
		const listed = { ...view, eventId: '70000123', email: 'Ana.Perez@Example.com ' };
		expect(leadKeyOf(listed, 'list')).toBe(leadKeyOf(view, 'callback'));
		expect(leadKeyOf(view, 'callback')).toMatch(/^view:[0-9a-f]{24}$/);
	});

	it('a phone view on an ad named by its platform id only, in both paths', () => {
		const unassociated = { ...view, adCode: null };
		expect(leadKeyOf({ ...unassociated, eventId: '7' }, 'list')).toBe(
			leadKeyOf(unassociated, 'callback'),
		);
	});
});

describe('keyed apart, named a pair by matchKey', () => {
	it('a phone view whose callback names no ad and whose list names only its platform id', () => {
		const heard = { ...view, adCode: null, platformAdId: null };
		const listed = { ...view, adCode: null, eventId: '7' };
		expect(leadKeyOf(heard, 'callback')).toBe(`event:${view.eventId}`);
		expect(leadKeyOf(listed, 'list')).toMatch(/^view:/);
		expect(matchKeyOf(heard)).toBe(matchKeyOf(listed));
	});

	it('a listed instant without milliseconds or offset, or a view listed without e-mail', () => {
		const seconds = Math.floor(at / 1000) * 1000;
		const local = at - 3 * 3_600_000; // read as UTC-3 while the agency is at UTC-6
		for (const listed of [
			{ ...view, registeredAtMs: seconds, registeredAtReadMs: seconds },
			{ ...view, registeredAtMs: null, registeredAtReadMs: local },
			{ ...view, email: null },
		]) {
			expect(leadKeyOf(listed, 'list')).not.toBe(leadKeyOf(view, 'callback'));
			expect(matchKeyOf(listed)).toBe(matchKeyOf(view));
		}
	});

	it('a listed instant rounded into the next minute (10:59:59.700 listed as 11:00:00)', () => {
		const heard = Date.parse('2026-11-26T10:59:59.700-03:00');
		const rounded = Date.parse('2026-11-26T11:00:00-03:00');
		expect(matchKeyOf({ ...view, registeredAtMs: rounded, registeredAtReadMs: rounded })).toBe(
			matchKeyOf({ ...view, registeredAtMs: heard, registeredAtReadMs: heard }),
		);
	});

	it('an English message (no message id) and its listed row', () => {
		const heard = { ...message, messageId: null };
		expect(leadKeyOf(heard, 'callback')).toBe(`event:${view.eventId}`);
		expect(matchKeyOf(heard)).toBe(matchKeyOf(message));
	});

	it('is null without an instant', () => {
		expect(matchKeyOf({ ...view, registeredAtMs: null, registeredAtReadMs: null })).toBeNull();
	});
});

describe('falls back to the path’s own id, and says so by its prefix', () => {
	it.each([
		['an anonymous prospect', { isAnonymous: true, name: null, email: null, phone: null }],
		['an instant without an offset', { registeredAtMs: null }],
		['no ad', { adCode: null, platformAdId: null }],
	])('%s', (_how, change) => {
		expect(leadKeyOf({ ...view, ...change }, 'callback')).toBe(`event:${view.eventId}`);
		expect(leadKeyOf({ ...view, ...change, eventId: '70000124' }, 'list')).toBe('listed:70000124');
	});
});
