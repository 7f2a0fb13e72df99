/** Accounting of a run's output items against its input items, through pairedItem. */
import type { INodeExecutionData } from 'n8n-workflow';

export interface ItemAccount {
	results: number;
	errorItems: number;
	/** Input items with no output item paired to them. */
	lost: number;
	/** Input items with more output items than the operation makes for one input. */
	duplicated: number;
	/** Output items without a valid pairedItem. */
	unpaired: number;
}

function pairedIndex(item: INodeExecutionData): number | undefined {
	const paired = item.pairedItem;
	if (typeof paired === 'number') return paired;
	if (paired && !Array.isArray(paired) && typeof paired.item === 'number') return paired.item;
	return undefined;
}

export function accountItems(
	items: INodeExecutionData[],
	inputs: number,
	perInput = 1,
): ItemAccount {
	const counts = new Array<number>(inputs).fill(0);
	let unpaired = 0;
	let errorItems = 0;
	for (const item of items) {
		const index = pairedIndex(item);
		if (index === undefined || index < 0 || index >= inputs) unpaired++;
		else counts[index]++;
		if (typeof item.json.error === 'string') errorItems++;
	}
	return {
		results: items.length - errorItems,
		errorItems,
		lost: counts.filter((count) => count === 0).length,
		duplicated: counts.filter((count) => count > perInput).length,
		unpaired,
	};
}
