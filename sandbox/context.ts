/** What every route needs: the current state (replaced on reset), settings, delivery and faults. */
import type { DeliveryService } from './delivery';
import type { FaultInjector } from './faults';
import type { RequestCounter } from './requests';
import type { ResetOverrides, RuntimeSettings } from './settings';
import type { SandboxState } from './state';
import type { Untidy } from './untidy';

export interface SandboxContext {
	state: SandboxState;
	settings: RuntimeSettings;
	deliveries: DeliveryService;
	faults: FaultInjector;
	/** The service requests received: how many, and the most in flight at once. */
	requests: RequestCounter;
	/** The untidy portal's switches (untidy.ts), off unless a suite turns them on. */
	untidy: Untidy;
	log: (line: string) => void;
	/** Back to the seeded state: cancels pending deliveries, clears records and faults. */
	reset(overrides?: ResetOverrides): void;
}
