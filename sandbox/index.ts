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
import { DeliveryService, type DeliveryAttempt, type PendingDelivery } from './delivery';
import { DEFAULT_FAULTS, FaultInjector, faultSettingsSchema, type FaultSettings } from './faults';
import { NO_NETWORK, seedNetworkLeads, type NetworkSize } from './network';
import { createRng } from './rng';
import type { SavedState, World } from './persistence/savedState';
import { SavedStateMismatch, restoreSnapshot, snapshotOf } from './persistence/snapshot';
import { StateFileError, StateFileWriter, readStateFile } from './persistence/stateFile';
import { resolveWorld } from './persistence/world';
import { buildSeed } from './seed';
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
import { TIDY, Untidy, changedSettings, type UntidyChange } from './untidy';

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
	/** The untidy portal's switches (untidy.ts): all off by default; `all: true` turns every one on. */
	untidy?: UntidyChange;
	/** Leads and ad changes the emulator makes on its own, e.g. `{ leadsEveryMs: 60_000 }`. */
	activity?: ActivityRates;
	/**
	 * A file the emulator keeps its state in across restarts, as a portal outlives its clients:
	 * leads (ids, instants), counters, callback configurations and subscriptions, associations,
	 * agency links, ad changes and the deliveries still to make (attempt, next attempt time), as
	 * the difference from the seeded world. Read at start when it exists (a delivery due meanwhile
	 * goes out at once); saved shortly after each change and on close. Without it, every start is
	 * the seeded world, with the same ids every time.
	 */
	stateFile?: string;
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

export type { DeliveryAttempt, FaultSettings, ResetOverrides };

/** A world's seeded data, the network's, and the network's leads until now. */
function seededState(world: World, network: NetworkSize): SandboxState {
	const state = new SandboxState(buildSeed(world.seed, world.ads, network));
	seedNetworkLeads(state, network, Date.now(), createRng(world.seed ^ 0x1ead));
	return state;
}

/** A saved state put back into its world, freshly seeded; and the deliveries it still had to make. */
function restoredState(
	world: World,
	network: NetworkSize,
	saved: SavedState,
	path: string,
): { state: SandboxState; deliveries: PendingDelivery[] } {
	const state = new SandboxState(buildSeed(world.seed, world.ads, network));
	try {
		return { state, deliveries: restoreSnapshot(state, saved) };
	} catch (error) {
		if (!(error instanceof SavedStateMismatch)) throw error;
		throw new StateFileError(
			`The state file ${path} does not fit the world it names: ${error.message}. Remove it (or name another file) to start from the seeded world.`,
		);
	}
}

const settingsOf = (chosen: RuntimeSettings): RuntimeSettings => ({
	adShape: chosen.adShape,
	badFilter: chosen.badFilter,
	edition: chosen.edition,
	leadList: chosen.leadList,
});

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
	const { stateFile: statePath } = options;
	const saved = statePath === undefined ? null : readStateFile(statePath);
	let world = resolveWorld(options, saved && { path: statePath!, world: saved.world });
	const { seed } = world;
	const quiet = options.quiet ?? true;
	const log = quiet ? () => {} : (options.log ?? ((line: string) => console.log(line)));
	const start = {
		...world,
		adShape: options.adShape ?? BEHAVIOUR.adSummary.defaultShape,
		badFilter: options.badFilter ?? BEHAVIOUR.adSummary.defaultBadFilter,
		edition: options.edition ?? null,
		leadList: options.leadList ?? BEHAVIOUR.messages.defaultShape,
	};
	const networkOf = (chosen: World): NetworkSize => ({
		agencies: chosen.agencies,
		adsPerAgency: chosen.agencyAds,
		leadsPerAgency: options.agencyLeads ?? NO_NETWORK.leadsPerAgency,
	});
	const startFaults = faultSettingsSchema.parse({ ...DEFAULT_FAULTS, seed, ...options.faults });
	const faults = new FaultInjector(startFaults);
	const startUntidy = changedSettings(TIDY, options.untidy ?? {});
	const deliveries = new DeliveryService({
		retryScheduleMs: options.retrySchedule ?? BEHAVIOUR.delivery.retryScheduleMs,
		honourRetryAfter: options.honourRetryAfter ?? false,
		timeoutMs: options.deliveryTimeoutMs ?? BEHAVIOUR.delivery.timeoutMs,
		shouldDuplicate: (moment) => faults.duplicateFor(moment),
		recordsKept: options.deliveriesKept,
		log,
	});
	const initial = saved
		? restoredState(world, networkOf(world), saved, statePath!)
		: { state: seededState(world, networkOf(world)), deliveries: [] };

	const stateFile =
		statePath === undefined
			? null
			: new StateFileWriter(
					statePath,
					() => snapshotOf(context.state, world, deliveries.pending()),
					{
						saveDelayMs: BEHAVIOUR.stateFile.saveDelayMs,
						report: (line) => console.error(line),
					},
				);
	/** Every change of the state (and of the deliveries still to make) is saved. */
	const tracked = (state: SandboxState) => {
		state.onChange = () => stateFile?.changed();
		return state;
	};

	const context: SandboxContext = {
		state: tracked(initial.state),
		requests: new RequestCounter(),
		untidy: new Untidy(startUntidy, seed),
		settings: settingsOf(start),
		deliveries,
		faults,
		log,
		reset(overrides = {}) {
			const next = { ...start, ...overrides };
			world = {
				seed: next.seed,
				ads: next.ads,
				agencies: next.agencies,
				agencyAds: next.agencyAds,
			};
			deliveries.cancelPending();
			deliveries.clear();
			faults.configure(startFaults);
			faults.clearOnce();
			context.untidy.configure(startUntidy);
			context.requests.clear();
			context.state = tracked(seededState(world, networkOf(world)));
			context.settings = settingsOf(next);
			stateFile?.changed();
		},
	};
	// The file exists (and is known writable) from the start.
	await stateFile?.save();
	deliveries.onChange(() => stateFile?.changed());

	const activity = startActivity(context, options.activity ?? {}, seed);
	const app = buildServer(context, seed, quiet);
	await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
	deliveries.resume(initial.deliveries);
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
			await app.close();
			// The state at close, deliveries in flight included, before closing aborts them.
			const last = stateFile && snapshotOf(context.state, world, deliveries.pending());
			await deliveries.close();
			if (stateFile && last) await stateFile.close(last);
		},
	};
}
