/** The untidy portal's switches (../untidy.ts), read and set by the admin. */
import type { FastifyInstance } from 'fastify';
import { parseWith } from '../routes/common';
import { changedSettings, untidyChangeSchema, type Untidy } from '../untidy';

/** GET and PUT /__sandbox/untidy: the switches; PUT sets `all` and the ones given, the others stay. */
export function registerUntidyAdmin(app: FastifyInstance, untidy: () => Untidy) {
	app.get('/__sandbox/untidy', async () => untidy().settings);
	app.put('/__sandbox/untidy', async (request) => {
		const change = parseWith(untidyChangeSchema, request.body ?? {});
		untidy().configure(changedSettings(untidy().settings, change));
		return untidy().settings;
	});
}
