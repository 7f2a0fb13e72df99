/**
 * Command-line options of `npm run bench`: `--size tiny|full`, `--only <benchmark,...>`,
 * `--rounds <n>` (rounds per side of the inventory, association and poll-network benchmarks, where more
 * rounds steady the medians on a noisy machine), and for lead-burst `--bursts <n,...>` (the burst
 * sizes), `--sides <side,...>` (LEAD_BURST_SIDES) and `--scenarios <scenario,...>`
 * (LEAD_BURST_SCENARIOS).
 */
export type BenchSize = 'tiny' | 'full';

/** The receivers lead-burst compares, each on a fresh n8n (bench/burst/sides.ts says what each is). */
export const LEAD_BURST_SIDES = [
	'ours+door',
	'ours',
	'ours-immediately+door',
	'ours-immediately',
	'ours+n8n-limit',
	'webhook-immediately',
	'webhook-lastnode',
] as const;
export type LeadBurstSide = (typeof LEAD_BURST_SIDES)[number];

/**
 * What lead-burst makes on each side: the bursts, the restart backlog (n8n killed during a stream
 * of leads), and a burst on the demo emulator's retry schedule.
 */
export const LEAD_BURST_SCENARIOS = ['bursts', 'restart', 'demo'] as const;
export type LeadBurstScenario = (typeof LEAD_BURST_SCENARIOS)[number];

export interface BenchOptions {
	size: BenchSize;
	only: string[] | null;
	rounds: number | null;
	bursts: number[] | null;
	sides: LeadBurstSide[] | null;
	scenarios: LeadBurstScenario[] | null;
}

function valueOf(args: string[], flag: string): string | undefined {
	const index = args.indexOf(flag);
	if (index >= 0) return args[index + 1];
	const inline = args.find((arg) => arg.startsWith(`${flag}=`));
	return inline?.slice(flag.length + 1);
}

export function parseOptions(args: string[]): BenchOptions {
	const size = valueOf(args, '--size') ?? 'full';
	if (size !== 'tiny' && size !== 'full')
		throw new Error(`--size takes tiny or full, not "${size}"`);
	const only = valueOf(args, '--only');
	const rounds = valueOf(args, '--rounds');
	if (rounds !== undefined && !isWholeFromOne(rounds))
		throw new Error(`--rounds takes a whole number from 1, not "${rounds}"`);
	const bursts = listOf(valueOf(args, '--bursts'));
	if (bursts && !bursts.every(isWholeFromOne))
		throw new Error(`--bursts takes whole numbers from 1, not "${bursts.join(',')}"`);
	return {
		size,
		only: listOf(only),
		rounds: rounds === undefined ? null : Number(rounds),
		bursts: bursts ? bursts.map(Number) : null,
		sides: namesOf(args, '--sides', LEAD_BURST_SIDES),
		scenarios: namesOf(args, '--scenarios', LEAD_BURST_SCENARIOS),
	};
}

/** A list of names each of which must be one of `known`. */
function namesOf<T extends string>(args: string[], flag: string, known: readonly T[]): T[] | null {
	const names = listOf(valueOf(args, flag));
	if (names && !names.every((name) => (known as readonly string[]).includes(name)))
		throw new Error(`${flag} takes one or more of ${known.join(', ')}, not "${names.join(',')}"`);
	return names as T[] | null;
}

const isWholeFromOne = (value: string) => /^[1-9]\d*$/.test(value);

function listOf(value: string | undefined): string[] | null {
	return value ? value.split(',').map((item) => item.trim()) : null;
}

/** Rounds per side: `--rounds` when given, else the size's default. */
export function roundsOf(options: BenchOptions, defaults: Record<BenchSize, number>): number {
	return options.rounds ?? bySize(options.size, defaults);
}

/** The value for this size: `{ tiny: 100, full: 2000 }`. */
export function bySize<T>(size: BenchSize, values: Record<BenchSize, T>): T {
	return values[size];
}
