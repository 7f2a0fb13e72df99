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

test('lead-burst runs the bursts, sides and scenarios asked for, its defaults otherwise', () => {
	expect(parseOptions([])).toMatchObject({ bursts: null, sides: null, scenarios: null });
	expect(parseOptions(['--bursts', '50', '--sides', 'ours+door'])).toMatchObject({
		bursts: [50],
		sides: ['ours+door'],
	});
	expect(
		parseOptions(['--bursts=50,200', '--sides=ours,webhook-lastnode', '--scenarios=bursts,demo']),
	).toMatchObject({
		bursts: [50, 200],
		sides: ['ours', 'webhook-lastnode'],
		scenarios: ['bursts', 'demo'],
	});
});

test.each([
	[['--bursts', '0'], '--bursts takes whole numbers from 1, not "0"'],
	[['--bursts', '50,many'], '--bursts takes whole numbers from 1, not "50,many"'],
	[
		['--sides', 'baseline'],
		'--sides takes one or more of ours+door, ours, ours-immediately+door, ours-immediately, ours+n8n-limit, webhook-immediately, webhook-lastnode, not "baseline"',
	],
	[
		['--scenarios', 'bursts,soak'],
		'--scenarios takes one or more of bursts, restart, demo, not "bursts,soak"',
	],
])('%j is refused with what it takes', (args, message) => {
	expect(() => parseOptions(args)).toThrow(message);
});
