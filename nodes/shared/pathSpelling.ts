/**
 * Which spelling of a path to call (paths.ts). For an operation whose spellings are reported
 * rather than specified (`trySpellings`), the credential's path language is tried first and, when
 * the portal refuses it (401 or 404), the other once; the one that answered is remembered for the
 * credential's base URL for as long as this n8n process runs.
 */
import { PATHS, type PathEntry, type PathLanguage, type PortalOperation } from './paths';

const answered = new Map<string, PathLanguage>();

const keyOf = (operation: PortalOperation, baseUrl: string) => `${baseUrl} ${operation}`;

const other = (language: PathLanguage): PathLanguage => (language === 'es' ? 'pt' : 'es');

/** The spellings to try, in order. */
export function spellingsToTry(
	operation: PortalOperation,
	baseUrl: string,
	configured: PathLanguage,
): PathLanguage[] {
	const entry: PathEntry = PATHS[operation];
	if (!entry.trySpellings) return [configured];
	const first = answered.get(keyOf(operation, baseUrl)) ?? configured;
	return [first, other(first)];
}

export function rememberSpelling(
	operation: PortalOperation,
	baseUrl: string,
	language: PathLanguage,
): void {
	answered.set(keyOf(operation, baseUrl), language);
}

/** An answer that may mean "no such path here" rather than "no such thing" (docs/portal-api.md, "Unknown paths"). */
export const isRefusedSpelling = (status: number | undefined) => status === 401 || status === 404;
