/**
 * Online development summary: the developments of the agency with at least one online unit, each
 * with its online units in the configured ad shape (B: page envelope; A: bare array).
 */
import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { developmentItem } from '../views';
import { pagingOf } from '../paging';
import { callerOf, paramsOf, queryOf, sendArray, sendPage } from './common';

export function registerDevelopments(app: FastifyInstance, ctx: SandboxContext) {
	for (const path of [
		'/v1/inmobiliarias/:agencyCode/desarrollos/online/resumen',
		'/v1/imobiliarias/:agencyCode/lancamentos/online/resumo',
	]) {
		app.get(path, async (request, reply) => {
			const caller = callerOf(ctx, request);
			const agency = ctx.state.linkedAgency(caller, paramsOf(request).agencyCode);
			const paging = pagingOf(queryOf(request));
			const online = ctx.state
				.developmentsOf(agency.codigoInmobiliaria)
				.map((development) => ({ development, units: ctx.state.onlineUnits(development) }))
				.filter(({ units }) => units.length > 0);
			const { adShape } = ctx.settings;
			const toItem = ({ development, units }: (typeof online)[number]) =>
				developmentItem(adShape, development, units, caller);
			return adShape === 'A'
				? sendArray(reply, online, toItem)
				: sendPage(reply, online, paging, toItem);
		});
	}
}
