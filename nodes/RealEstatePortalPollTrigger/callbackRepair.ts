/**
 * A callback configuration the portal lost, put back by the Poll Trigger of the same workflow.
 *
 * n8n checks a callback trigger's registration only when it activates the workflow, so a portal
 * that loses the configuration while n8n runs would deliver nothing until the workflow is published
 * again. A Poll Trigger in the same workflow, with the same credential as a published callback
 * trigger, finds what that trigger registered (RealEstatePortalTrigger/callbackRecord.ts) and, at
 * each poll, reads the configuration (one GET). What holds:
 *
 * - Only a LOST configuration (empty or gone) is set again, with the trigger's URL, header and body
 *   language, its kinds subscribed again, said in the log; and only with the secret the trigger
 *   accepts (a credential edited since publishing derives another, which it would refuse with 401):
 *   else the log says once per process to publish the workflow again, and the lead list lands leads.
 * - A configuration pointing elsewhere (another workflow took it over) is left alone, named in the
 *   log, and its record forgotten: it is never taken back after a loss. Publishing records anew.
 * - A failure is logged and never fails the poll. Two polls of one trigger never check at once.
 */
import type { IPollFunctions } from 'n8n-workflow';
import { CREDENTIAL_TYPE } from '../shared/credentials';
import { callbackApiOf } from '../RealEstatePortalTrigger/callbackApi';
import {
	forgetCallback,
	recordedCallback,
	type RecordedCallback,
} from '../RealEstatePortalTrigger/callbackRecord';
import { digestMatches, keyMaterialOf } from '../RealEstatePortalTrigger/secrets';
import { webhookSecretFor } from '../RealEstatePortalTrigger/verify';

const PREFIX = 'Real Estate Portal Poll Trigger:';

/** Situations already told in the log, as `<situation> <our URL> [<their URL>]`. */
const told = new Set<string>();
const MOST_TOLD = 1_000;

function tellOnce(ctx: IPollFunctions, situation: string, line: string): void {
	if (told.has(situation)) return;
	if (told.size >= MOST_TOLD) told.clear();
	told.add(situation);
	ctx.logger.warn(`${PREFIX} ${line}`);
}

/** A trigger's test URL and production URL end alike: `/<webhook id>/real-estate-portal`. */
const tailOf = (url: string) =>
	url
		.replace(/[?#].*$/, '')
		.split('/')
		.slice(-2)
		.join('/');

/**
 * Puts the recorded callback back when the portal's configuration is empty or gone. Two polls of
 * one workflow never check at once: they run one at a time (oneAtATime.ts).
 */
export async function repairLostCallback(ctx: IPollFunctions): Promise<void> {
	const record = recordedCallback(ctx);
	if (record === undefined) return;
	const api = callbackApiOf(ctx);
	try {
		const current = await api.getConfiguration();
		if (current !== null) {
			if (tailOf(current.url) !== tailOf(record.url)) leftElsewhere(ctx, record, current.url);
			return;
		}
		const secret = webhookSecretFor(
			keyMaterialOf(await ctx.getCredentials(CREDENTIAL_TYPE)),
			record.url,
		);
		if (record.secretDigest === undefined || !digestMatches(secret, record.secretDigest)) {
			tellOnce(
				ctx,
				`secret ${record.url}`,
				`the portal lost the interface's callback configuration, and this credential no longer derives the secret the trigger at ${record.url} accepts (the credential was changed since the workflow was published); it is not put back. Publish the workflow again to register the callback; until then the lead list brings the leads.`,
			);
			return;
		}
		await api.setConfiguration({
			url: record.url,
			authorizationHeaderKey: record.headerKey,
			authorizationHeaderValue: secret,
			lenguajeCallbackBody: record.language,
		});
		for (const kind of record.kinds) await api.subscribe(kind);
	} catch (error) {
		ctx.logger.warn(
			`${PREFIX} the interface's callback configuration could not be checked or put back: ${(error as Error).message}. The next poll tries again.`,
		);
		return;
	}
	ctx.logger.warn(
		`${PREFIX} the portal had lost the interface's callback configuration; put back: ${record.url}, header ${record.headerKey}, body language ${record.language}, and subscribed again to ${record.kinds.join(', ')}.`,
	);
}

/** The callback is someone else's now: never taken back, even after a loss. */
function leftElsewhere(ctx: IPollFunctions, record: RecordedCallback, theirs: string): void {
	forgetCallback(ctx, record.url);
	tellOnce(
		ctx,
		`elsewhere ${record.url} ${theirs}`,
		`the interface's callback configuration points at ${theirs}, not at this workflow's trigger (${record.url}); it is left as it is, and not put back if the portal loses it. To receive callbacks here again, publish this workflow again.`,
	);
}
