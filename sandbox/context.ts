/** What every route needs: the current state (replaced on reset), settings, delivery and faults. */
import type { AdShape, BadFilterMode } from './behaviour';
import type { Edition } from './contract/editions';
import type { LeadListShape } from './contract/leadList';
import type { DeliveryService } from './delivery';
import type { FaultInjector } from './faults';
import type { RequestCounter } from './requests';
import type { SandboxState } from './state';
import type { Untidy } from './untidy';

export interface RuntimeSettings {
	adShape: AdShape;
	badFilter: BadFilterMode;
	/** The documentation edition of every interface's lead bodies; null: by path language. */
	edition: Edition | null;
	leadList: LeadListShape;
}

export interface ResetOverrides {
	seed?: number;
	ads?: number;
	/** The network's size (SANDBOX_AGENCIES); its ads and leads per agency stay as started. */
	agencies?: number;
	adShape?: AdShape;
	badFilter?: BadFilterMode;
	edition?: Edition | null;
	leadList?: LeadListShape;
}

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
