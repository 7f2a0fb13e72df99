/**
 * Who is notified of what (docs/portal-api.md, "Event kinds" and "Interface kinds"): only interfaces linked
 * to the agency, with a callback configuration, subscribed to the kind (rule 5), for ad-related kinds
 * only when the ad is associated to the interface (rule 3), and a LEC only for lead kinds.
 */
import { randomUUID } from 'node:crypto';
import { isReceivedBy } from '../nodes/shared/eventKinds';
import {
	DEFAULT_AUTHORIZATION_HEADER_KEY,
	type CallbackConfiguration,
	type EventKind,
} from '../nodes/shared/schemas';
import { BEHAVIOUR } from './behaviour';
import type { SandboxContext } from './context';
import type { DeliveryJob, DeliveryTarget } from './delivery';
import {
	adEventBody,
	creditBody,
	leadBody,
	type AdEventDetail,
	type CreditChange,
	type LeadContact,
	type LeadKind,
} from './eventBodies';
import type { AdRecord, InterfaceRecord } from './model';

export interface ScheduledEvent {
	idEvento: string;
	kind: EventKind;
	interfaceId: string;
}

export function deliveryTarget(configuration: CallbackConfiguration): DeliveryTarget {
	return {
		url: configuration.url,
		headerKey: configuration.authorizationHeaderKey || DEFAULT_AUTHORIZATION_HEADER_KEY,
		headerValue: configuration.authorizationHeaderValue || null,
		language: configuration.lenguajeCallbackBody ?? BEHAVIOUR.callbacks.defaultLanguage,
	};
}

export function receives(target: InterfaceRecord, kind: EventKind, ad: AdRecord | null): boolean {
	return (
		target.configuration !== null &&
		target.subscriptions.has(kind) &&
		isReceivedBy(target.kind, kind) &&
		(ad === null || target.codeByAdId.has(ad.idAvisoPlat))
	);
}

function notify(
	ctx: SandboxContext,
	agencyCode: string,
	kind: EventKind,
	ad: AdRecord | null,
	bodyFor: (target: InterfaceRecord, idEvento: string) => Record<string, unknown>,
): ScheduledEvent[] {
	const scheduled: ScheduledEvent[] = [];
	for (const target of ctx.state.interfacesLinkedTo(agencyCode)) {
		if (!receives(target, kind, ad)) continue;
		const job: DeliveryJob = {
			idEvento: randomUUID(),
			kind,
			interfaceId: target.id,
			source: 'event',
			target: deliveryTarget(target.configuration!),
			body: {},
		};
		job.body = bodyFor(target, job.idEvento);
		ctx.deliveries.enqueue(job);
		scheduled.push({ idEvento: job.idEvento, kind, interfaceId: target.id });
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
		notify(ctx, ad.agencyCode, detail.kind, ad, (target, idEvento) =>
			adEventBody({
				idEvento,
				ad,
				codigoAviso: target.codeByAdId.get(ad.idAvisoPlat) ?? null,
				detail,
				at,
			}),
		),
	);
}

/** A lead registered `at` (default now): listed by lead polling, delivered to the subscribed. */
export function notifyLead(
	ctx: SandboxContext,
	ad: AdRecord,
	kind: LeadKind,
	contact: LeadContact,
	registeredAt = Date.now(),
): { idMensaje: number; events: ScheduledEvent[] } {
	const { idMensaje, at } = ctx.state.recordMessage({ kind, ad, contact, at: registeredAt });
	const events = notify(ctx, ad.agencyCode, kind, ad, (target, idEvento) =>
		leadBody({
			idEvento,
			kind,
			referencia: target.codeByAdId.get(ad.idAvisoPlat)!,
			ad,
			contact,
			idMensaje,
			at,
		}),
	);
	return { idMensaje, events };
}

export function notifyCredit(
	ctx: SandboxContext,
	agencyCode: string,
	credit: CreditChange,
): ScheduledEvent[] {
	const at = Date.now();
	return notify(ctx, agencyCode, 'CREDITO', null, (_target, idEvento) =>
		creditBody({ idEvento, agencyCode, credit, at }),
	);
}
