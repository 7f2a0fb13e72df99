/**
 * The sandbox emulator of the real-estate portal's integration service, in-process:
 *
 *   const sandbox = await startSandbox({ port: 0 });
 *   sandbox.url; // 'http://127.0.0.1:<port>'
 *   await sandbox.close();
 */
import { startActivity, type Activity, type ActivityRates } from './activity';
import { BEHAVIOUR, type AdShape, type BadFilterMode } from './behaviour';
import type { ResetOverrides, SandboxContext } from './context';
import { DeliveryService, type DeliveryAttempt } from './delivery';
import { DEFAULT_FAULTS, FaultInjector, faultSettingsSchema, type FaultSettings } from './faults';
import { DEFAULT_ONLINE_ADS, DEFAULT_SEED, SEEDED_INTERFACES, buildSeed } from './seed';
import { buildServer } from './server';
import { SandboxState } from './state';

export interface SandboxOptions {
	/** 0 for an ephemeral port (tests). */
	port?: number;
	host?: string;
	seed?: number;
	/** Online ads of INMO-001. */
	ads?: number;
	adShape?: AdShape;
	badFilter?: BadFilterMode;
	/** Delays in ms between delivery attempts; its length is the number of retries. */
	retrySchedule?: number[];
	deliveryTimeoutMs?: number;
	/** Delivery attempt records kept, the newest (default 10,000). */
	deliveriesKept?: number;
	faults?: Partial<FaultSettings>;
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

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
	const seed = options.seed ?? DEFAULT_SEED;
	const quiet = options.quiet ?? true;
	const log = quiet ? () => {} : (options.log ?? ((line: string) => console.log(line)));
	const start = {
		seed,
		ads: options.ads ?? DEFAULT_ONLINE_ADS,
		adShape: options.adShape ?? BEHAVIOUR.adSummary.defaultShape,
		badFilter: options.badFilter ?? BEHAVIOUR.adSummary.defaultBadFilter,
	};
	const startFaults = faultSettingsSchema.parse({ ...DEFAULT_FAULTS, seed, ...options.faults });
	const faults = new FaultInjector(startFaults);
	const deliveries = new DeliveryService({
		retryScheduleMs: options.retrySchedule ?? BEHAVIOUR.delivery.retryScheduleMs,
		timeoutMs: options.deliveryTimeoutMs ?? BEHAVIOUR.delivery.timeoutMs,
		shouldDuplicate: (moment) => faults.duplicateFor(moment),
		recordsKept: options.deliveriesKept,
		log,
	});

	const context: SandboxContext = {
		state: new SandboxState(buildSeed(start.seed, start.ads)),
		settings: { adShape: start.adShape, badFilter: start.badFilter },
		deliveries,
		faults,
		log,
		reset(overrides = {}) {
			const next = { ...start, ...overrides };
			deliveries.cancelPending();
			deliveries.clear();
			faults.configure(startFaults);
			faults.clearOnce();
			context.state = new SandboxState(buildSeed(next.seed, next.ads));
			context.settings = { adShape: next.adShape, badFilter: next.badFilter };
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
