/**
 * The simulation bodies (specification, "Simulation bodies"): the specification's schemas, with the
 * emulator's own `configuracionCallback`, which takes any body language like the configuration
 * does (contract/callbackConfiguration.ts) but needs a url, the simulation's only destination.
 */
import { z } from 'zod';
import { creditSimulationBodySchema, leadSimulationBodySchema } from '../../nodes/shared/schemas';
import { callbackConfigurationSchema } from '../contract/callbackConfiguration';

const simulationCallbackSchema = callbackConfigurationSchema.extend({
	url: z
		.string({ required_error: 'url is required', invalid_type_error: 'url is required' })
		.regex(/^https?:\/\//i, 'url must start with http:// or https://'),
});
export type SimulationCallback = z.infer<typeof simulationCallbackSchema>;

/**
 * The lead body: the configuration checked here, everything else (simulation rules 2 and 3) by
 * the specification's schema, given a configuration it accepts in place of the caller's.
 */
export const leadSimulationSchema = z.unknown().transform((raw, ctx) => {
	const fields = raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : {};
	const configuration = z
		.object({ configuracionCallback: simulationCallbackSchema })
		.safeParse(fields);
	const rest = leadSimulationBodySchema.safeParse({
		...fields,
		configuracionCallback: { url: 'http://configuration.checked.apart' },
	});
	if (!configuration.success || !rest.success) {
		for (const result of [configuration, rest]) {
			if (!result.success) for (const issue of result.error.issues) ctx.addIssue(issue);
		}
		return z.NEVER;
	}
	return { ...rest.data, configuracionCallback: configuration.data.configuracionCallback };
});

export const creditSimulationSchema = creditSimulationBodySchema.extend({
	configuracionCallback: simulationCallbackSchema,
});
