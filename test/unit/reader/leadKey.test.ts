/**
 * The lead key (nodes/shared/leadKey.ts): the same for one lead from every path and body language,
 * different for different leads, and an id-based key, marked by its prefix, where a lead lacks what
 * the content key is built from.
 */
import { leadKeyOf, type LeadKeyFields } from '../../../nodes/shared/leadKey';

const view: LeadKeyFields = {
	adCode: 'DEMO-0001',
	registeredAt: '2026-11-26T10:49:35.123-03:00',
	email: 'ana.perez@example.com',
	phone: '+54 11 5555-0101',
	message: null,
	messageId: null,
	isAnonymous: false,
	eventId: '0f8c3a52-8d1e-4d7c-9a57-1a2b3c4d5e6f',
};
const message: LeadKeyFields = { ...view, message: '¿Sigue disponible?', messageId: 9001 };

describe('one lead, whichever path and body language brought it', () => {
	it.each([
		['the list in UTC', { registeredAt: '2026-11-26T13:49:35.123Z' }],
		['the list without milliseconds', { registeredAt: '2026-11-26T13:49:35Z' }],
		['an offset without a colon', { registeredAt: '2026-11-26T10:49:35.999-0300' }],
		['the ad code in other case and spacing', { adCode: ' demo-0001 ' }],
		['the e-mail in other case', { email: 'Ana.Perez@Example.com' }],
		['the phone written locally', { phone: '11 5555 0101' }],
		['the list id as event id', { eventId: '70000123' }],
	])('a phone view read from %s has the same key', (_how, change) => {
		expect(leadKeyOf({ ...view, ...change }, 'list')).toBe(leadKeyOf(view, 'callback'));
	});

	it('a message keeps its key without its message id (the English body carries none)', () => {
		expect(leadKeyOf({ ...message, messageId: null }, 'callback')).toBe(leadKeyOf(message, 'list'));
	});

	it('is a content key, not an id', () => {
		expect(leadKeyOf(view, 'callback')).toMatch(/^lead:[0-9a-f]{24}$/);
	});
});

describe('different leads, different keys', () => {
	it.each([
		['another second', { registeredAt: '2026-11-26T10:49:36.000-03:00' }],
		['another ad', { adCode: 'DEMO-0002' }],
		['another prospect', { email: 'otro@example.com' }],
		['a message in the same second', { message: 'Hola' }],
	])('%s', (_how, change) => {
		expect(leadKeyOf({ ...view, ...change }, 'callback')).not.toBe(leadKeyOf(view, 'callback'));
	});

	it('a prospect without an e-mail is told by the phone', () => {
		const byPhone = { ...view, email: null };
		expect(leadKeyOf(byPhone, 'callback')).toMatch(/^lead:/);
		expect(leadKeyOf({ ...byPhone, phone: '+54 11 5555-0102' }, 'callback')).not.toBe(
			leadKeyOf(byPhone, 'callback'),
		);
	});
});

describe('falls back to an id, and says so by its prefix', () => {
	it.each([
		['no ad code', { adCode: null }],
		['no instant', { registeredAt: null }],
		[
			'a local time without an offset (its zone is unknown)',
			{ registeredAt: '2026-11-26T10:49:35' },
		],
		['an anonymous prospect', { isAnonymous: true, email: null, phone: null }],
		['an anonymous prospect with a phone', { isAnonymous: true, email: null }],
	])('%s: the message id, else the path’s own id', (_how, change) => {
		expect(leadKeyOf({ ...message, ...change }, 'callback')).toBe('message:9001');
		expect(leadKeyOf({ ...view, ...change }, 'callback')).toBe(`event:${view.eventId}`);
		expect(leadKeyOf({ ...view, ...change, eventId: '70000124' }, 'list')).toBe('listed:70000124');
	});
});
