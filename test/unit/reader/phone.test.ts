import { composePhone } from '../../../nodes/shared/phone';

describe('composePhone', () => {
	it.each([
		['area code and local number', { areaCode: '11', number: '987654321' }, '11 987654321'],
		[
			'a number (Integer) with its area code apart',
			{ areaCode: '21', number: 34567890 },
			'21 34567890',
		],
		[
			'a number that already has its area code',
			{ areaCode: '11', number: '11987654321' },
			'11987654321',
		],
		[
			'an international number',
			{ areaCode: '11', number: '+55 11 98765-4321' },
			'+55 11 98765-4321',
		],
		[
			'an international number beside the combined one',
			{ number: '+5511987654321', combined: '11987654321', areaCode: '11' },
			'+5511987654321',
		],
		[
			'the combined number over a local one',
			{ areaCode: '11', number: '987654321', combined: '11987654321' },
			'11987654321',
		],
		['a number alone', { number: '11 5555-0101' }, '11 5555-0101'],
		['an area code alone', { areaCode: '11' }, null],
		['nothing', {}, null],
		['empty text', { number: '  ', areaCode: '' }, null],
	])('%s', (_what, parts, phone) => {
		expect(composePhone(parts)).toBe(phone);
	});
});
