/**
 * Leads in bulk (`POST /__sandbox/leads`): lead history for polling at scale, e.g. a month of leads
 * over a network of agencies. They are listed by lead polling, never delivered as callbacks.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { BEHAVIOUR, errors } from '../behaviour';
import { prospect } from '../catalog';
import type { SandboxContext } from '../context';
import { createRng } from '../rng';
import { instantSchema, parseWith } from '../routes/common';

const bulkSchema = z
	.object({
		count: z.number().int().min(1).max(1_000_000),
		/** Default: the agencies linked to the network interface, or every agency without a network. */
		agencies: z.array(z.string().min(1)).min(1).optional(),
		/** Registration instants spread evenly from `from` to `to` (both default now). */
		from: instantSchema.optional(),
		to: instantSchema.optional(),
		/** Default: messages and phone views alternately. */
		tipoEvento: z.enum(['CONTACTO', 'CONTACTO_MENSAJE']).optional(),
	})
	.strict();

export function registerLeadsAdmin(app: FastifyInstance, ctx: SandboxContext) {
	app.post('/__sandbox/leads', async (request, reply) => {
		const body = parseWith(bulkSchema, request.body ?? {});
		const { state } = ctx;
		const network = state.interfaces.get(BEHAVIOUR.network.interfaceId);
		const agencies = body.agencies ?? [...(network?.agencies ?? state.agencies.keys())];
		for (const code of agencies) state.agency(code);
		const to = body.to ?? Date.now();
		const from = body.from ?? to;
		if (from > to) throw errors.badRequest('from must not be later than to');
		const rng = createRng(body.count ^ from);
		const step = body.count > 1 ? (to - from) / (body.count - 1) : 0;
		const made: number[] = [];
		for (let i = 0; i < body.count; i++) {
			const online = state.onlineAds(agencies[i % agencies.length]);
			if (online.length === 0) continue;
			made.push(
				state.recordMessage({
					kind: body.tipoEvento ?? (i % 2 === 0 ? 'CONTACTO_MENSAJE' : 'CONTACTO'),
					ad: rng.pick(online),
					contact: prospect(i),
					at: Math.round(from + i * step),
				}).idMensaje,
			);
		}
		return reply.code(201).send({
			created: made.length,
			firstIdMensaje: made[0] ?? null,
			lastIdMensaje: made[made.length - 1] ?? null,
		});
	});
}
