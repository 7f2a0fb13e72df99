/**
 * Whether the credential's token is a read-only (LEC) interface's, asked of the portal. The
 * credential's Interface Kind is what the user believes; where the kind decides something, the
 * portal's answer is asked for and wins (docs/portal-api.md#which-kind-a-token-has).
 *
 * The question is a write that changes nothing: an ad that the online ad summary shows associated
 * to this very interface is associated again, to the ad code it already has. In the page-envelope
 * shape of the summary an ad code is shown only on the ads associated to the calling interface, so
 * only that shape is used. A read-only interface is refused with "Access is denied", the service's
 * answer to any write of a LEC. A read-write one is answered "already associated" (403
 * no_permission); and a portal that accepted the association again would leave it as it was: the
 * same ad, the same code, the same interface. Nothing else is written.
 *
 * An interface with no associated ad among the first agencies' first summary pages cannot be asked
 * this way, and the answer is then "unknown": such an interface is sent no event about any ad yet.
 */
import { isAlreadyAssociated, isReadOnlyRefusalError } from './errors';
import { portalRequestAllPages } from './paging';
import { portalRequest, type PortalContext } from './transport';

export type TokenKindAnswer =
	/** The portal refused the write as it refuses a read-only (LEC) interface. */
	| 'readOnly'
	/** The portal let the token reach the association: "already associated", or accepted again. */
	| 'mayWrite'
	/** No ad associated to the interface on the first agencies' first summary pages. */
	| 'unknown';

/** How many of the interface's agencies are looked at, one summary page each. */
const AGENCIES_LOOKED_AT = 10;
const FIRST_PAGE = { 'pageable.page': 0, 'pageable.size': 200 };

interface AssociatedAd {
	agencyCode: string;
	adCode: string;
	adId: number;
}

function associatedAdOn(page: unknown, agencyCode: string): AssociatedAd | undefined {
	const content = (page as { content?: unknown } | null)?.content;
	if (!Array.isArray(content)) return undefined;
	for (const item of content as Array<Record<string, unknown> | null>) {
		const adCode = item?.codigoAviso;
		const adId = item?.idAvisoPlat;
		if (typeof adCode === 'string' && adCode.trim() !== '' && Number.isSafeInteger(adId)) {
			return { agencyCode, adCode, adId: adId as number };
		}
	}
	return undefined;
}

async function anAdAssociatedToThisInterface(
	ctx: PortalContext,
): Promise<AssociatedAd | undefined> {
	const agencies = await portalRequestAllPages(ctx, 'listAgencies', { limit: AGENCIES_LOOKED_AT });
	for (const agency of agencies) {
		const agencyCode = agency.codigoInmobiliaria;
		if (typeof agencyCode !== 'string' || agencyCode === '') continue;
		const page = await portalRequest(ctx, 'adSummary', {
			pathParams: { agencyCode },
			query: FIRST_PAGE,
		});
		const ad = associatedAdOn(page, agencyCode);
		if (ad) return ad;
	}
	return undefined;
}

/**
 * Asks the portal whether the credential's token may write, changing nothing (see above). A portal
 * that fails to answer (unreachable, a refused read) throws, as the step that needed the answer
 * would have failed on it too.
 */
export async function askTokenKind(ctx: PortalContext): Promise<TokenKindAnswer> {
	const ad = await anAdAssociatedToThisInterface(ctx);
	if (!ad) return 'unknown';
	const outcome = await portalRequest(ctx, 'associateAd', { pathParams: { ...ad } }).then(
		() => ({ error: undefined }),
		(error: unknown) => ({ error }),
	);
	if (outcome.error === undefined || isAlreadyAssociated(outcome.error)) return 'mayWrite';
	if (isReadOnlyRefusalError(outcome.error)) return 'readOnly';
	throw outcome.error;
}
