/**
 * The interface's agency when it is linked to exactly one: lead bodies name no agency
 * (docs/portal-api.md#lead-bodies), and then the event can only be about that one.
 *
 * Agencies get linked while a workflow is published, so the answer is read again when older than
 * AGENCY_LIST_MAX_AGE_MS, kept in this process's memory per credential. A read that fails or
 * takes too long answers "no sole agency": a lead then gets no agency code (and does not pass an
 * Only Agency Codes filter) rather than one that may be wrong. The failure is remembered as long as
 * a good answer, so a portal outage costs one slow delivery per interval, not every delivery.
 */
import type { IHookFunctions, IWebhookFunctions } from 'n8n-workflow';
import { CREDENTIAL_TYPE } from '../shared/credentials';
import { portalRequestAllPages } from '../shared/paging';

export const AGENCY_LIST_MAX_AGE_MS = 30_000;
/** The portal waits about 1.5 s for the webhook's answer: the list gets at most this long. */
const READ_BUDGET_MS = 800;
const MAX_CREDENTIALS_IN_PROCESS = 100;

interface Known {
	code: string | null;
	readAt: number;
}

/** In order of last use, as in dedupe.ts. */
const known = new Map<string, Known>();

type AgencyReader = IHookFunctions | IWebhookFunctions;

function keyOf(ctx: AgencyReader): string {
	const credential = ctx.getNode().credentials?.[CREDENTIAL_TYPE];
	return credential?.id ?? credential?.name ?? `node:${ctx.getNode().id}`;
}

function remember(key: string, code: string | null, now: number): string | null {
	known.delete(key);
	known.set(key, { code, readAt: now });
	if (known.size > MAX_CREDENTIALS_IN_PROCESS) known.delete(known.keys().next().value!);
	return code;
}

async function readSoleAgencyCode(ctx: AgencyReader, deadline?: number): Promise<string | null> {
	const agencies = await portalRequestAllPages(ctx, 'listAgencies', { limit: 2, deadline });
	const code = agencies.length === 1 ? agencies[0].codigoInmobiliaria : undefined;
	return typeof code === 'string' && code !== '' ? code : null;
}

/** At activation: read now (a failure fails the activation with the portal's reason). */
export async function soleAgencyCodeAtActivation(ctx: IHookFunctions): Promise<string | null> {
	return remember(keyOf(ctx), await readSoleAgencyCode(ctx), Date.now());
}

/** For a delivery: the remembered answer while fresh, otherwise read again within the budget. */
export async function soleAgencyCodeNow(ctx: IWebhookFunctions, now = Date.now()) {
	const key = keyOf(ctx);
	const remembered = known.get(key);
	if (remembered && now - remembered.readAt < AGENCY_LIST_MAX_AGE_MS) return remembered.code;
	try {
		return remember(key, await readSoleAgencyCode(ctx, now + READ_BUDGET_MS), now);
	} catch (error) {
		ctx.logger.warn(
			`Real Estate Portal Trigger: the interface's agencies could not be read (${(error as Error).message}); events that name no agency get no agency code for the next ${AGENCY_LIST_MAX_AGE_MS / 1000} s.`,
		);
		return remember(key, null, now);
	}
}
