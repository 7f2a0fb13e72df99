/** Agencies list (docs/portal-api.md, "Paging") and the two lookups. */
import type { FastifyInstance } from 'fastify';
import { CURRENCIES, OPERATIONS } from '../catalog';
import type { SandboxContext } from '../context';
import { agencyItem } from '../views';
import { pagingOf } from '../paging';
import { callerOf, queryOf, sendPage } from './common';

export function registerAgencies(app: FastifyInstance, ctx: SandboxContext) {
	for (const path of ['/v1/inmobiliarias', '/v1/imobiliarias']) {
		app.get(path, async (request, reply) => {
			const caller = callerOf(ctx, request);
			const agencies = ctx.state.agenciesOf(caller);
			return sendPage(reply, agencies, pagingOf(queryOf(request)), agencyItem, ctx.untidy);
		});
	}
	for (const path of ['/v1/operaciones', '/v1/operacoes']) {
		app.get(path, async (request) => {
			callerOf(ctx, request);
			return OPERATIONS.map((operacion) => ({ operacion }));
		});
	}
	for (const path of ['/v1/monedas', '/v1/moedas']) {
		app.get(path, async (request) => {
			callerOf(ctx, request);
			return CURRENCIES.map((currency) => ({ ...currency }));
		});
	}
}
