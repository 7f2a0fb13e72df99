/**
 * A recorded lead (model.ts `MessageRecord`) as one receiving interface is told of it: the facts
 * every body language and list shape pick their fields from (contract/leadFacts.ts). The ids that
 * the documentation names but does not describe are derived here, stably, from the prospect.
 */
import { createHash } from 'node:crypto';
import { BEHAVIOUR } from './behaviour';
import type { Edition } from './contract/editions';
import type { LeadFacts } from './contract/leadFacts';
import { phoneParts } from './contract/phone';
import { ANONYMOUS_EMAIL, ANONYMOUS_NAME, type MessageRecord } from './model';

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex');

/** The same prospect (by e-mail, else name, else phone) has one contact id; each anonymous one its own. */
function contactIdOf(record: MessageRecord): number {
	const { contact } = record;
	const who = contact.anonymous
		? `anonymous:${record.idMensaje}`
		: (contact.email ?? contact.nombre ?? contact.telefono ?? `lead:${record.idMensaje}`);
	return BEHAVIOUR.leads.firstContactId + (parseInt(hashOf(who).slice(0, 7), 16) % 10_000_000);
}

/** A masked id of the prospect: a few characters shown, the rest starred. */
function maskedUserId(contactId: number): string {
	const hex = hashOf(`user:${contactId}`);
	return `${hex.slice(0, 3)}*****${hex.slice(-3)}`;
}

export interface Receiver {
	/** The receiving interface's code of the ad, null when not associated to it. */
	adCode: string | null;
	edition: Edition;
	interfaceId: string;
}

export function leadFactsOf(record: MessageRecord, receiver: Receiver, idEvento = ''): LeadFacts {
	const { contact, ad, kind } = record;
	const contactId = contactIdOf(record);
	const origins = BEHAVIOUR.leads.leadOrigins;
	return {
		idEvento,
		kind,
		edition: receiver.edition,
		contactTypeId: record.contactTypeId,
		idMensaje: record.idMensaje,
		contactId,
		agencyCode: record.agencyCode,
		adCode: receiver.adCode,
		idAvisoPlat: ad.idAvisoPlat,
		idDesarrolloPlat: ad.idDesarrolloPlat,
		codigoDesarrollo: ad.codigoDesarrollo,
		planDePublicacion: ad.planDePublicacion,
		claveInterna: ad.claveInterna,
		registeredAt: record.at,
		name: contact.anonymous ? ANONYMOUS_NAME : contact.nombre,
		email: contact.anonymous ? ANONYMOUS_EMAIL : contact.email,
		// An anonymous phone view carries no phone.
		phone: contact.anonymous && kind === 'CONTACTO' ? null : phoneParts(contact.telefono),
		message: kind === 'CONTACTO_MENSAJE' ? contact.mensaje : null,
		nationalId: contact.dni,
		userIdPlat: maskedUserId(contactId),
		leadOrigin: origins[contactId % origins.length],
		formToken: hashOf(`form-token:${receiver.interfaceId}`).slice(0, 32),
		variant: contact.variant ?? {},
	};
}
