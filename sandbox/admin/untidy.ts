/** The untidy portal's switches (../untidy.ts), read and set by the admin. */
import type { FastifyInstance } from 'fastify';
import { parseWith } from '../routes/common';
import { untidySettingsSchema, type Untidy } from '../untidy';

/** GET and PUT /__sandbox/untidy: the switches; PUT sets the ones given, the others stay. */
export function registerUntidyAdmin(app: FastifyInstance, untidy: () => Untidy) {
	app.get('/__sandbox/untidy', async () => untidy().settings);
	app.put('/__sandbox/untidy', async (request) => {
		const given = parseWith(untidySettingsSchema.partial(), request.body ?? {});
		untidy().configure({ ...untidy().settings, ...given });
		return untidy().settings;
	});
}
