/** Percentiles, medians and ratios of the figures the benchmarks collect. */
export function percentile(values: number[], p: number): number {
	if (values.length === 0) return Number.NaN;
	const sorted = [...values].sort((a, b) => a - b);
	const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
	return sorted[rank];
}

export function median(values: number[]): number {
	return percentile(values, 50);
}

export function sum(values: number[]): number {
	return values.reduce((total, value) => total + value, 0);
}

/** ours / baseline, rounded to 3 decimals. */
export function ratio(ours: number, baseline: number): number {
	return Math.round((ours / baseline) * 1000) / 1000;
}

/** Each of `rounds` runs every side once, the order rotated by one per round (a b c, b c a, c a b...). */
export function rotated<T extends string>(
	rounds: number,
	sides: readonly T[],
): Array<{ round: number; side: T }> {
	const order: Array<{ round: number; side: T }> = [];
	for (let round = 1; round <= rounds; round++) {
		for (let offset = 0; offset < sides.length; offset++) {
			order.push({ round, side: sides[(round - 1 + offset) % sides.length] });
		}
	}
	return order;
}
