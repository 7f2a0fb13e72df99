/**
 * Lead polling, for plans without callbacks too: `GET /v2/inmobiliarias/{agency}/mensajes
 * ?fromDate=yyyyMMdd` and its Portuguese spelling `/v2/imobiliarias/{agency}/mensagens` (field
 * notes, "Lead list" [S]), the leads of the agency registered on or after that day (portal local
 * time), oldest first, paged like every list, 204 when empty. Item shapes in contract/leadList.ts;
 * choices in `behaviour.ts`.
 */
import type { FastifyInstance } from 'fastify';
import { BEHAVIOUR, errors } from '../behaviour';
import type { SandboxContext } from '../context';
import { localDayStart } from '../contract/dates';
import type { PathLanguage } from '../contract/editions';
import type { LeadFacts } from '../contract/leadFacts';
import { callbackLikeItem, recordedItem } from '../contract/leadList';
import { editionFor } from '../events';
import { leadFactsOf } from '../leadFactsOf';
import type { LeadListShape } from '../settings';
import { pagingOf } from '../paging';
import { untidyListItem } from '../untidyListItem';
import { callerOf, paramsOf, queryOf, sendPage, type Query } from './common';

const ITEM_OF: Record<LeadListShape, (facts: LeadFacts) => Record<string, unknown>> = {
	recorded: recordedItem,
	callback: callbackLikeItem,
};

export const MESSAGES_PATHS: ReadonlyArray<[string, PathLanguage]> = [
	['/v2/inmobiliarias/:agencyCode/mensajes', 'es'],
	['/v2/imobiliarias/:agencyCode/mensagens', 'pt'],
];

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
	for (const [path, pathLanguage] of MESSAGES_PATHS) {
		app.get(path, async (request, reply) => {
			const caller = callerOf(ctx, request);
			const agency = ctx.state.linkedAgency(caller, paramsOf(request).agencyCode);
			const query = queryOf(request);
			const paging = pagingOf(query);
			const fromDay = fromDayOf(query);
			const since = ctx.untidy.visibleLeads(
				ctx.state.messagesSince(agency.codigoInmobiliaria, localDayStart(fromDay)),
				Date.now(),
			);
			const { listsPhoneViews, listsAnonymousLeads } = BEHAVIOUR.messages;
			const listed = since.filter(
				(message) =>
					(listsPhoneViews || message.kind === 'CONTACTO_MENSAJE') &&
					(listsAnonymousLeads || !message.contact.anonymous),
			);
			const edition = editionFor(ctx, caller, pathLanguage);
			const toItem = (message: (typeof listed)[number]) =>
				untidyListItem(
					ctx.untidy,
					ITEM_OF[ctx.settings.leadList](
						leadFactsOf(message, {
							adCode: caller.codeByAdId.get(message.ad.idAvisoPlat) ?? null,
							edition,
							interfaceId: caller.id,
						}),
					),
					message,
					edition,
				);
			return sendPage(reply, listed, paging, toItem, ctx.untidy);
		});
	}
}
