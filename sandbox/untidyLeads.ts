/**
 * The leads the activity (activity.ts) makes on an untidy portal, by the tick's number `n` (every
 * switch off: one lead of the n-th prospect on any online ad): `unassociatedAdLeads`,
 * `oneClickTwoTypes`, `alikeProspects` as sandbox/README.md, "An untidy portal", describes them.
 * Choices where the published contract is silent, never a correlation it does not show.
 */
import { prospect } from './catalog';
import { contactTypeAt, type LeadKind } from './contract/contactTypes';
import type { AdRecord, InterfaceRecord, LeadContact } from './model';
import type { Rng } from './rng';
import type { UntidySettings } from './settings';

export interface PlannedLead {
	contact: LeadContact;
	registeredAt?: number;
	contactTypeId?: number;
}

/** The ads the n-th tick picks its lead's from. */
export function adsOfTick(
	settings: UntidySettings,
	n: number,
	online: readonly AdRecord[],
	linked: readonly InterfaceRecord[],
): readonly AdRecord[] {
	if (!settings.unassociatedAdLeads || n % 3 !== 2) return online;
	const unassociated = online.filter((ad) =>
		linked.every((target) => !target.codeByAdId.has(ad.idAvisoPlat)),
	);
	return unassociated.length > 0 ? unassociated : online;
}

/**
 * Two prospects of the n-th's name and number, in Buenos Aires (11) and Córdoba (351), listed
 * without e-mail; their callbacks carry one (the specification's lead body types `email` a string).
 */
function alikePair(n: number): LeadContact[] {
	const base = prospect(n);
	const number = base.telefono!.replace(/^\+54 11 /, '');
	return [
		['11', 'caba'],
		['351', 'cba'],
	].map(([area, tag]) => ({
		...base,
		telefono: `+54 ${area} ${number}`,
		email: base.email!.replace('@', `.${tag}@`),
		emailUnlisted: true,
	}));
}

/** The leads of the n-th tick, registered now or, for a one-click pair, within now's second. */
export function leadsOfTick(
	settings: UntidySettings,
	n: number,
	kind: LeadKind,
	now: number,
	rng: Rng,
): PlannedLead[] {
	if (settings.oneClickTwoTypes && kind === 'CONTACTO' && n % 4 === 3) {
		const contact = prospect(n);
		const first = now - rng.int(0, now % 1000);
		return [
			{ contact, registeredAt: first, contactTypeId: 6 },
			{ contact, registeredAt: now, contactTypeId: 10 },
		];
	}
	if (settings.alikeProspects && n % 3 === 1) {
		const contactTypeId = contactTypeAt(kind, n);
		return alikePair(n).map((contact) => ({ contact, registeredAt: now, contactTypeId }));
	}
	return [{ contact: prospect(n) }];
}
