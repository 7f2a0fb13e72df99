/**
 * A callback configuration the portal lost, put back by the Poll Trigger of the same workflow.
 *
 * n8n checks a callback trigger's registration only when it activates the workflow (publishing, or
 * n8n starting: checkExists, then create when it is gone). A portal that loses the configuration
 * while n8n runs would deliver nothing until the workflow is published again. A Poll Trigger in the
 * same workflow, with the same credential as a published callback trigger, finds what that trigger
 * registered in the workflow's global static data (RealEstatePortalTrigger/callbackRecord.ts) and,
 * at each poll, reads the configuration (one GET): only when it is empty or gone does it set it
 * again (the same URL, header, body language, and the secret derived from the credential and the
 * URL, which the trigger still accepts) and subscribe the kinds again, saying so in n8n's log. A
 * configuration pointing elsewhere is someone's choice: it is left alone and named in the log, once
 * per process. A failure to read or repair is logged and never fails the poll: its items come all
 * the same. Polls that overlap in one process (the first poll after a start and a scheduled one)
 * share one check: the configuration is put back, and said so, once.
 */
import type { IPollFunctions } from 'n8n-workflow';
import { CREDENTIAL_TYPE } from '../shared/credentials';
import { callbackApiOf } from '../RealEstatePortalTrigger/callbackApi';
import { recordedCallback, type RecordedCallback } from '../RealEstatePortalTrigger/callbackRecord';
import { keyMaterialOf } from '../RealEstatePortalTrigger/secrets';
import { webhookSecretFor } from '../RealEstatePortalTrigger/verify';

const PREFIX = 'Real Estate Portal Poll Trigger:';

/** Configurations pointing elsewhere already named in the log, as `<ours> <theirs>`. */
const toldElsewhere = new Set<string>();
const MOST_TOLD = 1_000;

function tellElsewhere(ctx: IPollFunctions, record: RecordedCallback, theirs: string): void {
	const mark = `${record.url} ${theirs}`;
	if (toldElsewhere.has(mark)) return;
	if (toldElsewhere.size >= MOST_TOLD) toldElsewhere.clear();
	toldElsewhere.add(mark);
	ctx.logger.warn(
		`${PREFIX} the interface's callback configuration points at ${theirs}, not at this workflow's trigger (${record.url}); it is left as it is. To receive callbacks here again, publish this workflow again.`,
	);
}

/** Checks in progress, by the recorded callback's URL. */
const checking = new Map<string, Promise<void>>();

/** Puts the recorded callback back when the portal's configuration is empty or gone. */
export async function repairLostCallback(ctx: IPollFunctions): Promise<void> {
	const record = recordedCallback(ctx);
	if (record === undefined) return;
	const inProgress = checking.get(record.url);
	if (inProgress !== undefined) return await inProgress;
	const check = checkAndRepair(ctx, record).finally(() => checking.delete(record.url));
	checking.set(record.url, check);
	await check;
}

async function checkAndRepair(ctx: IPollFunctions, record: RecordedCallback): Promise<void> {
	const api = callbackApiOf(ctx);
	try {
		const current = await api.getConfiguration();
		if (current !== null) {
			if (current.url !== record.url) tellElsewhere(ctx, record, current.url);
			return;
		}
		const credentials = await ctx.getCredentials(CREDENTIAL_TYPE);
		await api.setConfiguration({
			url: record.url,
			authorizationHeaderKey: record.headerKey,
			authorizationHeaderValue: webhookSecretFor(keyMaterialOf(credentials), record.url),
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
