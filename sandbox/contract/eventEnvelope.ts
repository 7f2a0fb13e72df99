/**
 * Bodies of ad and credit events are not public (field notes, "Callbacks"): the emulator sends its
 * own fields under Spanish names in every language, with the envelope (event id and kind) named as
 * the language's lead bodies name theirs: `idEvento` / `tipoEvento` in Spanish and Portuguese,
 * `eventId` / `eventType` in the English languages.
 */
import type { BodyLanguage } from './languages';

export function withEnvelope(
	language: BodyLanguage,
	idEvento: string,
	kind: string,
	fields: Record<string, unknown>,
): Record<string, unknown> {
	const english = language === 'EN' || language === 'EN2' || language === 'EN_SF';
	return english
		? { eventId: idEvento, eventType: kind, ...fields }
		: { idEvento, tipoEvento: kind, ...fields };
}
