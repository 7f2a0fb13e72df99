/**
 * Lead polling, for plans without callbacks too: `GET /v2/inmobiliarias/{agency}/mensajes
 * ?fromDate=yyyyMMdd`, the leads of the agency registered on or after that day (portal local time),
 * oldest first, paged like every list, 204 when empty. Choices in `behaviour.ts`.
 */
import type { FastifyInstance } from 'fastify';
import { BEHAVIOUR, errors } from '../behaviour';
import type { SandboxContext } from '../context';
import { localDayStart } from '../dates';
import { polledMessage } from '../eventBodies';
import { callerOf, pagingOf, paramsOf, queryOf, sendPage, type Query } from './common';

export const MESSAGES_PATH = '/v2/inmobiliarias/:agencyCode/mensajes';

function fromDayOf(query: Query): string {
	const name = BEHAVIOUR.messages.fromDateParam;
	const value = query[name];
	if (typeof value !== 'string' || !/^\d{8}$/.test(value)) {
		throw errors.badRequest(`${name} is required, as a day yyyyMMdd (for example 20250115)`);
	}
	const iso = `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}`;
	if (Number.isNaN(Date.parse(iso)) || new Date(iso).toISOString().slice(0, 10) !== iso) {
		throw errors.badRequest(`${name} ${value} is not a calendar day`);
	}
	return value;
}

export function registerMessages(app: FastifyInstance, ctx: SandboxContext) {
	app.get(MESSAGES_PATH, async (request, reply) => {
		const caller = callerOf(ctx, request);
		const agency = ctx.state.linkedAgency(caller, paramsOf(request).agencyCode);
		const query = queryOf(request);
		const paging = pagingOf(query);
		const fromDay = fromDayOf(query);
		const messages = ctx.untidy.visibleLeads(
			ctx.state.messagesSince(agency.codigoInmobiliaria, localDayStart(fromDay)),
			Date.now(),
		);
		const toItem = (message: (typeof messages)[number]) =>
			ctx.untidy.instantForm(
				polledMessage(message, caller.codeByAdId.get(message.ad.idAvisoPlat) ?? null),
				message.idMensaje,
				message.at,
			);
		return sendPage(reply, messages, paging, toItem, ctx.untidy);
	});
}
