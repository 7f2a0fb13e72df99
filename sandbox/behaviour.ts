/**
 * Every choice the emulator makes where the service's documentation is silent, in one place.
 * Sources: docs/portal-api.md (what integrators observed in production) first, then the team's contract.
 *
 * Values the code reads are in `BEHAVIOUR` and the error table below. Choices that are a shape of
 * the code rather than a value, and where they live:
 * - lists are in ascending platform id (stable paging); an empty page, including one past the end,
 *   answers 204 with no body (routes/common.ts);
 * - shape A is a bare array without paging information, so it ignores paging (routes/adSummary.ts);
 * - blank filter values (`titulo=`) count as absent; `titulo` needs every word, ignoring case and
 *   accents; a repeated single-valued filter is a wrong filter (adFilters.ts);
 * - configuration GET answers the stored fields exactly as sent; the header-key default applies at
 *   delivery (routes/callbacks.ts, events.ts);
 * - a LEC may subscribe to any kind and is never sent the non-lead ones; unsubscribing a kind that
 *   is not subscribed answers 204 (routes/callbacks.ts, events.ts);
 * - simulations need callback access like configuration; codigoEmpresa is the agency code; the
 *   simulated ad may be named by any code of the caller's integrator (routes/simulation.ts);
 * - association is per interface; an offline ad may be associated; a LEC's write is refused before
 *   anything about it is looked at; the LEC gets associations only through the seed (some of
 *   INMO-002's ads, seed.ts) and the admin endpoint (routes/association.ts, admin/interfaces.ts);
 * - each (occurrence, receiving interface) pair gets its own idEvento, kept across retries and
 *   injected duplicates (events.ts, delivery.ts);
 * - lead polling (`/v2/inmobiliarias/{code}/mensajes`, and the Portuguese spelling integrators of
 *   the Brazilian edition call, `/v2/imobiliarias/{code}/mensagens` [S]) lists every lead made on the
 *   agency's ads (admin, simulation, activity), delivered or not. Items have the recorded shape
 *   (field notes, "Lead list" [S]) by default, `{id, idMensaje, idContacto, idContactoAccion,
 *   idAvisoPlat, codigoAviso, fecha, nombre, email, telefono, textoMensaje}`, or the callback-like
 *   shape (`leadList: 'callback'`). `id` is the listed lead's own id; `idMensaje` the message's, the
 *   one its CONTACTO_MENSAJE callback carries (null for phone views); no idEvento is listed, since how
 *   the two relate is not published; `codigoAviso` is the caller's code of the ad (null when not
 *   associated to it). PHONE VIEWS ARE LISTED (`BEHAVIOUR.messages.listsPhoneViews`): the field notes
 *   do not record whether they appear, but the recorded item carries the contact type
 *   (`idContactoAccion`), pointless if only messages were listed, and a plan without callbacks would
 *   otherwise never learn of them; they come with `textoMensaje: null` (routes/messages.ts).
 * - contact types (contract/contactTypes.ts): the catalogue `GET /v1/contatos/acoes` → `[{id, tipo}]`
 *   as recorded for the Brazilian edition [S]; its Spanish spelling `/v1/contactos/acciones` IS A
 *   GUESS (not recorded; the nodes' path table uses the same guess). Leads the emulator generates or
 *   simulates take the types of their kind in turn (CONTACTO 6, 10; CONTACTO_MENSAJE 1, 3, 2, 12, 15:
 *   which event carries which type is a guess); the admin's leads are 6 / 1 unless asked otherwise.
 * - lead bodies (contract/leadBodies/) have exactly the fields the published lists give for the
 *   configured language (ES, PT, EN, EN2, EN_SF) and the interface's documentation edition
 *   (contract/editions.ts: `arg`, `rela`, `bra`); an empty, absent or unknown language gets
 *   `callbacks.defaultLanguage`. The edition is the one set for the interface (admin), else
 *   `SANDBOX_EDITION`, else `rela` when the callback was configured through the Spanish path and
 *   `bra` through the Portuguese one (simulations: the simulation path's language). Spanish bodies
 *   also carry every field of the specification's lead event body that their published block omits,
 *   null there (`idMensaje` of a phone view, its `idContacto`, `codigoInmobiliaria`).
 *   `codigoCliente` / `clientCode` / `codigoImobiliaria` carry the agency's code (what integrators
 *   read them as [S]; the specification observed them null); the values of ids the documentation
 *   names without describing (contact id, `userIdPlat`, `leadOrigin`, the EN_SF `token`) are derived
 *   in leadFactsOf.ts.
 * - unknown paths: a `/v1/**` or `/v2/**` request no route answers gets 401 with the bad-token body
 *   before anything else (field notes, "Unknown paths" [S]: a wrong path spelling and a bad token
 *   look alike); `BEHAVIOUR.unknownPaths` turns it back into a 404 (server.ts).
 * - callback configuration: any `lenguajeCallbackBody` text (EN2, EN_SF, empty, absent, unknown) and a
 *   missing or null url are stored and read back as sent (field notes, "Callback configuration");
 *   nothing is delivered without a url (contract/callbackConfiguration.ts, events.ts).
 * - coded messages (`{errors, warnings, informacion}` of `{messageCode, messageText}`): association
 *   of an ad of an agency without a publication plan (ERR-0501) or without credits (ERR-0502) is
 *   refused with 400; an ad with more than 50 images is associated with a WARN-0211 warning
 *   (routes/association.ts, `codedRefusal` and `associationWarnings` below).
 * - a network of agencies (`SANDBOX_AGENCIES`) is linked to an interface of its own, `network-les`,
 *   so the seeded world above stays the same whatever its size; its agencies, ads and associations
 *   are generated after the seeded ones from the same seed (network.ts, `BEHAVIOUR.network`);
 * - lead polling lists leads oldest first by registration instant, whatever order they were made in
 *   (state.ts); leads made in bulk or with a chosen registration instant are history: they are
 *   listed, never delivered (admin/leads.ts);
 * - faults aimed at an agency affect the service's paths of that agency only, never the agencies
 *   list: a status, a request held and then dropped without an answer (a portal that times out), or
 *   404 "not linked" while the list still names it (faults.ts, `agencyFaults`); unlinking an agency
 *   for real is an admin route (admin/interfaces.ts).
 * - a state file (`stateFile`, `SANDBOX_STATE_FILE`, persistence/) keeps what the portal knows across
 *   restarts, as the difference from the seeded world: leads, counters, configurations,
 *   subscriptions, links, associations, ad changes and pending deliveries, saved within
 *   `stateFile.saveDelayMs` of a change and on close; the delivery attempt records, faults and
 *   untidy switches are the emulator's tooling and are not kept.
 */
import type { ErrorObject } from '../nodes/shared/schemas';
import type { BodyLanguage } from './contract/languages';
import type { AdShape, BadFilterMode, LeadListShape } from './settings';

export const BEHAVIOUR = {
	paging: {
		/** Query parameters of the agencies list, ad summary (shape B) and development summary. */
		pageParam: 'pageable.page',
		sizeParam: 'pageable.size',
		defaultSize: 20,
		/** A larger requested size is clamped, not refused. */
		maxSize: 200,
	},
	adSummary: {
		defaultShape: 'B' as AdShape,
		/** 'error': a wrong filter answers 400; 'all': it answers every online ad of the agency. */
		defaultBadFilter: 'error' as BadFilterMode,
		tipoDeAviso: 'AVISO_CLASIFICADO',
		publicacion: 'SIMPLE',
	},
	messages: {
		/** The day (yyyyMMdd, portal local time) from which leads are listed; required. */
		fromDateParam: 'fromDate',
		/** Per agency, the oldest leads are forgotten beyond this. */
		messagesKept: 100_000,
		/** Whether phone views (CONTACTO) appear in the list: see the note above. */
		listsPhoneViews: true,
		/**
		 * Whether leads of anonymous prospects appear in the list: the specification's Events table
		 * says such leads are sent as callbacks "although they are not in the public API".
		 */
		listsAnonymousLeads: false,
		/** The items' shape: the recorded one, or the callback-like one (`SANDBOX_LEAD_LIST`). */
		defaultShape: 'recorded' as LeadListShape,
	},
	leads: {
		/** Contact ids (`idContacto`, `contactId`, `originLeadId`, EN_SF `id`) start here. */
		firstContactId: 70_000_000,
		/** `leadOrigin` values seen [S]; a lead's is picked by its contact. */
		leadOrigins: ['Imovelweb', 'Wimoveis', 'CasaMineira'],
	},
	contactTypes: {
		/** The catalogue path as recorded (Brazilian edition) and the Spanish spelling guessed. */
		portuguesePath: '/v1/contatos/acoes',
		spanishPathGuess: '/v1/contactos/acciones',
	},
	unknownPaths: {
		/** Path prefixes whose unrouted requests answer like a bad token. */
		prefixes: ['/v1/', '/v2/'],
		answerAsBadToken: true,
	},
	login: {
		tokenType: 'bearer',
		/** About ten years, as observed. */
		expiresInSeconds: 315_359_999,
		scope: 'read write',
	},
	callbacks: {
		/** The body language when lenguajeCallbackBody is not set: the Spanish-speaking region's. */
		defaultLanguage: 'ES' as BodyLanguage,
	},
	simulation: {
		/** A LEC never receives CREDITO (Events rule 3), so simulating one is refused as for LEC writes. */
		lecMaySimulateCredit: false,
		/** A simulation's codigoAviso may also be the ad's idAvisoPlat written as text. */
		adCodeMayBePlatformId: true,
	},
	delivery: {
		/** The receiver must answer within about 1.5 s (docs/portal-api.md). */
		timeoutMs: 1_500,
		/** Delays between attempts, compressed so tests and demos see retries within seconds. */
		retryScheduleMs: [100, 250, 500, 1_000, 2_000],
		/** The CLI's schedule: closer to production's "up to 72 hours", still watchable. */
		cliRetryScheduleMs: [1_000, 5_000, 30_000, 120_000, 600_000],
		isSuccess: (status: number) => status >= 200 && status < 400,
		userAgent: 'real-estate-portal-sandbox',
	},
	network: {
		/** The interface a network of agencies is linked to, and its credentials. */
		interfaceId: 'network-les',
		integrator: 'network',
		token: 'network-les-token',
		client: { clientId: 'network-les-client', clientSecret: 'network-les-secret' },
		/** Agency codes NET-0001, NET-0002, … (at least four digits); platform ids from here. */
		codePrefix: 'NET',
		firstIdPlat: 40_001,
		/** Ad codes of the network interface's associations: RED-0001, … */
		adCodePrefix: 'RED',
		/** Online ads of each network agency (`SANDBOX_AGENCY_ADS`), and offline ones beside them. */
		defaultAdsPerAgency: 20,
		offlineAdsPerAgency: 2,
		/** Leads each network agency has at start (`SANDBOX_AGENCY_LEADS`), over the previous day. */
		defaultLeadsPerAgency: 2,
		seededLeadsSpanMs: 24 * 3_600_000,
	},
	stateFile: {
		/** A change is saved within this long (with the ones following it meanwhile), and on close. */
		saveDelayMs: 500,
	},
	association: {
		/** More images than this and the association answers the WARN-0211 warning. */
		maxImages: 50,
		/** The status of a coded refusal (ERR-0501, ERR-0502). */
		codedRefusalStatus: 400,
	},
} as const;

/** One entry of the portal's coded message lists. */
export interface CodedMessage {
	messageCode: string;
	messageText: string;
}

export interface CodedBody {
	errors: CodedMessage[];
	warnings: CodedMessage[];
	informacion: CodedMessage[];
}

/** The coded messages the emulator knows, by code. */
export const CODED_MESSAGES = {
	'ERR-0501': 'La inmobiliaria no tiene un plan de publicación vigente.',
	'ERR-0502': 'La inmobiliaria no tiene créditos disponibles.',
	'WARN-0211': 'El aviso tiene más de 50 imágenes; solo se publicarán las primeras 50.',
} as const;
export type KnownMessageCode = keyof typeof CODED_MESSAGES;

export const codedMessage = (code: KnownMessageCode): CodedMessage => ({
	messageCode: code,
	messageText: CODED_MESSAGES[code],
});

export function codedBody(lists: Partial<CodedBody>): CodedBody {
	return { errors: [], warnings: [], informacion: [], ...lists };
}

export class SandboxError extends Error {
	constructor(
		readonly status: number,
		readonly code: string,
		message: string,
	) {
		super(message);
	}

	toBody(): ErrorObject | CodedBody {
		return { code: this.code, message: this.message };
	}
}

/** A refusal the portal answers with its coded message lists instead of `{code, message}`. */
export class CodedSandboxError extends SandboxError {
	constructor(
		status: number,
		readonly messages: CodedMessage[],
	) {
		super(
			status,
			messages[0]?.messageCode ?? 'error',
			messages.map((m) => m.messageText).join(' '),
		);
	}

	override toBody(): CodedBody {
		return codedBody({ errors: this.messages });
	}
}

/** Why an agency may not get an ad associated, as coded messages; empty when it may. */
export function codedRefusal(publishing: { plan: boolean; credits: boolean }): CodedMessage[] {
	if (!publishing.plan) return [codedMessage('ERR-0501')];
	if (!publishing.credits) return [codedMessage('ERR-0502')];
	return [];
}

/** The warnings a successful association carries. */
export function associationWarnings(imageCount: number): CodedMessage[] {
	return imageCount > BEHAVIOUR.association.maxImages ? [codedMessage('WARN-0211')] : [];
}

/** The error answers, by condition. */
export const errors = {
	invalidToken: (why: string) => new SandboxError(401, 'invalid_token', why),
	/** The answer to an unknown token, and to an unknown path (BEHAVIOUR.unknownPaths). */
	badToken: () => new SandboxError(401, 'invalid_token', 'The access token is not valid'),
	badRequest: (message: string) => new SandboxError(400, 'bad_request', message),
	notFound: (message: string) => new SandboxError(404, 'not_found', message),
	/** An agency that does not exist or is not linked to the caller: another integrator's data does not exist for you. */
	agencyNotLinked: (code: string) =>
		new SandboxError(404, 'not_found', `Agency ${code} is not linked to this interface`),
	conflict: (message: string) => new SandboxError(409, 'conflict', message),
	/** The service's refusal of a LEC write. */
	lecAccessDenied: () => new SandboxError(403, 'error_inesperado', 'Access is denied'),
	/** Field notes: plans without callback access. */
	noCallbackAccess: () => new SandboxError(500, 'error_inesperado', 'Access is denied'),
	/** Field notes: repeated association. */
	alreadyAssociated: (idAviso: number) =>
		new SandboxError(
			403,
			'no_permission',
			`El idAviso ${idAviso} ya esta asociado a esta integracion.`,
		),
	codeInUse: (codigoAviso: string, idAviso: number) =>
		new SandboxError(
			400,
			'bad_request',
			`codigoAviso ${codigoAviso} is already assigned to idAviso ${idAviso} on this interface`,
		),
	noConfiguration: () =>
		new SandboxError(
			400,
			'sin_configuracion',
			'Configure the callback (PUT /v1/configuracion/callbacks) before subscribing to events',
		),
	unexpected: () => new SandboxError(500, 'error_inesperado', 'Unexpected error'),
};

/** The default error body an injected fault answers with, by status. */
export function faultErrorFor(status: number): ErrorObject {
	if (status === 429) return { code: 'too_many_requests', message: 'Rate limit exceeded' };
	if (status === 502) return { code: 'bad_gateway', message: 'Bad gateway' };
	if (status === 503) return { code: 'service_unavailable', message: 'Service unavailable' };
	if (status >= 500) return { code: 'error_inesperado', message: 'Unexpected error' };
	return { code: 'error', message: `HTTP ${status}` };
}

/** Field notes: some error bodies are XML (shaped like the OAuth2 server's). */
export function xmlError(code: string, message: string): string {
	return (
		'<?xml version="1.0" encoding="UTF-8"?>' +
		`<OAuth2Exception><error>${code}</error><error_description>${message}</error_description></OAuth2Exception>`
	);
}
