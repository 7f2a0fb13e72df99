/**
 * The lead identity's two invariants (docs/portal-api.md, "Lead key"), checked over generated
 * leads: each lead is written as the emulator writes it (the other party: its callback bodies in
 * every published language and edition, and its lead list items), and read by the package's own
 * readers of both paths (readEvent + simplifyLead for the callback, readListedLead for the list).
 *
 * - Never merged: two leads that differ in message id, contact type, text, prospect, ad or instant
 *   never share a `leadKey`, in any path or language, nor across paths.
 * - One lead, one row: one lead read from a callback and from the list has one `leadKey` wherever
 *   the body carries what identifies it, else the two share `matchKey`, also when the list writes
 *   the instant without milliseconds or offset, or a phone view without its e-mail.
 */
import * as fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';
import { readListedLead } from '../../../nodes/shared/listedLead';
import { simplifyLead } from '../../../nodes/shared/normalizeEvent';
import { readEvent } from '../../../nodes/shared/readEvent';
import { EDITIONS } from '../../../sandbox/contract/editions';
import { BODY_LANGUAGES, type BodyLanguage } from '../../../sandbox/contract/languages';
import { leadBodyIn } from '../../../sandbox/contract/leadBodies';
import type { LeadFacts } from '../../../sandbox/contract/leadFacts';
import { callbackLikeItem, recordedItem } from '../../../sandbox/contract/leadList';
import { phoneParts } from '../../../sandbox/contract/phone';

const RUNS = 2_000;

interface Keys {
	leadKey: string;
	matchKey: string | null;
}

const keysOf = (item: IDataObject): Keys => ({
	leadKey: String(item.leadKey),
	matchKey: (item.matchKey as string | null) ?? null,
});

function callbackKeys(language: BodyLanguage, facts: LeadFacts): Keys {
	const read = readEvent(leadBodyIn(language, facts));
	if (!read.ok || !read.event.lead) throw new Error(`unread ${language} body`);
	return keysOf(simplifyLead(read.event.lead));
}

const quiet = { includeNationalId: false, logger: { info: () => {} } };

function listKeys(item: Record<string, unknown>, facts: LeadFacts): Keys {
	return keysOf(readListedLead(item as IDataObject, facts.agencyCode, quiet).item);
}

type ListForm = 'recorded' | 'callbackLike';
const LIST_FORMS: ListForm[] = ['recorded', 'callbackLike'];
const listItemOf = (form: ListForm, facts: LeadFacts) =>
	form === 'recorded' ? recordedItem(facts) : callbackLikeItem(facts);

const ANONYMOUS = { name: 'ANONYMOUS', email: '--' };

const prospect = fc.oneof(
	{
		weight: 6,
		arbitrary: fc.record({
			name: fc.constantFrom('Ana Pérez', 'João Silva', 'Li Wei'),
			email: fc.option(
				fc.constantFrom('ana@example.com', 'ANA@example.com ', 'joao@example.com.br', 'li@x.io'),
				{ freq: 3 },
			),
			phone: fc.option(
				fc.constantFrom(
					'+54 11 5555-0142',
					'+54 351 5555-0142',
					'11 5555-0142',
					'5555-0142',
					'+55 21 99876-5432',
				),
				{ freq: 4 },
			),
		}),
	},
	{ weight: 1, arbitrary: fc.constant({ ...ANONYMOUS, phone: null }) },
);

const CONTACT_TYPES = { CONTACTO: [6, 10], CONTACTO_MENSAJE: [1, 2, 3, 12, 15] } as const;

/** A lead as the emulator stores it. */
const lead: fc.Arbitrary<LeadFacts> = fc
	.record({
		kind: fc.constantFrom('CONTACTO', 'CONTACTO_MENSAJE') as fc.Arbitrary<LeadFacts['kind']>,
		typeIndex: fc.nat({ max: 4 }),
		idEvento: fc.uuid(),
		idMensaje: fc.integer({ min: 1, max: 2 ** 40 }),
		contactId: fc.integer({ min: 1, max: 2 ** 31 }),
		edition: fc.constantFrom(...EDITIONS),
		adCode: fc.option(fc.constantFrom('DEMO-0001', 'demo-0002', 'AV-77'), { freq: 5 }),
		idAvisoPlat: fc.constantFrom(2_000_001, 2_000_002, 2_000_077),
		registeredAt: fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2027, 0, 1) }),
		prospect,
		text: fc.constantFrom('¿Sigue disponible?', 'Hola', 'Quero visitar', ''),
	})
	.map((drawn) => {
		const types = CONTACT_TYPES[drawn.kind];
		const isMessage = drawn.kind === 'CONTACTO_MENSAJE';
		return {
			idEvento: drawn.idEvento,
			kind: drawn.kind,
			edition: drawn.edition,
			contactTypeId: types[drawn.typeIndex % types.length],
			idMensaje: drawn.idMensaje,
			contactId: drawn.contactId,
			agencyCode: 'INMO-001',
			adCode: drawn.adCode,
			idAvisoPlat: drawn.idAvisoPlat,
			idDesarrolloPlat: null,
			codigoDesarrollo: null,
			planDePublicacion: 'SIMPLE',
			claveInterna: null,
			registeredAt: drawn.registeredAt,
			name: drawn.prospect.name,
			email: drawn.prospect.email,
			phone: phoneParts(drawn.prospect.phone),
			message: isMessage ? drawn.text : null,
			nationalId: null,
			userIdPlat: `u-${drawn.contactId}`,
			leadOrigin: 'Portal',
			formToken: 'token-1',
			variant: {},
		};
	});

const isAnonymous = (facts: LeadFacts) => facts.name === ANONYMOUS.name;

/** What makes another lead of the same kind: one thing the portal tells leads apart by, changed. */
type Change = 'ids only' | 'contact type' | 'text' | 'prospect' | 'ad' | 'instant';
const CHANGES: Change[] = ['ids only', 'contact type', 'text', 'prospect', 'ad', 'instant'];

/** Another lead's ids: never those of the first, however fast-check shrinks them. */
function freshIds(facts: LeadFacts, fresh: LeadFacts) {
	const idEvento =
		fresh.idEvento === facts.idEvento
			? facts.idEvento.replace(/.$/, (last) => (last === '0' ? '1' : '0'))
			: fresh.idEvento;
	return {
		idEvento,
		idMensaje: facts.idMensaje + 1 + (fresh.idMensaje % 1_000_000),
		contactId: facts.contactId + 1,
	};
}

function otherProspect(facts: LeadFacts): Partial<LeadFacts> {
	if (isAnonymous(facts)) return { name: 'Otro', email: 'otro@example.com', phone: null };
	if (facts.email !== null) return { email: `x.${facts.email.trim()}` };
	if (facts.phone !== null) return { phone: phoneParts(`${facts.phone.text}9`) };
	return { name: `${facts.name} B` };
}

function otherLead(facts: LeadFacts, change: Change, fresh: LeadFacts): LeadFacts {
	const next: LeadFacts = { ...facts, ...freshIds(facts, fresh) };
	switch (change) {
		case 'contact type': {
			const types: readonly number[] = CONTACT_TYPES[facts.kind];
			return { ...next, contactTypeId: types.find((type) => type !== facts.contactTypeId)! };
		}
		case 'text':
			return { ...next, message: facts.message === null ? null : `${facts.message}!` };
		case 'prospect':
			return { ...next, ...otherProspect(facts) };
		case 'ad':
			return facts.adCode === null
				? { ...next, idAvisoPlat: facts.idAvisoPlat + 1 }
				: { ...next, adCode: `${facts.adCode}-B`, idAvisoPlat: facts.idAvisoPlat + 1 };
		case 'instant':
			return { ...next, registeredAt: facts.registeredAt + (fresh.registeredAt % 997) + 1 };
		default:
			return next;
	}
}

/** Whether the list tells the two apart: it carries all but a phone view's ids. */
const listTellsApart = (facts: LeadFacts, change: Change) =>
	!(facts.kind === 'CONTACTO' && (change === 'ids only' || change === 'text'));

/**
 * Whether the change is one the body of this language carries. English SF bodies carry the person
 * and, for a message, its id and text: neither the ad, the instant nor the contact type. A phone
 * view has no message id nor text: two views told apart by those alone are one lead.
 */
function bodyTellsApart(language: BodyLanguage, facts: LeadFacts, change: Change): boolean {
	if (!listTellsApart(facts, change)) return false;
	if (language !== 'EN_SF') return true;
	return facts.kind === 'CONTACTO_MENSAJE' || change === 'prospect';
}

describe('never merged: two leads the portal tells apart never share a leadKey', () => {
	it(`in every body language and edition, in the list, and across the two (${RUNS} pairs)`, () => {
		fc.assert(
			fc.property(lead, lead, fc.constantFrom(...CHANGES), (facts, fresh, change) => {
				const other = otherLead(facts, change, fresh);
				for (const form of LIST_FORMS) {
					const [a, b] = [facts, other].map((one) => listKeys(listItemOf(form, one), one));
					if (listTellsApart(facts, change)) expect(a.leadKey).not.toBe(b.leadKey);
				}
				for (const language of BODY_LANGUAGES) {
					if (!bodyTellsApart(language, facts, change)) continue;
					const a = callbackKeys(language, facts);
					const b = callbackKeys(language, other);
					expect(a.leadKey).not.toBe(b.leadKey);
					// A lead from one path never takes the key of another lead from the other path.
					expect(a.leadKey).not.toBe(listKeys(recordedItem(other), other).leadKey);
					expect(b.leadKey).not.toBe(listKeys(recordedItem(facts), facts).leadKey);
				}
			}),
			{ numRuns: RUNS, seed: 41 },
		);
	});
});

/**
 * Whether a callback body in this language carries what the list identifies the lead by: the
 * message id of a message; for a phone view, its ad code, instant, type and a known prospect.
 */
function bodySharesIdentity(language: BodyLanguage, facts: LeadFacts): boolean {
	if (facts.kind === 'CONTACTO_MENSAJE') return language !== 'EN';
	return language !== 'EN_SF' && !isAnonymous(facts) && facts.adCode !== null;
}

/** The list's untidy forms (sandbox/untidy.ts): what no published text says the list keeps. */
type Untidiness = 'tidy' | 'no milliseconds' | 'no offset' | 'view without e-mail';
const UNTIDINESS: Untidiness[] = ['tidy', 'no milliseconds', 'no offset', 'view without e-mail'];

function untidyItem(
	item: Record<string, unknown>,
	facts: LeadFacts,
	how: Untidiness,
	zone: number,
) {
	const at = facts.registeredAt;
	switch (how) {
		case 'no milliseconds':
			return { ...item, fecha: new Date(at - (at % 1000)).toISOString().replace('.000', '') };
		case 'no offset':
			return { ...item, fecha: new Date(at + zone * 3_600_000).toISOString().slice(0, 23) };
		case 'view without e-mail':
			return facts.kind === 'CONTACTO' ? { ...item, email: null } : item;
		default:
			return item;
	}
}

describe('one lead, one row: the callback and the list give one leadKey, else one matchKey', () => {
	it(`in every body language and edition (${RUNS} leads)`, () => {
		fc.assert(
			fc.property(lead, (facts) => {
				const listed = listKeys(recordedItem(facts), facts);
				for (const language of BODY_LANGUAGES) {
					const heard = callbackKeys(language, facts);
					if (bodySharesIdentity(language, facts)) expect(heard.leadKey).toBe(listed.leadKey);
					else if (language !== 'EN_SF') expect(heard.matchKey).toBe(listed.matchKey);
				}
			}),
			{ numRuns: RUNS, seed: 42 },
		);
	});

	it(`also when the list drops milliseconds, the offset or a view's e-mail (${RUNS} leads)`, () => {
		const zones = fc.integer({ min: -6, max: -3 });
		fc.assert(
			fc.property(lead, fc.constantFrom(...UNTIDINESS), zones, (facts, how, zone) => {
				const heard = callbackKeys('ES', facts);
				const listed = listKeys(untidyItem(recordedItem(facts), facts, how, zone), facts);
				if (heard.leadKey === listed.leadKey) return;
				// Keyed apart: a message's id would have made them one.
				expect(facts.kind).toBe('CONTACTO');
				expect(listed.matchKey).not.toBeNull();
				expect(heard.matchKey).toBe(listed.matchKey);
			}),
			{ numRuns: RUNS, seed: 43 },
		);
	});
});
