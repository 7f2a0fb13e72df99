/**
 * Who is notified of what (docs/portal-api.md, "Event kinds" and "Interface kinds"): only interfaces linked
 * to the agency, with a callback url configured, subscribed to the kind (rule 5), for ad-related
 * kinds only when the ad is associated to the interface (rule 3), and a LEC only for lead kinds.
 * Each body is written in the receiver's configured language and edition (contract/).
 */
import { randomUUID } from 'node:crypto';
import type { EventKind } from '../nodes/shared/schemas';
import { BEHAVIOUR } from './behaviour';
import {
	DEFAULT_AUTHORIZATION_HEADER_KEY,
	type CallbackConfiguration,
} from './contract/callbackConfiguration';
import type { LeadKind } from './contract/contactTypes';
import { editionOf, type Edition, type PathLanguage } from './contract/editions';
import { withEnvelope } from './contract/eventEnvelope';
import { bodyLanguageOf, type BodyLanguage } from './contract/languages';
import { leadBodyIn } from './contract/leadBodies';
import type { SandboxContext } from './context';
import type { DeliveryTarget } from './delivery';
import { adEventFields, creditFields, type AdEventDetail, type CreditChange } from './eventBodies';
import { leadFactsOf } from './leadFactsOf';
import type { AdRecord, InterfaceRecord, LeadContact, MessageRecord } from './model';

export interface ScheduledEvent {
	idEvento: string;
	kind: EventKind;
	interfaceId: string;
}

/** Where and how a configuration delivers; null when it names no url (nothing configured). */
export function deliveryTarget(configuration: CallbackConfiguration): DeliveryTarget | null {
	if (!configuration.url) return null;
	return {
		url: configuration.url,
		headerKey: configuration.authorizationHeaderKey || DEFAULT_AUTHORIZATION_HEADER_KEY,
		headerValue: configuration.authorizationHeaderValue || null,
		language: bodyLanguageOf(
			configuration.lenguajeCallbackBody,
			BEHAVIOUR.callbacks.defaultLanguage,
		),
	};
}

/** The edition an interface's bodies follow, for a call made in `pathLanguage` (its own by default). */
export function editionFor(
	ctx: SandboxContext,
	target: InterfaceRecord,
	pathLanguage: PathLanguage = target.pathLanguage,
): Edition {
	return editionOf({
		forInterface: target.edition,
		forEmulator: ctx.settings.edition,
		pathLanguage,
	});
}

const LEAD_KINDS: readonly EventKind[] = ['CONTACTO', 'CONTACTO_MENSAJE'];

/**
 * Whether `target` is told of a `kind` occurrence about `ad`. With `leadsOnUnassociatedAds` (untidy
 * `unassociatedAdLeads`) a LES is told of leads on its agencies' ads not associated to it: the
 * specification keeps a LEC from them (rule 3) and says a LES receives every kind.
 */
export function receives(
	target: InterfaceRecord,
	kind: EventKind,
	ad: AdRecord | null,
	leadsOnUnassociatedAds = false,
): boolean {
	const lead = LEAD_KINDS.includes(kind);
	return (
		Boolean(target.configuration?.url) &&
		target.subscriptions.has(kind) &&
		(target.kind === 'LES' || lead) &&
		(ad === null ||
			target.codeByAdId.has(ad.idAvisoPlat) ||
			(leadsOnUnassociatedAds && lead && target.kind === 'LES'))
	);
}

type BodyFor = (
	target: InterfaceRecord,
	idEvento: string,
	language: BodyLanguage,
) => Record<string, unknown>;

function notify(
	ctx: SandboxContext,
	agencyCode: string,
	kind: EventKind,
	ad: AdRecord | null,
	bodyFor: BodyFor,
): ScheduledEvent[] {
	const scheduled: ScheduledEvent[] = [];
	for (const target of ctx.state.interfacesLinkedTo(agencyCode)) {
		if (!receives(target, kind, ad, ctx.untidy.settings.unassociatedAdLeads)) continue;
		const to = deliveryTarget(target.configuration!)!;
		const idEvento = randomUUID();
		ctx.deliveries.enqueue({
			idEvento,
			kind,
			interfaceId: target.id,
			source: 'event',
			target: to,
			body: bodyFor(target, idEvento, to.language),
		});
		scheduled.push({ idEvento, kind, interfaceId: target.id });
	}
	return scheduled;
}

export function notifyAdEvents(
	ctx: SandboxContext,
	ad: AdRecord,
	details: AdEventDetail[],
): ScheduledEvent[] {
	const at = Date.now();
	return details.flatMap((detail) =>
		notify(ctx, ad.agencyCode, detail.kind, ad, (target, idEvento, language) =>
			withEnvelope(
				language,
				idEvento,
				detail.kind,
				adEventFields({
					ad,
					codigoAviso: target.codeByAdId.get(ad.idAvisoPlat) ?? null,
					detail,
					at,
				}),
			),
		),
	);
}

/** A lead's callback body for one receiver, in `language`. */
export function leadBodyFor(
	ctx: SandboxContext,
	record: MessageRecord,
	receiver: { target: InterfaceRecord; adCode: string | null; pathLanguage?: PathLanguage },
	idEvento: string,
	language: BodyLanguage,
): Record<string, unknown> {
	const facts = leadFactsOf(
		record,
		{
			adCode: receiver.adCode,
			edition: editionFor(ctx, receiver.target, receiver.pathLanguage),
			interfaceId: receiver.target.id,
		},
		idEvento,
	);
	return leadBodyIn(language, facts);
}

/** A lead registered `at` (default now): listed by lead polling, delivered to the subscribed. */
export function notifyLead(
	ctx: SandboxContext,
	ad: AdRecord,
	kind: LeadKind,
	contact: LeadContact,
	options: { registeredAt?: number; contactTypeId?: number } = {},
): { idMensaje: number; events: ScheduledEvent[] } {
	const record = ctx.state.recordMessage({
		kind,
		ad,
		contact,
		at: options.registeredAt ?? Date.now(),
		contactTypeId: options.contactTypeId,
	});
	const events = notify(ctx, ad.agencyCode, kind, ad, (target, idEvento, language) =>
		leadBodyFor(
			ctx,
			record,
			{ target, adCode: target.codeByAdId.get(ad.idAvisoPlat) ?? null },
			idEvento,
			language,
		),
	);
	return { idMensaje: record.idMensaje, events };
}

export function notifyCredit(
	ctx: SandboxContext,
	agencyCode: string,
	credit: CreditChange,
): ScheduledEvent[] {
	const at = Date.now();
	return notify(ctx, agencyCode, 'CREDITO', null, (_target, idEvento, language) =>
		withEnvelope(language, idEvento, 'CREDITO', creditFields({ agencyCode, credit, at })),
	);
}
