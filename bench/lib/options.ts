/** Command-line options of `npm run bench`: `--size tiny|full` and `--only <benchmark,...>`. */
export type BenchSize = 'tiny' | 'full';

export interface BenchOptions {
	size: BenchSize;
	only: string[] | null;
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
	return { size, only: only ? only.split(',').map((name) => name.trim()) : null };
}

/** The value for this size: `{ tiny: 100, full: 2000 }`. */
export function bySize<T>(size: BenchSize, values: Record<BenchSize, T>): T {
	return values[size];
}
