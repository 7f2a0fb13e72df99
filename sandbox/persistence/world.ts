/**
 * The world a start builds: what was asked (options, `SANDBOX_*`), else what the state file was
 * saved with, else the defaults. A saved state only fits the world it was saved in, so an option
 * asking for another one is refused, naming the option and the fix.
 */
import { NO_NETWORK } from '../network';
import { DEFAULT_ONLINE_ADS, DEFAULT_SEED } from '../seed';
import type { World } from './savedState';
import { StateFileError } from './stateFile';

const DEFAULT_WORLD: World = {
	seed: DEFAULT_SEED,
	ads: DEFAULT_ONLINE_ADS,
	agencies: NO_NETWORK.agencies,
	agencyAds: NO_NETWORK.adsPerAgency,
};

/** Each part of the world as `startSandbox` and `npm run sandbox` name it. */
const OPTION_NAMES: Record<keyof World, string> = {
	seed: 'seed (SANDBOX_SEED)',
	ads: 'ads (SANDBOX_ADS)',
	agencies: 'agencies (SANDBOX_AGENCIES)',
	agencyAds: 'agencyAds (SANDBOX_AGENCY_ADS)',
};

export function resolveWorld(
	asked: Partial<World>,
	saved: { path: string; world: World } | null,
): World {
	const world = { ...DEFAULT_WORLD, ...saved?.world };
	for (const key of Object.keys(OPTION_NAMES) as Array<keyof World>) {
		const value = asked[key];
		if (value === undefined) continue;
		if (saved && value !== saved.world[key]) {
			throw new StateFileError(
				`The state file ${saved.path} was saved with ${OPTION_NAMES[key]} ${saved.world[key]}, and this start asks for ${value}: ` +
					`start without it (or with ${saved.world[key]}), or remove ${saved.path} (or name another file) to start from the seeded world.`,
			);
		}
		world[key] = value;
	}
	return world;
}
