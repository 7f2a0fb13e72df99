/**
 * Command-line options of `npm run bench`: `--size tiny|full`, `--only <benchmark,...>`,
 * `--rounds <n>` (rounds per side of the inventory, association and poll benchmarks, where more
 * rounds steady the medians on a noisy machine), and for lead-burst `--bursts <n,...>` and
 * `--sides ours|baseline|ours,baseline` (one side alone: paired runs of code before and after a change).
 */
export type BenchSize = 'tiny' | 'full';
export type BenchSide = 'ours' | 'baseline';

export interface BenchOptions {
	size: BenchSize;
	only: string[] | null;
	rounds: number | null;
	bursts: number[] | null;
	sides: BenchSide[] | null;
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
	const sides = listOf(valueOf(args, '--sides'));
	if (sides && !sides.every((side) => side === 'ours' || side === 'baseline'))
		throw new Error(`--sides takes ours, baseline or both, not "${sides.join(',')}"`);
	return {
		size,
		only: listOf(only),
		rounds: rounds === undefined ? null : Number(rounds),
		bursts: bursts ? bursts.map(Number) : null,
		sides: sides as BenchSide[] | null,
	};
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
