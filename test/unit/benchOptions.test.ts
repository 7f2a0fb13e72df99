/** `npm run bench` options: how many rounds the engine benchmarks run per side. */
import { parseOptions, roundsOf } from '../../bench/lib/options';

const DEFAULTS = { tiny: 1, full: 3 };

test('without --rounds each size keeps its own number of rounds', () => {
	expect(roundsOf(parseOptions([]), DEFAULTS)).toBe(3);
	expect(roundsOf(parseOptions(['--size', 'tiny']), DEFAULTS)).toBe(1);
});

test.each([[['--rounds', '7']], [['--rounds=7']], [['--size', 'tiny', '--rounds', '7']]])(
	'%j runs 7 rounds per side',
	(args) => {
		expect(roundsOf(parseOptions(args), DEFAULTS)).toBe(7);
	},
);

test.each(['0', '-2', '2.5', 'many', ''])('--rounds %j is refused with what it takes', (value) => {
	expect(() => parseOptions([`--rounds=${value}`])).toThrow(
		`--rounds takes a whole number from 1, not "${value}"`,
	);
});
