/**
 * A failed portal request turned into an error that names the fix. Everything here is built from
 * sanitised pieces (status, the service's code and message, a redacted path): never from the raw
 * HTTP error, whose request carries the access token.
 */
import { NodeApiError, type INode, type JsonObject } from 'n8n-workflow';
import type { PortalSettings } from './credentials';
import { isAccessDenied, type CodedMessage } from './errorBody';
import type { PortalOperation } from './paths';
import { redact } from './redact';

export interface PortalFailure {
	operation: PortalOperation;
	method: string;
	/** The request path, without query. */
	path: string;
	/** HTTP status; absent when no answer arrived. */
	status?: number;
	/** The service's error code (`invalid_token`, `not_found`...). */
	serviceCode?: string;
	serviceMessage?: string;
	/** The portal's coded entries (errors, then warnings, information), when the answer had them. */
	serviceMessages?: CodedMessage[];
	/** A network error code (ECONNRESET...) when no answer arrived. */
	networkCode?: string;
	attempts: number;
	/** The request was not repeated because repeating it is not safe. */
	notRetriedUnsafe?: boolean;
	pathParams?: Record<string, string | number>;
}

interface Explanation {
	message: string;
	description: string;
}

/** Operations that change ads or their state: the ones a read-only interface is refused. */
const WRITE_VERBS: Partial<Record<PortalOperation, string>> = {
	associateAd: 'associating ads',
	simulateCreditEvent: 'simulating credit events',
};

const CALLBACK_OPERATIONS: readonly PortalOperation[] = [
	'getCallbackConfiguration',
	'setCallbackConfiguration',
	'subscribeEvent',
	'unsubscribeEvent',
	'simulateLeadEvent',
	'simulateCreditEvent',
];

const accessDenied = (f: PortalFailure) =>
	isAccessDenied({ code: f.serviceCode, message: f.serviceMessage });

const serviceSaid = (f: PortalFailure) =>
	f.serviceMessage ? ` The portal said: "${f.serviceMessage}".` : '';

function attemptsText(f: PortalFailure): string {
	if (f.notRetriedUnsafe) {
		return ' It was not repeated automatically because repeating it is not safe: check whether it took effect before running again.';
	}
	return f.attempts > 1 ? ` Gave up after ${f.attempts} attempts.` : '';
}

function unauthorized(f: PortalFailure, settings: PortalSettings): Explanation {
	const where = `the ${settings.environment} environment at ${settings.baseUrl}`;
	return {
		message: 'The portal rejected the access token',
		description:
			settings.authentication === 'clientCredentials'
				? `The token obtained with the credential's Client ID and Client Secret was refused. Check them, and that they belong to ${where}.${serviceSaid(f)}`
				: `Check the Access Token in the credential, and that it belongs to ${where}.${serviceSaid(f)}`,
	};
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Which of the two the portal's sentence says is missing when an association is "not found": the
 * one it names first, by its word and value ("Agency INMO-999 is not linked…", "Ad 54000420 does
 * not exist in agency INMO-001", or the Spanish and Portuguese words); undefined when it names
 * neither.
 */
function missingInAssociation(f: PortalFailure): 'agency' | 'ad' | undefined {
	const said = f.serviceMessage ?? '';
	const firstMention = (words: string, value: string | number | undefined) => {
		if (value === undefined || value === '') return Infinity;
		const mention = new RegExp(`\\b(${words})\\s+"?${escapeRegExp(String(value))}\\b`, 'i');
		return mention.exec(said)?.index ?? Infinity;
	};
	const agencyAt = firstMention('agency|inmobiliaria|imobili[aá]ria', f.pathParams?.agencyCode);
	const adAt = firstMention('ad|aviso|idAviso|anuncio|an[uú]ncio', f.pathParams?.adId);
	if (agencyAt === Infinity && adAt === Infinity) return undefined;
	return agencyAt < adAt ? 'agency' : 'ad';
}

function notFound(f: PortalFailure): Explanation {
	const agency = f.pathParams?.agencyCode;
	if (f.operation === 'associateAd') {
		const missing = missingInAssociation(f);
		if (missing === 'ad') {
			return {
				message: `Ad ${f.pathParams?.adId} not found in agency ${agency}`,
				description: `The platform ad ID must be an ad of that agency: Ad → Get Many lists its online ads.${serviceSaid(f)}`,
			};
		}
		if (missing === undefined) {
			return {
				message: `Ad ${f.pathParams?.adId ?? ''} or agency ${agency ?? ''} not found`,
				description: `The platform ad ID must be an ad of that agency, and the agency one linked to this interface (Agency → Get Many lists them).${serviceSaid(f)}`,
			};
		}
	}
	if (f.operation === 'simulateLeadEvent' || f.operation === 'simulateCreditEvent') {
		return {
			message: `Not found in the sandbox: ${f.serviceMessage ?? 'the agency or the ad'}`,
			description:
				'The agency must be one linked to this interface, and the ad code (or platform ad ID) one of its ads.',
		};
	}
	if (agency !== undefined) {
		return {
			message: `Agency "${agency}" not found`,
			description: `The agency code must be one of the agencies linked to this interface: Agency → Get Many lists them. If it is, check the credential's Base URL and Path Language.${serviceSaid(f)}`,
		};
	}
	return {
		message: `Nothing answers at ${f.method} ${f.path}`,
		description: `Check the credential's Base URL and Path Language (Spanish or Portuguese segments).${serviceSaid(f)}`,
	};
}

/**
 * A write refused as the portal refuses every write of a read-only (LEC) interface: the token is
 * a LEC's, whatever the credential's Interface Kind says (docs/portal-api.md#interface-kinds-les-and-lec).
 */
function isReadOnlyRefusal(answer: {
	status?: number | null;
	code?: string | null;
	message?: string | null;
}): boolean {
	return (
		answer.status === 403 &&
		isAccessDenied({ code: answer.code ?? undefined, message: answer.message ?? undefined })
	);
}

function forbidden(f: PortalFailure, settings: PortalSettings): Explanation {
	const verb = WRITE_VERBS[f.operation];
	if (
		verb &&
		isReadOnlyRefusal({ status: f.status, code: f.serviceCode, message: f.serviceMessage })
	) {
		const kindSaid =
			settings.interfaceKind === 'LES'
				? " This credential's Interface Kind says LES, but the token in it is a read-only interface's: the Interface Kind does not change what a token may do."
				: '';
		return {
			message: `This access token belongs to a read-only (LEC) interface: ${verb} needs a read-write (LES) access token`,
			description: `The portal answered 403 "Access is denied", its answer to every write of a read-only interface.${kindSaid} Use a credential holding your read-write (LES) interface's access token (or client ID and secret).`,
		};
	}
	if (f.serviceCode === 'no_permission' && /asociad/i.test(f.serviceMessage ?? '')) {
		return {
			message: `Ad ${f.pathParams?.adId ?? ''} is already associated to this interface`,
			description: `Turn on the option "Treat Already Associated as Success" to let re-runs of a bulk association pass.${serviceSaid(f)}`,
		};
	}
	return {
		message: 'The portal denied access to this operation',
		description: `Check that the credential's interface may do this, and its Interface Kind (LES read-write, LEC read-only).${serviceSaid(f)}`,
	};
}

function badRequest(f: PortalFailure): Explanation {
	if (f.serviceCode === 'sin_configuracion') {
		return {
			message: 'Configure the callback before subscribing to events',
			description: `Run Callback Configuration → Set first, then subscribe.${serviceSaid(f)}`,
		};
	}
	return {
		message: `The portal refused the request: ${f.serviceMessage ?? 'bad request'}`,
		description: 'Fix the parameter the message names and run again.',
	};
}

function serverError(f: PortalFailure): Explanation {
	if (CALLBACK_OPERATIONS.includes(f.operation) && accessDenied(f)) {
		return {
			message: 'Your portal plan has no callback access',
			description:
				'The portal answers "Access is denied" (HTTP 500) on callback configuration, event subscription and simulation when the plan does not include callbacks. Contact the portal\'s integration support to enable callbacks for this interface.',
		};
	}
	if (f.operation === 'listMessages' && accessDenied(f)) {
		return {
			message: 'Your portal plan does not include lead polling',
			description:
				'The portal answered "Access is denied" (HTTP 500) on the lead list. Contact the portal\'s integration support to enable it for this interface.',
		};
	}
	return {
		message: `The portal failed to process the request (HTTP ${f.status})`,
		description: `Try again later.${attemptsText(f)}${serviceSaid(f)}`,
	};
}

/** What to do about the coded errors we know: ERR-0501 no publication plan, ERR-0502 no credits. */
const CODED_FIXES: Record<string, string> = {
	'ERR-0501':
		"The agency has no active publication plan: ask the portal's commercial support to renew or activate the agency's plan, then run again.",
	'ERR-0502':
		'The agency has no publication credits left: buy credits for the agency on the portal, then run again.',
};

function coded(f: PortalFailure, messages: CodedMessage[]): Explanation {
	const fixes = [...new Set(messages.map((m) => CODED_FIXES[m.code]).filter(Boolean))];
	const listed = messages.map((m) => (m.code ? `${m.text} (${m.code})` : m.text)).join('; ');
	return {
		message: `The portal refused the request: ${messages.map((m) => m.text).join(' ')}`,
		description: [...fixes, `The portal said: ${listed}.`, attemptsText(f).trim()]
			.filter(Boolean)
			.join(' '),
	};
}

function explain(f: PortalFailure, settings: PortalSettings): Explanation {
	if (f.serviceMessages && f.serviceMessages.length > 0) return coded(f, f.serviceMessages);
	if (f.status === undefined) {
		return {
			message: `Could not reach the portal at ${settings.baseUrl}`,
			description: `No answer (${f.networkCode ?? 'network error'}). Check the credential's Base URL and that the service is up.${attemptsText(f)}`,
		};
	}
	if (f.status === 401) return unauthorized(f, settings);
	if (f.status === 403) return forbidden(f, settings);
	if (f.status === 404) return notFound(f);
	if (f.status === 429) {
		return {
			message: 'The portal is limiting the request rate (HTTP 429)',
			description: `Wait before running again, or use the Batching option to send fewer items per interval.${attemptsText(f)}`,
		};
	}
	if (f.status >= 500) return serverError(f);
	if (f.status === 400) return badRequest(f);
	return {
		message: `The portal answered HTTP ${f.status}${f.serviceMessage ? `: ${f.serviceMessage}` : ''}`,
		description: `${f.method} ${f.path}.${serviceSaid(f)}`,
	};
}

/** The portal's own answer, for callers that decide on it (e.g. "already associated"). */
export interface PortalErrorDetails extends JsonObject {
	portalStatus: number | null;
	portalCode: string | null;
	portalMessage: string | null;
	/** The answer's coded entries (`errors[]`, `warnings[]`, `informacion[]`), codes kept; or empty. */
	portalMessages: JsonObject[];
	request: string;
}

export function portalApiError(
	node: INode,
	failure: PortalFailure,
	settings: PortalSettings,
	secrets: readonly string[],
	itemIndex?: number,
): NodeApiError {
	const clean = (text: string) => redact(text, secrets);
	const { message, description } = explain(failure, settings);
	const details: PortalErrorDetails = {
		portalStatus: failure.status ?? null,
		portalCode: failure.serviceCode ? clean(failure.serviceCode) : null,
		portalMessage: failure.serviceMessage ? clean(failure.serviceMessage) : null,
		portalMessages: (failure.serviceMessages ?? []).map((m) => ({
			code: clean(m.code),
			text: clean(m.text),
			level: m.level ?? 'error',
		})),
		request: clean(`${failure.method} ${failure.path}`),
	};
	return new NodeApiError(node, details, {
		message: clean(message),
		description: clean(description),
		httpCode: failure.status === undefined ? undefined : String(failure.status),
		itemIndex,
	});
}

/** The portal's answer behind an error thrown by the transport, if it is one. */
export function portalErrorDetails(error: unknown): PortalErrorDetails | undefined {
	const details = (error as { errorResponse?: unknown } | null)?.errorResponse;
	if (details && typeof details === 'object' && 'portalStatus' in details) {
		return details as PortalErrorDetails;
	}
	return undefined;
}

/** The portal refused an association because the ad is already associated to this interface. */
export function isAlreadyAssociated(error: unknown): boolean {
	const details = portalErrorDetails(error);
	return details?.portalStatus === 403 && details.portalCode === 'no_permission';
}

/** The portal refused a write because the credential's token is a read-only (LEC) interface's. */
export function isReadOnlyRefusalError(error: unknown): boolean {
	const details = portalErrorDetails(error);
	return (
		details !== undefined &&
		isReadOnlyRefusal({
			status: details.portalStatus,
			code: details.portalCode,
			message: details.portalMessage,
		})
	);
}
