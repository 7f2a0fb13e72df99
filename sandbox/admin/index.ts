/**
 * The emulator's own endpoints, under /__sandbox/ (outside the service's paths, no token, never
 * subject to fault injection). Routes are listed in sandbox/README.md.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { eventKindSchema } from '../../nodes/shared/schemas';
import { EDITIONS } from '../contract/editions';
import type { SandboxContext } from '../context';
import { parseWith, queryOf } from '../routes/common';
import { AD_SHAPES, BAD_FILTER_MODES, LEAD_LIST_SHAPES } from '../settings';
import { registerFaultAdmin } from './faultRoutes';
import { interfaceView, registerInterfacesAdmin } from './interfaces';
import { registerInventoryAdmin } from './inventory';
import { registerLeadsAdmin } from './leads';
import { registerUntidyAdmin } from './untidy';

export const ADMIN_PREFIX = '/__sandbox';

const resetSchema = z
	.object({
		seed: z.number().int(),
		ads: z.number().int().min(0).max(200_000),
		agencies: z.number().int().min(0).max(100_000),
		adShape: z.enum(AD_SHAPES),
		badFilter: z.enum(BAD_FILTER_MODES),
		edition: z.enum(EDITIONS).nullable(),
		leadList: z.enum(LEAD_LIST_SHAPES),
	})
	.partial()
	.strict();

const deliveryQuerySchema = z
	.object({
		idEvento: z.string(),
		interfaceId: z.string(),
		kind: eventKindSchema,
		source: z.enum(['event', 'simulation']),
		outcome: z.enum(['success', 'failure', 'timeout', 'error']),
	})
	.partial();

export function registerAdmin(app: FastifyInstance, ctx: SandboxContext, startSeed: number) {
	app.get(ADMIN_PREFIX, async () => ({
		settings: ctx.settings,
		interfaces: [...ctx.state.interfaces.values()].map((record) => ({
			...interfaceView(ctx, record),
			token: record.token,
			client: ctx.state.clientOf(record.id),
		})),
		agencies: [...ctx.state.agencies.values()].map((agency) => ({
			...agency,
			onlineAds: ctx.state.onlineAds(agency.codigoInmobiliaria).length,
			developments: ctx.state.developmentsOf(agency.codigoInmobiliaria).length,
		})),
	}));

	app.post(`${ADMIN_PREFIX}/reset`, async (request, reply) => {
		ctx.reset(parseWith(resetSchema, request.body ?? {}));
		return reply.code(204).send();
	});

	app.get(`${ADMIN_PREFIX}/deliveries`, async (request) => {
		const filter = parseWith(deliveryQuerySchema, queryOf(request), 'query');
		return ctx.deliveries
			.list()
			.filter((d) =>
				(Object.keys(filter) as Array<keyof typeof filter>).every((key) => d[key] === filter[key]),
			);
	});

	app.delete(`${ADMIN_PREFIX}/deliveries`, async (_request, reply) => {
		ctx.deliveries.clear();
		return reply.code(204).send();
	});

	app.get(`${ADMIN_PREFIX}/requests`, async () => ctx.requests.describe());

	app.delete(`${ADMIN_PREFIX}/requests`, async (_request, reply) => {
		ctx.requests.clear();
		return reply.code(204).send();
	});

	registerInterfacesAdmin(app, ctx);
	registerInventoryAdmin(app, ctx);
	registerLeadsAdmin(app, ctx);
	registerFaultAdmin(app, ctx, startSeed);
	registerUntidyAdmin(app, () => ctx.untidy);
}
