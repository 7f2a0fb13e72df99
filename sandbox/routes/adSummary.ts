/** Online ad summary (docs/portal-api.md): filters, shape A or B, paging, 204. */
import type { FastifyInstance } from 'fastify';
import { errors } from '../behaviour';
import { parseAdFilters, selectAds } from '../adFilters';
import type { SandboxContext } from '../context';
import { adSummaryItem } from '../views';
import { pagingOf } from '../paging';
import { callerOf, paramsOf, queryOf, sendArray, sendPage } from './common';

export const AD_SUMMARY_PATHS = [
	'/v1/inmobiliarias/:agencyCode/avisos/online/resumen',
	'/v1/imobiliarias/:agencyCode/anuncios/online/resumo',
];

export function registerAdSummary(app: FastifyInstance, ctx: SandboxContext) {
	for (const path of AD_SUMMARY_PATHS) {
		app.get(path, async (request, reply) => {
			const caller = callerOf(ctx, request);
			const agency = ctx.state.linkedAgency(caller, paramsOf(request).agencyCode);
			const query = queryOf(request);
			const paging = pagingOf(query);
			const parsed = parseAdFilters(query);
			if (!parsed.ok && ctx.settings.badFilter === 'error') throw errors.badRequest(parsed.message);
			// Rule 4, the other allowed answer: a wrong filter gives every online ad of the agency.
			const ads = parsed.ok
				? selectAds(ctx.state, agency.codigoInmobiliaria, parsed.filters, caller)
				: ctx.state.onlineAds(agency.codigoInmobiliaria);
			const { adShape } = ctx.settings;
			const toItem = (ad: (typeof ads)[number]) => adSummaryItem(adShape, ad, caller);
			return adShape === 'A'
				? sendArray(reply, ads, toItem)
				: sendPage(reply, ads, paging, toItem, ctx.untidy);
		});
	}
}
