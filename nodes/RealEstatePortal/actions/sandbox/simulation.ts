/**
 * What both simulations share: refused on a production credential, the body validated (required
 * fields per event kind, callback configuration) before anything is sent, the answer as one item.
 */
import { NodeOperationError, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';
import type { z } from 'zod';
import type { PortalOperation } from '../../../shared/paths';
import { portalRequest, readPortalSettings } from '../../../shared/transport';
import { validateInput, type FieldLabels } from '../../../shared/validation';
import { readValidCallbackConfiguration, stringParameter } from '../parameters';

async function requireSandbox(ctx: IExecuteFunctions, itemIndex: number): Promise<void> {
	const { environment } = await readPortalSettings(ctx);
	if (environment !== 'sandbox') {
		throw new NodeOperationError(
			ctx.getNode(),
			'Sandbox operations are refused on a production credential',
			{
				description:
					"Event simulation exists only in the portal's sandbox. Use a credential whose Environment is Sandbox; in production, test with real events.",
				itemIndex,
			},
		);
	}
}

export interface Simulation<S extends z.ZodTypeAny> {
	operation: Extract<PortalOperation, 'simulateLeadEvent' | 'simulateCreditEvent'>;
	schema: S;
	/** Body field → parameter display name, for validation messages. */
	labels: FieldLabels;
	/** The body's own fields from the parameters (`read` gives a trimmed parameter, '' if empty). */
	fields: (
		read: (name: string) => string,
		ctx: IExecuteFunctions,
		itemIndex: number,
	) => IDataObject;
	eventTypeOf: (body: z.infer<S>) => string;
}

export function simulationExecute<S extends z.ZodTypeAny>(simulation: Simulation<S>) {
	return async function execute(
		this: IExecuteFunctions,
		itemIndex: number,
	): Promise<IDataObject[]> {
		await requireSandbox(this, itemIndex);
		const read = (name: string) => stringParameter(this, name, itemIndex);
		const body = validateInput(
			this,
			simulation.schema,
			{
				...simulation.fields(read, this, itemIndex),
				configuracionCallback: readValidCallbackConfiguration(this, itemIndex),
			},
			simulation.labels,
			itemIndex,
		);
		const answer = await portalRequest<IDataObject>(this, simulation.operation, {
			body,
			itemIndex,
		});
		return [
			{
				simulated: true,
				eventType: simulation.eventTypeOf(body),
				eventId: answer?.idEvento ?? null,
				code: answer?.code ?? null,
			},
		];
	};
}
