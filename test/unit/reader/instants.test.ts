/** Registration instants (nodes/shared/instants.ts): ISO with an offset, or null; never the text as written. */
import { validateFieldType } from 'n8n-workflow';
import { PORTAL_UTC_OFFSET, isoInstantOf } from '../../../nodes/shared/instants';

const n8nTakesDate = (value: unknown) =>
	validateFieldType('registeredAt', value, 'dateTime').valid === true;

describe('isoInstantOf', () => {
	it.each([
		['2024-05-14T10:31:07.123-0300', '2024-05-14T10:31:07.123-03:00'],
		['2024-05-14T10:31:07.123+05:30', '2024-05-14T10:31:07.123+05:30'],
		['2024-05-14 10:31:07-0300', '2024-05-14T10:31:07-03:00'],
		['2024-05-14T10:31:07.123Z', '2024-05-14T10:31:07.123Z'],
		['2024-05-14T10:31:07+03', '2024-05-14T10:31:07+03:00'],
		[' 2024-05-14T10:31 ', '2024-05-14T10:31-03:00'],
		['2026-11-26 10:49:35', '2026-11-26T10:49:35-03:00'],
		['26/11/2026 10:49:35', '2026-11-26T10:49:35-03:00'],
		['26/11/2026 10:49:35.5Z', '2026-11-26T10:49:35.5Z'],
		['1795700975000', '2026-11-26T13:49:35.000Z'],
		[1795700975000, '2026-11-26T13:49:35.000Z'],
	])('%j → %s', (written, iso) => {
		expect(isoInstantOf(written)).toBe(iso);
		expect(n8nTakesDate(iso)).toBe(true);
	});

	it('keeps the instant: the offset is not lost', () => {
		expect(Date.parse(isoInstantOf('2024-05-14T10:31:07.123-0300')!)).toBe(
			Date.parse('2024-05-14T13:31:07.123Z'),
		);
	});

	it(`reads a time without an offset in the portal's zone (${PORTAL_UTC_OFFSET}), whatever n8n's`, () => {
		expect(Date.parse(isoInstantOf('2026-11-26 10:49:35')!)).toBe(
			Date.parse('2026-11-26T13:49:35Z'),
		);
	});

	it.each([
		'14/05/2024',
		'2024-05-14',
		'2024-13-45T99:99:99-0300',
		'31/02/2026 10:00:00',
		'2024-05-14T10:31:07-3',
		'garbage',
		'42',
		42,
		1_715_693_467,
		-1,
		Number.NaN,
		'1e12',
		true,
		{ epoch: 1_715_693_467_123 },
		['2024-05-14T10:31:07Z'],
	])('%j is no instant: null', (written) => {
		expect(isoInstantOf(written)).toBeNull();
	});

	it('is null for nothing', () => {
		expect(isoInstantOf(null)).toBeNull();
		expect(isoInstantOf(undefined)).toBeNull();
		expect(isoInstantOf('  ')).toBeNull();
	});
});
