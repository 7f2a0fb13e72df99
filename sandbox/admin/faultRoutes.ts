/** Admin control of fault injection: whole settings, and one-shot targeted faults. */
import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { DEFAULT_FAULTS, agencyFaultSchema, faultSettingsSchema, onceFaultSchema } from '../faults';
import { paramsOf, parseWith } from '../routes/common';

export function registerFaultAdmin(app: FastifyInstance, ctx: SandboxContext, startSeed: number) {
	app.get('/__sandbox/faults', async () => ctx.faults.describe());

	/** Replaces the settings: omitted fields take their defaults (no fault), the seed the start one. */
	app.put('/__sandbox/faults', async (request) => {
		const given = parseWith(faultSettingsSchema.partial(), request.body ?? {});
		ctx.faults.configure({ ...DEFAULT_FAULTS, seed: startSeed, ...given });
		return ctx.faults.describe();
	});

	app.delete('/__sandbox/faults', async (_request, reply) => {
		ctx.faults.configure({ ...DEFAULT_FAULTS, seed: startSeed });
		ctx.faults.clearOnce();
		return reply.code(204).send();
	});

	app.post('/__sandbox/faults/once', async (request, reply) => {
		const fault = ctx.faults.addOnce(parseWith(onceFaultSchema, request.body));
		return reply.code(201).send(fault);
	});

	app.delete('/__sandbox/faults/once', async (_request, reply) => {
		ctx.faults.clearOnce();
		return reply.code(204).send();
	});

	/** A fault aimed at one agency, kept until it is cleared (the other settings stay). */
	app.put('/__sandbox/faults/agencies/:agencyCode', async (request) => {
		const { agencyCode } = paramsOf(request);
		ctx.state.agency(agencyCode);
		ctx.faults.setAgencyFault(agencyCode, parseWith(agencyFaultSchema, request.body ?? {}));
		return ctx.faults.describe();
	});

	app.delete('/__sandbox/faults/agencies/:agencyCode', async (request, reply) => {
		ctx.faults.setAgencyFault(paramsOf(request).agencyCode, null);
		return reply.code(204).send();
	});

	app.delete('/__sandbox/faults/agencies', async (_request, reply) => {
		ctx.faults.clearAgencyFaults();
		return reply.code(204).send();
	});
}
