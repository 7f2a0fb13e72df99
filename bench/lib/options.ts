/**
 * Command-line options of `npm run bench`: `--size tiny|full`, `--only <benchmark,...>` and
 * `--rounds <n>` (rounds per side of the inventory, association and poll benchmarks, where more
 * rounds steady the medians on a noisy machine).
 */
export type BenchSize = 'tiny' | 'full';

export interface BenchOptions {
	size: BenchSize;
	only: string[] | null;
	rounds: number | null;
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
	if (rounds !== undefined && !/^[1-9]\d*$/.test(rounds))
		throw new Error(`--rounds takes a whole number from 1, not "${rounds}"`);
	return {
		size,
		only: only ? only.split(',').map((name) => name.trim()) : null,
		rounds: rounds === undefined ? null : Number(rounds),
	};
}

/** Rounds per side: `--rounds` when given, else the size's default. */
export function roundsOf(options: BenchOptions, defaults: Record<BenchSize, number>): number {
	return options.rounds ?? bySize(options.size, defaults);
}

/** The value for this size: `{ tiny: 100, full: 2000 }`. */
export function bySize<T>(size: BenchSize, values: Record<BenchSize, T>): T {
	return values[size];
}
