/**
 * A lead list item as the untidy portal serves it (untidy.ts): its registration instant in another
 * form, to the second, or as a local wall clock without an offset; a phone view's or an alike
 * prospect's e-mail left out. Choices where the contract is silent: the list [S] is recorded
 * without the forms of its values, and nothing published says that its instant or e-mail equal the
 * callback's.
 */
import { createHash } from 'node:crypto';
import { PORTAL_UTC_OFFSET_MINUTES, offsetText, wallClockText } from './contract/dates';
import type { Edition } from './contract/editions';
import type { MessageRecord } from './model';
import { createRng } from './rng';
import type { UntidySettings } from './settings';

/** The fields a listed lead may carry its registration instant in. */
const INSTANT_FIELDS = ['fechaRegistro', 'fecha', 'dataRegistro', 'registerDate'];

/** The offsets of the `rela` edition's countries, UTC-6 to UTC-3 (no daylight saving), in minutes. */
export const RELA_OFFSETS_MINUTES = [-360, -300, -240, -180];

type Form = 'offset' | 'z' | 'epoch' | 'missing' | 'local';
/** `instantForms`' forms, by message id; `listInstantLocal` adds the local text to them. */
const FORMS: readonly Form[] = ['offset', 'z', 'epoch', 'missing'];

/** The agency's zone: one of `rela`'s countries, picked from the seed; UTC-3 in `arg` and `bra`. */
export function listZoneMinutes(seed: number, edition: Edition, agencyCode: string): number {
	if (edition !== 'rela') return PORTAL_UTC_OFFSET_MINUTES;
	const draw = createHash('sha256').update(`${seed}:${agencyCode}`).digest().readUInt32BE(0);
	return RELA_OFFSETS_MINUTES[draw % RELA_OFFSETS_MINUTES.length];
}

/** A lead's listed instant to the second: truncated or rounded, by a draw of its own. */
function toSecond(seed: number, idMensaje: number, at: number): number {
	const truncates = createRng(seed ^ 0x5ec0 ^ Math.imul(idMensaje, 0x9e3779b1)).chance(0.5);
	return (truncates ? Math.floor(at / 1000) : Math.round(at / 1000)) * 1000;
}

function formOf(settings: UntidySettings, idMensaje: number, served: unknown): Form | null {
	if (settings.instantForms) {
		const forms = settings.listInstantLocal ? [...FORMS, 'local' as const] : FORMS;
		return forms[idMensaje % forms.length];
	}
	if (settings.listInstantLocal) return 'local';
	if (!settings.listInstantSeconds) return null;
	return typeof served === 'string' && served.endsWith('Z') ? 'z' : 'offset';
}

export function untidyListItem(
	untidy: { settings: UntidySettings; seed: number },
	item: Record<string, unknown>,
	lead: MessageRecord,
	edition: Edition,
): Record<string, unknown> {
	const { settings, seed } = untidy;
	const withoutEmail =
		(settings.viewsListedWithoutEmail && lead.kind === 'CONTACTO') ||
		lead.contact.emailUnlisted === true;
	const listed = withoutEmail && 'email' in item ? { ...item, email: null } : item;
	const field = INSTANT_FIELDS.find((name) => name in listed);
	const form = field && formOf(settings, lead.idMensaje, listed[field]);
	if (!field || !form) return listed;
	const { [field]: _served, ...rest } = listed;
	const withMs = !settings.listInstantSeconds;
	const at = withMs ? lead.at : toSecond(seed, lead.idMensaje, lead.at);
	const zone = listZoneMinutes(seed, edition, lead.agencyCode);
	const written: Record<Exclude<Form, 'missing'>, () => unknown> = {
		offset: () => wallClockText(at, PORTAL_UTC_OFFSET_MINUTES, withMs) + offsetText(),
		z: () => `${wallClockText(at, 0, withMs)}Z`,
		epoch: () => at,
		local: () => wallClockText(at, zone, withMs),
	};
	return form === 'missing' ? rest : { ...rest, [field]: written[form]() };
}
