/**
 * Someone may set the callback's body language at the portal to another one than this trigger
 * registered: every body is still read (nodes/shared/readEvent.ts), and n8n's log says so once per
 * webhook and language in this process, not at every delivery.
 */
import type { Logger } from 'n8n-workflow';
import type { BodyLanguage } from '../shared/eventFields';

const told = new Set<string>();

export function noteBodyLanguage(
	logger: Pick<Logger, 'warn'>,
	webhook: string,
	configured: string,
	detected: BodyLanguage | null,
): void {
	if (detected === null || detected === configured) return;
	const mark = `${webhook} ${configured} ${detected}`;
	if (told.has(mark)) return;
	told.add(mark);
	logger.warn(
		`Real Estate Portal Trigger: callback bodies arrive in ${detected} though ${configured} is configured. They are read all the same; someone may have changed the callback's language at the portal (Callback Configuration → Get shows it).`,
	);
}
