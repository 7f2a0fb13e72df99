/**
 * The interface's agency when it is linked to exactly one: lead bodies name no agency
 * (docs/portal-api.md#lead-bodies), and then the event can only be about that one.
 *
 * Agencies get linked while a workflow is published, so the answer is read again when older than
 * AGENCY_LIST_MAX_AGE_MS, kept in this process's memory per credential. A read that fails or
 * takes too long answers `undefined` (unknown), never the last answer, which may be stale; the
 * failure is remembered for FAILED_READ_MAX_AGE_MS, so a portal outage costs one slow delivery a
 * second, not every delivery.
 */
import type { IHookFunctions, IWebhookFunctions } from 'n8n-workflow';
import { CREDENTIAL_TYPE } from '../shared/credentials';
import { BoundedCache } from '../shared/leadDetails/boundedCache';
import { portalRequestAllPages } from '../shared/paging';

export const AGENCY_LIST_MAX_AGE_MS = 30_000;
const FAILED_READ_MAX_AGE_MS = 1_000;
/** The portal waits about 1.5 s for the webhook's answer: the list gets at most this long. */
const READ_BUDGET_MS = 800;
const MAX_CREDENTIALS_IN_PROCESS = 100;

/**
 * Per credential: the answer (undefined: the read failed), or the read under way, which deliveries
 * arriving meanwhile wait for.
 */
const known = new BoundedCache<string | null | undefined>(MAX_CREDENTIALS_IN_PROCESS);

type AgencyReader = IHookFunctions | IWebhookFunctions;

function keyOf(ctx: AgencyReader): string {
	const credential = ctx.getNode().credentials?.[CREDENTIAL_TYPE];
	return credential?.id ?? credential?.name ?? `node:${ctx.getNode().id}`;
}

async function readSoleAgencyCode(ctx: AgencyReader, deadline?: number): Promise<string | null> {
	const agencies = await portalRequestAllPages(ctx, 'listAgencies', { limit: 2, deadline });
	const code = agencies.length === 1 ? agencies[0].codigoInmobiliaria : undefined;
	return typeof code === 'string' && code !== '' ? code : null;
}

/** At activation: read now (a failure fails the activation with the portal's reason). */
export async function soleAgencyCodeAtActivation(ctx: IHookFunctions): Promise<string | null> {
	const code = await readSoleAgencyCode(ctx);
	known.set(keyOf(ctx), Promise.resolve(code), AGENCY_LIST_MAX_AGE_MS);
	return code;
}

/**
 * For a delivery: the remembered answer while fresh, otherwise read again within the budget;
 * undefined when the list cannot be read.
 */
export async function soleAgencyCodeNow(
	ctx: IWebhookFunctions,
	now = Date.now(),
): Promise<string | null | undefined> {
	const key = keyOf(ctx);
	const remembered = known.get(key, now);
	if (remembered) return await remembered;
	const read = readAgain(ctx, key, now);
	known.set(key, read, AGENCY_LIST_MAX_AGE_MS, now);
	return await read;
}

async function readAgain(
	ctx: IWebhookFunctions,
	key: string,
	now: number,
): Promise<string | null | undefined> {
	try {
		return await readSoleAgencyCode(ctx, now + READ_BUDGET_MS);
	} catch (error) {
		ctx.logger.warn(
			`Real Estate Portal Trigger: the interface's agencies could not be read (${(error as Error).message}); a lead that names no agency gets no agency code, or is refused for the portal to send again when Only Agency Codes is set.`,
		);
		known.set(key, Promise.resolve(undefined), FAILED_READ_MAX_AGE_MS, now);
		return undefined;
	}
}
