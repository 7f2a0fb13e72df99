/**
 * Input checked with zod before anything is sent; a failure names the parameter as the user sees it.
 */
import { NodeOperationError, type INode } from 'n8n-workflow';
import type { z } from 'zod';

/** Schema path (joined with dots) → the parameter's display name. */
export type FieldLabels = Record<string, string>;

/**
 * The node's context: `getNode()` copies the node (parameters included), so it is called only when
 * the input is refused, not for every item of a bulk run.
 */
type NodeContext = { getNode(): INode };

export function validateInput<S extends z.ZodTypeAny>(
	ctx: NodeContext,
	schema: S,
	value: unknown,
	labels: FieldLabels,
	itemIndex?: number,
): z.infer<S> {
	const result = schema.safeParse(value);
	if (result.success) return result.data;
	const problems = result.error.issues.map((issue) => {
		const path = issue.path.join('.');
		const label = labels[path] ?? (path || 'Input');
		return `${label}: ${issue.message}`;
	});
	throw new NodeOperationError(ctx.getNode(), `Invalid parameter: ${problems[0]}`, {
		description:
			problems.length > 1
				? `Fix these parameters: ${problems.join('; ')}`
				: 'Fix the parameter and run again; nothing was sent to the portal.',
		itemIndex,
	});
}
