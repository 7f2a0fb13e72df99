/**
 * The sandbox emulator of the real-estate portal's integration service, in-process:
 *
 *   const sandbox = await startSandbox({ port: 0 });
 *   sandbox.url; // 'http://127.0.0.1:<port>'
 *   await sandbox.close();
 */
import { startActivity, type Activity, type ActivityRates } from './activity';
import { BEHAVIOUR } from './behaviour';
import type { SandboxContext } from './context';
import type { Edition } from './contract/editions';
import { DeliveryService, type DeliveryAttempt } from './delivery';
import { DEFAULT_FAULTS, FaultInjector, faultSettingsSchema, type FaultSettings } from './faults';
import { NO_NETWORK, seedNetworkLeads, type NetworkSize } from './network';
import { createRng } from './rng';
import { DEFAULT_ONLINE_ADS, DEFAULT_SEED, SEEDED_INTERFACES, buildSeed } from './seed';
import { buildServer } from './server';
import { RequestCounter } from './requests';
import type {
	AdShape,
	BadFilterMode,
	LeadListShape,
	ResetOverrides,
	RuntimeSettings,
} from './settings';
import { SandboxState } from './state';
import { TIDY, Untidy, type UntidySettings } from './untidy';

export interface SandboxOptions {
	/** 0 for an ephemeral port (tests). */
	port?: number;
	host?: string;
	seed?: number;
	/** Online ads of INMO-001. */
	ads?: number;
	/** A network of agencies NET-0001… linked to the interface `network-les`; default none. */
	agencies?: number;
	/** Online ads of each network agency. */
	agencyAds?: number;
	/** Leads of each network agency at start, over the previous day. */
	agencyLeads?: number;
	adShape?: AdShape;
	badFilter?: BadFilterMode;
	/** The documentation edition of lead bodies (`arg`, `rela`, `bra`); default by path language. */
	edition?: Edition;
	/** Lead list items: `recorded` (default) or `callback` (callback-like). */
	leadList?: LeadListShape;
	/** Delays in ms between delivery attempts; its length is the number of retries. */
	retrySchedule?: number[];
	/** Retry a delivery answered with `Retry-After` after that long (default false). */
	honourRetryAfter?: boolean;
	deliveryTimeoutMs?: number;
	/** Delivery attempt records kept, the newest (default 10,000). */
	deliveriesKept?: number;
	faults?: Partial<FaultSettings>;
	/** The untidy portal's switches (untidy.ts); all off by default. */
	untidy?: Partial<UntidySettings>;
	/** Leads and ad changes the emulator makes on its own, e.g. `{ leadsEveryMs: 60_000 }`. */
	activity?: ActivityRates;
	/** No request or delivery log lines. Default true in-process; the CLI turns it off. */
	quiet?: boolean;
	log?: (line: string) => void;
}

export interface Sandbox {
	url: string;
	port: number;
	close(): Promise<void>;
	context: SandboxContext;
	/** Every delivery attempt so far (also GET /__sandbox/deliveries). */
	deliveries(): readonly DeliveryAttempt[];
	waitForDeliveries(
		predicate: (attempts: readonly DeliveryAttempt[]) => boolean,
		timeoutMs?: number,
	): Promise<readonly DeliveryAttempt[]>;
	/** Resolves once no delivery attempt is scheduled or in flight. */
	waitForIdle(timeoutMs?: number): Promise<void>;
	reset(overrides?: ResetOverrides): void;
	/** The activity generator: `lead()` and `adChange()` make one occurrence now. */
	activity: Activity;
}

export { SEEDED_INTERFACES };
export type { DeliveryAttempt, FaultSettings, ResetOverrides };

/** The world of a seed: the seeded data, the network's, and the network's leads until now. */
function seededState(seed: number, ads: number, network: NetworkSize): SandboxState {
	const state = new SandboxState(buildSeed(seed, ads, network));
	seedNetworkLeads(state, network, Date.now(), createRng(seed ^ 0x1ead));
	return state;
}

const settingsOf = (chosen: RuntimeSettings): RuntimeSettings => ({
	adShape: chosen.adShape,
	badFilter: chosen.badFilter,
	edition: chosen.edition,
	leadList: chosen.leadList,
});

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
	const seed = options.seed ?? DEFAULT_SEED;
	const quiet = options.quiet ?? true;
	const log = quiet ? () => {} : (options.log ?? ((line: string) => console.log(line)));
	const start = {
		seed,
		ads: options.ads ?? DEFAULT_ONLINE_ADS,
		adShape: options.adShape ?? BEHAVIOUR.adSummary.defaultShape,
		badFilter: options.badFilter ?? BEHAVIOUR.adSummary.defaultBadFilter,
		agencies: options.agencies ?? NO_NETWORK.agencies,
		edition: options.edition ?? null,
		leadList: options.leadList ?? BEHAVIOUR.messages.defaultShape,
	};
	const networkOf = (agencies: number): NetworkSize => ({
		agencies,
		adsPerAgency: options.agencyAds ?? NO_NETWORK.adsPerAgency,
		leadsPerAgency: options.agencyLeads ?? NO_NETWORK.leadsPerAgency,
	});
	const startFaults = faultSettingsSchema.parse({ ...DEFAULT_FAULTS, seed, ...options.faults });
	const faults = new FaultInjector(startFaults);
	const deliveries = new DeliveryService({
		retryScheduleMs: options.retrySchedule ?? BEHAVIOUR.delivery.retryScheduleMs,
		honourRetryAfter: options.honourRetryAfter ?? false,
		timeoutMs: options.deliveryTimeoutMs ?? BEHAVIOUR.delivery.timeoutMs,
		shouldDuplicate: (moment) => faults.duplicateFor(moment),
		recordsKept: options.deliveriesKept,
		log,
	});

	const context: SandboxContext = {
		state: seededState(start.seed, start.ads, networkOf(start.agencies)),
		requests: new RequestCounter(),
		untidy: new Untidy({ ...TIDY, ...options.untidy }, seed),
		settings: settingsOf(start),
		deliveries,
		faults,
		log,
		reset(overrides = {}) {
			const next = { ...start, ...overrides };
			deliveries.cancelPending();
			deliveries.clear();
			faults.configure(startFaults);
			faults.clearOnce();
			context.untidy.configure({ ...TIDY, ...options.untidy });
			context.requests.clear();
			context.state = seededState(next.seed, next.ads, networkOf(next.agencies));
			context.settings = settingsOf(next);
		},
	};

	const activity = startActivity(context, options.activity ?? {}, seed);
	const app = buildServer(context, seed, quiet);
	await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
	const address = app.server.address();
	const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
	const host = options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1';

	return {
		url: `http://${host}:${port}`,
		port,
		context,
		deliveries: () => deliveries.list(),
		waitForDeliveries: (predicate, timeoutMs) => deliveries.waitFor(predicate, timeoutMs),
		waitForIdle: (timeoutMs) => deliveries.waitForIdle(timeoutMs),
		reset: (overrides) => context.reset(overrides),
		activity,
		async close() {
			activity.stop();
			await deliveries.close();
			await app.close();
		},
	};
}
