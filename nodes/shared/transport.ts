/**
 * The one request function of the package, used by both nodes: it reads the credential, builds the
 * URL from the path table, lets n8n authenticate (the token goes in `access_token` only), reads
 * 204 / JSON / XML / HTML / empty answers, repeats what is safe to repeat, and throws errors that
 * name the fix and never contain the token. Lists are paged by nodes/shared/paging.ts.
 */
import {
	NodeOperationError,
	sleep,
	type ICredentialDataDecryptedObject,
	type ICredentialsDecrypted,
	type IDataObject,
	type IExecuteFunctions,
	type IHookFunctions,
	type IHttpRequestMethods,
	type ILoadOptionsFunctions,
	type IPollFunctions,
	type IWebhookFunctions,
} from 'n8n-workflow';
import { CREDENTIAL_TYPE, portalSettingsOf, secretsOf, type PortalSettings } from './credentials';
import { codedMessages, isAccessDenied, readServiceError } from './errorBody';
import { portalApiError, type PortalFailure } from './errors';
import { PATHS, buildPath, type PathLanguage, type PortalOperation } from './paths';
import { isRefusedSpelling, rememberSpelling, spellingsToTry } from './pathSpelling';
import { redact } from './redact';
import {
	RETRY_POLICY,
	backoffMs,
	isRetriableStatus,
	isTransientNetworkCode,
	retryAfterMs,
} from './retry';

export type PortalContext =
	| IExecuteFunctions
	| ILoadOptionsFunctions
	| IHookFunctions
	| IPollFunctions
	| IWebhookFunctions;

export type PathParams = Record<string, string | number>;

export interface PortalRequestOptions {
	pathParams?: PathParams;
	query?: IDataObject;
	body?: IDataObject;
	/** The input item the request is made for, shown with the error. */
	itemIndex?: number;
	/**
	 * Epoch ms by which the caller needs an answer (a poll's time budget): no attempt waits past it
	 * and no repetition starts that would end after it; the request then fails as unanswered.
	 */
	deadline?: number;
}

interface Answer {
	status: number;
	headers: Record<string, unknown>;
	body: unknown;
}

type Outcome = { answer: Answer } | { networkCode: string };

interface Connection {
	settings: PortalSettings;
	/** The secrets when the credential was read (a later renewal may add a session token). */
	secrets: string[];
	/** The decrypted credential, handed to n8n with each request; n8n writes a renewed token into it. */
	credentials: ICredentialsDecrypted;
}

/**
 * One credential read per node execution (a context with input items), not one per request: n8n
 * then authenticates every request of the run from the same decrypted object, and a client-credentials
 * renewal (n8n assigns the new session token into it) is seen by the requests that follow. Other
 * contexts (webhooks, hooks, list loading) read afresh each time.
 */
const connectionsOfRun = new WeakMap<PortalContext, Promise<Connection>>();

async function readConnection(ctx: PortalContext): Promise<Connection> {
	const data: ICredentialDataDecryptedObject = await ctx.getCredentials(CREDENTIAL_TYPE);
	const details = ctx.getNode().credentials?.[CREDENTIAL_TYPE];
	const credentials = {
		id: details?.id ?? '',
		name: details?.name ?? '',
		type: CREDENTIAL_TYPE,
		data,
	};
	try {
		return { settings: portalSettingsOf(data), secrets: secretsOf(data), credentials };
	} catch (error) {
		throw new NodeOperationError(ctx.getNode(), (error as Error).message, {
			description:
				'Open the Real Estate Portal API credential and fix the field the message names.',
		});
	}
}

function connect(ctx: PortalContext): Promise<Connection> {
	const known = connectionsOfRun.get(ctx);
	if (known) return known;
	const connection = readConnection(ctx);
	if (typeof (ctx as Partial<IExecuteFunctions>).getInputData === 'function') {
		connectionsOfRun.set(ctx, connection);
		// A failed read is not kept: the next item reads the credential again.
		connection.catch(() => connectionsOfRun.delete(ctx));
	}
	return connection;
}

/** The credential's settings (environment, base URL, path language, interface kind). */
export async function readPortalSettings(ctx: PortalContext): Promise<PortalSettings> {
	return (await connect(ctx)).settings;
}

/** The secrets again: a session token obtained by pre-authentication during the request is new. */
function secretsNow(connection: Connection): string[] {
	return [...new Set([...connection.secrets, ...secretsOf(connection.credentials.data ?? {})])];
}

function cleanQuery(query: IDataObject = {}): IDataObject {
	const clean: IDataObject = {};
	for (const [name, value] of Object.entries(query)) {
		if (value === undefined || value === null || value === '') continue;
		clean[name] = value;
	}
	return clean;
}

/** What n8n's request helper threw, reduced to an answer or a network code; never the raw error. */
function outcomeOfThrown(error: unknown): Outcome | { loginMessage: string } | { other: string } {
	const cause = ((error as { cause?: unknown })?.cause ?? error) as {
		name?: unknown;
		message?: unknown;
		code?: unknown;
		response?: { status?: unknown; headers?: unknown; data?: unknown };
	};
	if (cause?.name === 'PortalLoginError' && typeof cause.message === 'string') {
		return { loginMessage: cause.message };
	}
	if (typeof cause?.response?.status === 'number') {
		return {
			answer: {
				status: cause.response.status,
				headers: (cause.response.headers ?? {}) as Record<string, unknown>,
				body: cause.response.data,
			},
		};
	}
	if (typeof cause?.code === 'string' && /^E[A-Z_]+$/.test(cause.code)) {
		return { networkCode: cause.code };
	}
	const message = (error as { message?: unknown })?.message;
	return { other: typeof message === 'string' ? message : 'Unknown error' };
}

async function sendOnce(
	ctx: PortalContext,
	connection: Connection,
	method: IHttpRequestMethods,
	path: string,
	options: PortalRequestOptions,
): Promise<Outcome> {
	try {
		const response = (await ctx.helpers.httpRequestWithAuthentication.call(
			ctx,
			CREDENTIAL_TYPE,
			{
				method,
				url: `${connection.settings.baseUrl}${path}`,
				qs: cleanQuery(options.query),
				body: options.body,
				json: true,
				timeout: attemptTimeoutMs(options.deadline),
				returnFullResponse: true,
				// A 401 still throws, so that n8n renews a client-credentials token and repeats once.
				ignoreHttpStatusErrors: { ignore: true, except: [401] },
			},
			{ credentialsDecrypted: connection.credentials },
		)) as { statusCode: number; headers?: Record<string, unknown>; body?: unknown };
		return {
			answer: { status: response.statusCode, headers: response.headers ?? {}, body: response.body },
		};
	} catch (error) {
		const outcome = outcomeOfThrown(error);
		if ('loginMessage' in outcome) {
			throw new NodeOperationError(
				ctx.getNode(),
				redact(outcome.loginMessage, connection.secrets),
				{
					description: 'The credential authenticates with a Client ID and Client Secret.',
					itemIndex: options.itemIndex,
				},
			);
		}
		if ('other' in outcome) {
			throw new NodeOperationError(ctx.getNode(), redact(outcome.other, secretsNow(connection)), {
				itemIndex: options.itemIndex,
			});
		}
		return outcome;
	}
}

/** Per attempt: the policy's time-out, or less when the caller's deadline comes first. */
function attemptTimeoutMs(deadline: number | undefined): number {
	const { requestTimeoutMs } = RETRY_POLICY;
	return deadline === undefined
		? requestTimeoutMs
		: Math.max(1, Math.min(requestTimeoutMs, deadline - Date.now()));
}

function delayBeforeRetry(outcome: Outcome, attempt: number): number | undefined {
	if ('networkCode' in outcome) return backoffMs(attempt);
	if (outcome.answer.status !== 429) return backoffMs(attempt);
	const asked = retryAfterMs(outcome.answer.headers['retry-after']);
	if (asked === undefined) return backoffMs(attempt);
	return asked > RETRY_POLICY.maxRetryAfterMs ? undefined : asked;
}

function shouldRetry(outcome: Outcome, idempotent: boolean): boolean {
	if ('networkCode' in outcome) return idempotent && isTransientNetworkCode(outcome.networkCode);
	const { status, body } = outcome.answer;
	if (!isRetriableStatus(status)) return false;
	// A 429 is refused before any work is done, so it is safe to repeat whatever the method.
	if (status === 429) return true;
	if (!idempotent) return false;
	// The plan-without-callbacks refusal is a 500 that no repetition will change.
	return !isAccessDenied(readServiceError(body));
}

function failureOf(
	operation: PortalOperation,
	path: string,
	outcome: Outcome,
	attempts: number,
	options: PortalRequestOptions,
): PortalFailure {
	const entry = PATHS[operation];
	const base = { operation, method: entry.method, path, attempts, pathParams: options.pathParams };
	if ('networkCode' in outcome) {
		return {
			...base,
			networkCode: outcome.networkCode,
			notRetriedUnsafe: !entry.idempotent && isTransientNetworkCode(outcome.networkCode),
		};
	}
	const { status, body } = outcome.answer;
	const { code, message, messages } = readServiceError(body);
	return {
		...base,
		status,
		serviceCode: code,
		serviceMessage: message,
		serviceMessages: messages,
		notRetriedUnsafe: !entry.idempotent && status >= 500,
	};
}

/** A 2xx answer is a success unless it carries coded errors (`errors[]` entries). */
function isSuccess(outcome: Outcome): outcome is { answer: Answer } {
	if (!('answer' in outcome)) return false;
	const { status } = outcome.answer;
	if (status < 200 || status >= 300) return false;
	return codedMessages(bodyOf(outcome.answer), 'errors').length === 0;
}

function bodyOf(answer: Answer): unknown {
	if (answer.status === 204) return undefined;
	const { body } = answer;
	if (typeof body === 'string') {
		const trimmed = body.trim();
		if (trimmed === '') return undefined;
		try {
			return JSON.parse(trimmed) as unknown;
		} catch {
			return trimmed;
		}
	}
	return body;
}

type Attempted = { ok: true; body: unknown } | { ok: false; failure: PortalFailure };

/** One path, with the retries the policy allows; the failure when none succeeded. */
async function requestAt(
	ctx: PortalContext,
	connection: Connection,
	operation: PortalOperation,
	path: string,
	options: PortalRequestOptions,
): Promise<Attempted> {
	const entry = PATHS[operation];
	for (let attempt = 1; ; attempt++) {
		const outcome = await sendOnce(ctx, connection, entry.method, path, options);
		if (isSuccess(outcome)) return { ok: true, body: bodyOf(outcome.answer) };
		const delay = delayBeforeRetry(outcome, attempt);
		const retry =
			attempt < RETRY_POLICY.maxAttempts &&
			delay !== undefined &&
			(options.deadline === undefined || Date.now() + delay < options.deadline) &&
			shouldRetry(outcome, entry.idempotent);
		if (!retry)
			return { ok: false, failure: failureOf(operation, path, outcome, attempt, options) };
		await sleep(delay);
	}
}

function pathOf(
	ctx: PortalContext,
	operation: PortalOperation,
	language: PathLanguage,
	options: PortalRequestOptions,
): string {
	try {
		return buildPath(operation, language, options.pathParams);
	} catch (error) {
		throw new NodeOperationError(ctx.getNode(), (error as Error).message, {
			itemIndex: options.itemIndex,
		});
	}
}

/**
 * Every spelling was answered 401. The portal answers a path it does not know that way too
 * (docs/portal-api.md, "Unknown paths"): the agencies list, known to answer any valid token, tells
 * a bad token from an unknown path.
 */
async function unknownPathOrBadToken(
	ctx: PortalContext,
	connection: Connection,
	failures: PortalFailure[],
	options: PortalRequestOptions,
): Promise<Error> {
	const last = failures[failures.length - 1];
	const asThrown = portalApiError(
		ctx.getNode(),
		last,
		connection.settings,
		secretsNow(connection),
		options.itemIndex,
	);
	const agencies = await requestAt(
		ctx,
		connection,
		'listAgencies',
		pathOf(ctx, 'listAgencies', connection.settings.pathLanguage, {}),
		{ deadline: options.deadline },
	);
	if (!agencies.ok) return asThrown;
	const tried = failures.map((failure) => failure.path).join(' and ');
	asThrown.message = `The portal does not answer ${tried} for this interface`;
	(asThrown as { description?: string }).description =
		`It answered 401, as it does for a path it does not know; the access token itself works (the agencies list answered). This portal edition or your plan may not offer this: ask the portal's support which path it has, and keep the credential as it is.`;
	return asThrown;
}

/**
 * One request to the portal. Answers the parsed body, or `undefined` for 204 / an empty body.
 * Throws NodeApiError (service or network failure) or NodeOperationError (credential, login).
 */
export async function portalRequest<T = unknown>(
	ctx: PortalContext,
	operation: PortalOperation,
	options: PortalRequestOptions = {},
): Promise<T | undefined> {
	const connection = await connect(ctx);
	const { baseUrl, pathLanguage } = connection.settings;
	const spellings = spellingsToTry(operation, baseUrl, pathLanguage);
	const failures: PortalFailure[] = [];
	for (const language of spellings) {
		const result = await requestAt(
			ctx,
			connection,
			operation,
			pathOf(ctx, operation, language, options),
			options,
		);
		if (result.ok) {
			if (spellings.length > 1) rememberSpelling(operation, baseUrl, language);
			return result.body as T | undefined;
		}
		failures.push(result.failure);
		if (!isRefusedSpelling(result.failure.status)) break;
	}
	if (spellings.length > 1 && failures.every((failure) => failure.status === 401)) {
		throw await unknownPathOrBadToken(ctx, connection, failures, options);
	}
	throw portalApiError(
		ctx.getNode(),
		failures[failures.length - 1],
		connection.settings,
		secretsNow(connection),
		options.itemIndex,
	);
}
