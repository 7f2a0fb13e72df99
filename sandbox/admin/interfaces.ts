/** Admin view of interfaces, and association for any interface (the only way for a LEC). */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context';
import { EDITIONS } from '../contract/editions';
import { editionFor } from '../events';
import type { InterfaceRecord } from '../model';
import { associationText, parseAdId } from '../routes/association';
import { paramsOf, parseWith } from '../routes/common';

const associationSchema = z.object({ codigoAviso: z.string().trim().min(1) }).strict();
const editionSchema = z.object({ edition: z.enum(EDITIONS).nullable() }).strict();

export function interfaceView(ctx: SandboxContext, record: InterfaceRecord) {
	return {
		id: record.id,
		integrator: record.integrator,
		kind: record.kind,
		agencies: [...record.agencies],
		callbackAccess: record.callbackAccess,
		configuration: record.configuration,
		/** The documentation edition its lead bodies follow now, and whether it was set for it. */
		edition: editionFor(ctx, record),
		editionSet: record.edition,
		subscriptions: [...record.subscriptions],
		associations: [...record.codeByAdId].map(([idAvisoPlat, codigoAviso]) => ({
			idAvisoPlat,
			codigoAviso,
		})),
	};
}

export function registerInterfacesAdmin(app: FastifyInstance, ctx: SandboxContext) {
	app.get('/__sandbox/interfaces/:interfaceId', async (request) =>
		interfaceView(ctx, ctx.state.interfaceById(paramsOf(request).interfaceId)),
	);

	// The documentation edition of this interface's lead bodies (null: back to the default).
	app.put('/__sandbox/interfaces/:interfaceId/edition', async (request, reply) => {
		const target = ctx.state.interfaceById(paramsOf(request).interfaceId);
		ctx.state.setEdition(target, parseWith(editionSchema, request.body).edition);
		return reply.code(204).send();
	});

	const path = '/__sandbox/interfaces/:interfaceId/associations/:idAvisoPlat';
	app.put(path, async (request) => {
		const params = paramsOf(request);
		const target = ctx.state.interfaceById(params.interfaceId);
		const ad = ctx.state.ad(parseAdId(params.idAvisoPlat));
		const { codigoAviso } = parseWith(associationSchema, request.body);
		ctx.state.associate(target, ad, codigoAviso);
		const text = associationText(ad.idAvisoPlat, ad.agencyCode, codigoAviso);
		return { code: 'ok', respuesta: text, resposta: text };
	});

	app.delete(path, async (request, reply) => {
		const params = paramsOf(request);
		ctx.state.dissociate(
			ctx.state.interfaceById(params.interfaceId),
			parseAdId(params.idAvisoPlat),
		);
		return reply.code(204).send();
	});

	// Linking and unlinking an agency: an unlinked agency leaves the interface's agencies list and
	// its paths answer 404 to that interface, as for another integrator's agency.
	const link = '/__sandbox/interfaces/:interfaceId/agencies/:agencyCode';
	for (const [method, linked] of [
		['PUT', true],
		['DELETE', false],
	] as const) {
		app.route({
			method,
			url: link,
			handler: async (request, reply) => {
				const params = paramsOf(request);
				const target = ctx.state.interfaceById(params.interfaceId);
				ctx.state.setLinked(target, params.agencyCode, linked);
				return reply.code(204).send();
			},
		});
	}
}
