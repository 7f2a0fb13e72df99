/**
 * Runs an operation once per input item: pairedItem on every output item, one error item per failed
 * input under "Continue On Fail", and n8n's Batching option (items per batch sent together, then a
 * pause) when the operation offers it.
 */
import {
	NodeOperationError,
	sleep,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
} from 'n8n-workflow';

export type ItemOperation = (this: IExecuteFunctions, itemIndex: number) => Promise<IDataObject[]>;

interface Batching {
	size: number;
	intervalMs: number;
}

type Settled = { itemIndex: number; results: IDataObject[] } | { itemIndex: number; error: Error };

const ONE_AT_A_TIME: Batching = { size: 1, intervalMs: 0 };

function readBatching(ctx: IExecuteFunctions): Batching {
	const batch = ctx.getNodeParameter('options.batching.batch', 0, {}) as IDataObject;
	if (!batch || typeof batch !== 'object' || Object.keys(batch).length === 0) return ONE_AT_A_TIME;
	const size = Math.max(1, Math.floor(Number(batch.batchSize ?? 50)) || 1);
	const intervalMs = Math.max(0, Number(batch.batchInterval ?? 1000) || 0);
	return { size, intervalMs };
}

async function settle(
	ctx: IExecuteFunctions,
	operation: ItemOperation,
	itemIndex: number,
): Promise<Settled> {
	try {
		return { itemIndex, results: await operation.call(ctx, itemIndex) };
	} catch (error) {
		return { itemIndex, error: error as Error };
	}
}

function asNodeError(ctx: IExecuteFunctions, error: Error, itemIndex: number): Error {
	if (error.name === 'NodeApiError' || error.name === 'NodeOperationError') return error;
	return new NodeOperationError(ctx.getNode(), error, { itemIndex });
}

function outputOf(ctx: IExecuteFunctions, settled: Settled): INodeExecutionData[] {
	const pairedItem = { item: settled.itemIndex };
	if ('error' in settled) {
		// n8n shows the error's description from `error`, and routes the item by it to the error
		// output under "Continue (using error output)"; the json keeps n8n's `{ error: message }`.
		const error = asNodeError(ctx, settled.error, settled.itemIndex) as NodeOperationError;
		return [{ json: { error: error.message }, error, pairedItem }];
	}
	return ctx.helpers.constructExecutionMetaData(ctx.helpers.returnJsonArray(settled.results), {
		itemData: pairedItem,
	});
}

export async function runItems(
	ctx: IExecuteFunctions,
	operation: ItemOperation,
): Promise<INodeExecutionData[]> {
	const count = ctx.getInputData().length;
	const batching = readBatching(ctx);
	const output: INodeExecutionData[] = [];
	for (let start = 0; start < count; start += batching.size) {
		if (start > 0 && batching.intervalMs > 0) await sleep(batching.intervalMs);
		const indexes = Array.from(
			{ length: Math.min(batching.size, count - start) },
			(_unused, offset) => start + offset,
		);
		const batch = await Promise.all(indexes.map((index) => settle(ctx, operation, index)));
		for (const settled of batch) {
			if ('error' in settled && !ctx.continueOnFail()) {
				throw asNodeError(ctx, settled.error, settled.itemIndex);
			}
			output.push(...outputOf(ctx, settled));
		}
	}
	return output;
}
