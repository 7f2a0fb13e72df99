/**
 * Callback body languages (field notes, "Lead bodies in five languages"): the Callbacks pages list
 * `EN`, `ES`, `PT` [P]; the event pages show two more, configured as `EN2` and `EN_SF` [S].
 */
export const BODY_LANGUAGES = ['ES', 'PT', 'EN', 'EN2', 'EN_SF'] as const;
export type BodyLanguage = (typeof BODY_LANGUAGES)[number];

/**
 * The language a configured `lenguajeCallbackBody` asks for. The configuration stores any text; an
 * empty, absent or unknown one gets `fallback` (BEHAVIOUR.callbacks.defaultLanguage, Spanish).
 */
export function bodyLanguageOf(configured: unknown, fallback: BodyLanguage): BodyLanguage {
	return (BODY_LANGUAGES as readonly unknown[]).includes(configured)
		? (configured as BodyLanguage)
		: fallback;
}
