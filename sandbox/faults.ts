/**
 * Fault injection on the service's endpoints (never on /__sandbox/*), driven by a seeded generator
 * so a run repeats exactly: error rate and statuses (429 with Retry-After), added latency,
 * connection resets, XML error bodies, duplicate deliveries, one-shot targeted faults (which may
 * answer the portal's coded message lists, e.g. `messageCodes: ['ERR-0502']`), and faults aimed at
 * chosen agencies (a status, a request held and dropped, "not linked").
 */
import { z } from 'zod';
import {
	CODED_MESSAGES,
	errors,
	codedBody,
	codedMessage,
	faultErrorFor,
	xmlError,
	type KnownMessageCode,
} from './behaviour';
import { createRng, type Rng } from './rng';

const probability = z.number().min(0).max(1);
const regexText = z.string().refine(
	(text) => {
		try {
			new RegExp(text);
			return true;
		} catch {
			return false;
		}
	},
	{ message: 'must be a valid regular expression' },
);

/**
 * A fault aimed at one agency, on the service's paths of that agency only (its ads, developments,
 * leads; never the agencies list), until it is cleared: exactly one of
 * `status` (every request answers it), `hangMs` (held that long, then dropped without an answer:
 * a portal that times out) or `notLinked` (404 "not linked" while the list still names it).
 */
export const agencyFaultSchema = z
	.object({
		status: z.number().int().min(400).max(599).optional(),
		hangMs: z.number().int().min(0).optional(),
		notLinked: z.literal(true).optional(),
	})
	.strict()
	.refine(
		(f) => [f.status, f.hangMs, f.notLinked].filter((value) => value !== undefined).length === 1,
		{ message: 'give exactly one of status, hangMs or notLinked' },
	);
export type AgencyFault = z.infer<typeof agencyFaultSchema>;

/** The agency a service path is about: `/v1|v2/inmobiliarias|imobiliarias/{agency}/…`. */
const AGENCY_PATH = /^\/v[12]\/(?:inmobiliarias|imobiliarias)\/([^/]+)\//;

export const faultSettingsSchema = z
	.object({
		seed: z.number().int(),
		/** Share of requests answered with an error status. */
		rate: probability,
		statuses: z.array(z.number().int().min(400).max(599)).min(1),
		retryAfterSeconds: z.number().int().min(0),
		latencyMs: z.number().min(0),
		/** Extra latency drawn uniformly in [0, latencyJitterMs]. */
		latencyJitterMs: z.number().min(0),
		/** Share of requests whose connection is destroyed without an answer. */
		resetRate: probability,
		/** Share of injected errors that carry an XML body instead of JSON. */
		xmlRate: probability,
		/** Share of successful deliveries that are sent a second time, same idEvento. */
		duplicateRate: probability,
		/**
		 * 'afterSuccess': the copy follows the first answer; 'together': both go out at the same
		 * moment, as when the portal gives up on a slow receiver and retries while the first copy is
		 * still being processed (then a share of first attempts is copied, answered or not).
		 */
		duplicateTiming: z.enum(['afterSuccess', 'together']),
		/** Only requests whose path matches this regular expression are affected. */
		pathPattern: regexText.nullable(),
		/** Faults aimed at agencies, by agency code. */
		agencies: z.record(agencyFaultSchema),
	})
	.strict();
export type FaultSettings = z.infer<typeof faultSettingsSchema>;

export const DEFAULT_FAULTS: Omit<FaultSettings, 'seed'> = {
	rate: 0,
	statuses: [500, 502, 503, 429],
	retryAfterSeconds: 1,
	latencyMs: 0,
	latencyJitterMs: 0,
	resetRate: 0,
	xmlRate: 0,
	duplicateRate: 0,
	duplicateTiming: 'afterSuccess',
	pathPattern: null,
	agencies: {},
};

export const onceFaultSchema = z
	.object({
		method: z.string().optional(),
		/** Regular expression tested against the request path (without the query). */
		path: regexText,
		status: z.number().int().min(100).max(599).optional(),
		/** Destroy the connection instead of answering. */
		reset: z.boolean().optional(),
		body: z.unknown().optional(),
		/** Answer the coded message lists holding these codes (ERR- errors, WARN- warnings). */
		messageCodes: z
			.array(z.enum(Object.keys(CODED_MESSAGES) as [KnownMessageCode, ...KnownMessageCode[]]))
			.min(1)
			.optional(),
		headers: z.record(z.string()).optional(),
		/** How many matching requests fail. */
		times: z.number().int().min(1).default(1),
		/** How many matching requests pass before the first failure ("the third one fails": 2). */
		skip: z.number().int().min(0).default(0),
	})
	.strict()
	.refine((f) => f.status !== undefined || f.reset, { message: 'status or reset is required' });
export type OnceFault = z.infer<typeof onceFaultSchema> & { id: number };

export type FaultAction =
	| { type: 'none' }
	| { type: 'reset' }
	| { type: 'hang'; ms: number }
	| {
			type: 'answer';
			status: number;
			headers: Record<string, string>;
			body: string;
			contentType: string;
	  };

export class FaultInjector {
	private settings!: FaultSettings;
	private requestRng!: Rng;
	private deliveryRng!: Rng;
	private pathPattern: RegExp | null = null;
	private once: OnceFault[] = [];
	private nextOnceId = 1;
	private injected = 0;

	constructor(settings: FaultSettings) {
		this.configure(settings);
	}

	/** Replaces the settings and restarts the generators from the seed. */
	configure(settings: FaultSettings): void {
		this.settings = settings;
		this.pathPattern = settings.pathPattern ? new RegExp(settings.pathPattern) : null;
		// Separate streams: deliveries run asynchronously and must not shift request faults.
		this.requestRng = createRng(settings.seed);
		this.deliveryRng = createRng(settings.seed ^ 0x5bd1e995);
		this.injected = 0;
	}

	addOnce(fault: Omit<OnceFault, 'id'>): OnceFault {
		const added = { ...fault, id: this.nextOnceId++ };
		this.once.push(added);
		return added;
	}

	clearOnce(): void {
		this.once = [];
	}

	describe() {
		return { settings: this.settings, once: this.once, injected: this.injected };
	}

	/** Aims a fault at an agency (replacing its previous one), or clears it with `null`. */
	setAgencyFault(agencyCode: string, fault: AgencyFault | null): void {
		const agencies = { ...this.settings.agencies };
		if (fault) agencies[agencyCode] = fault;
		else delete agencies[agencyCode];
		this.settings = { ...this.settings, agencies };
	}

	clearAgencyFaults(): void {
		this.settings = { ...this.settings, agencies: {} };
	}

	/**
	 * What to do to one service request. Draws the same count of numbers for every request that is
	 * not hit by a one-shot or an agency's fault.
	 */
	decide(method: string, path: string): { latencyMs: number; action: FaultAction } {
		const targeted = this.takeOnce(method, path);
		if (targeted) return { latencyMs: 0, action: targeted };
		const aimed = this.agencyFault(path);
		if (aimed) return { latencyMs: this.settings.latencyMs, action: aimed };

		const s = this.settings;
		const [jitter, reset, error, status, xml] = Array.from({ length: 5 }, () =>
			this.requestRng.next(),
		);
		if (this.pathPattern && !this.pathPattern.test(path))
			return { latencyMs: 0, action: { type: 'none' } };
		const latencyMs = s.latencyMs + jitter * s.latencyJitterMs;
		if (reset < s.resetRate) {
			this.injected++;
			return { latencyMs, action: { type: 'reset' } };
		}
		if (error < s.rate) {
			this.injected++;
			const chosen = s.statuses[Math.floor(status * s.statuses.length)];
			return { latencyMs, action: errorAnswer(chosen, xml < s.xmlRate, s.retryAfterSeconds) };
		}
		return { latencyMs, action: { type: 'none' } };
	}

	private agencyFault(path: string): FaultAction | null {
		const match = AGENCY_PATH.exec(path);
		const code = match ? decodeURIComponent(match[1]) : undefined;
		const fault = code === undefined ? undefined : this.settings.agencies[code];
		if (!code || !fault) return null;
		this.injected++;
		if (fault.hangMs !== undefined) return { type: 'hang', ms: fault.hangMs };
		if (fault.notLinked) {
			return jsonAnswer(404, errors.agencyNotLinked(code).toBody());
		}
		return errorAnswer(fault.status!, false, this.settings.retryAfterSeconds);
	}

	/** Whether this delivery gets a copy; drawn once per delivery, at the moment its timing says. */
	duplicateFor(moment: 'firstAttempt' | 'success'): boolean {
		const drawnNow = (moment === 'firstAttempt') === (this.settings.duplicateTiming === 'together');
		return drawnNow && this.deliveryRng.next() < this.settings.duplicateRate;
	}

	private takeOnce(method: string, path: string): FaultAction | null {
		const fault = this.once.find(
			(f) => (!f.method || f.method.toUpperCase() === method) && new RegExp(f.path).test(path),
		);
		if (!fault) return null;
		if (fault.skip > 0) {
			fault.skip--;
			return null;
		}
		if (--fault.times === 0) this.once = this.once.filter((f) => f !== fault);
		this.injected++;
		if (fault.reset) return { type: 'reset' };
		const status = fault.status!;
		if (fault.messageCodes) return codedAnswer(status, fault.messageCodes, fault.headers);
		if (fault.body === undefined)
			return errorAnswer(status, false, this.settings.retryAfterSeconds, fault.headers);
		if (typeof fault.body !== 'string') return jsonAnswer(status, fault.body, fault.headers);
		return {
			type: 'answer',
			status,
			headers: fault.headers ?? {},
			body: fault.body,
			contentType: fault.body.trimStart().startsWith('<')
				? 'application/xml'
				: 'text/plain; charset=utf-8',
		};
	}
}

function codedAnswer(
	status: number,
	codes: KnownMessageCode[],
	headers: Record<string, string> = {},
): FaultAction {
	const having = (prefix: string) =>
		codes.filter((code) => code.startsWith(prefix)).map(codedMessage);
	const body = codedBody({
		errors: having('ERR-'),
		warnings: having('WARN-'),
		informacion: codes.filter((c) => !/^(ERR|WARN)-/.test(c)).map(codedMessage),
	});
	return jsonAnswer(status, body, headers);
}

function jsonAnswer(
	status: number,
	body: unknown,
	headers: Record<string, string> = {},
): FaultAction {
	return {
		type: 'answer',
		status,
		headers,
		body: JSON.stringify(body),
		contentType: 'application/json; charset=utf-8',
	};
}

function errorAnswer(
	status: number,
	asXml: boolean,
	retryAfterSeconds: number,
	extraHeaders: Record<string, string> = {},
): FaultAction {
	const error = faultErrorFor(status);
	const headers: Record<string, string> =
		status === 429 ? { 'retry-after': String(retryAfterSeconds), ...extraHeaders } : extraHeaders;
	return asXml
		? {
				type: 'answer',
				status,
				headers,
				body: xmlError(error.code, error.message),
				contentType: 'application/xml',
			}
		: jsonAnswer(status, error, headers);
}
