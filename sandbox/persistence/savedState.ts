/**
 * The state file's content (`stateFile`, `SANDBOX_STATE_FILE`): what a portal remembers across a
 * restart, as a difference from the seeded world, which is generated again from `world` and never
 * saved. Read back through these schemas, so a file the emulator did not write is refused naming
 * the field.
 */
import { z } from 'zod';
import { eventKindSchema } from '../../nodes/shared/schemas';
import { callbackConfigurationSchema } from '../contract/callbackConfiguration';
import { EDITIONS } from '../contract/editions';
import { pendingDeliverySchema } from '../delivery';
import { adRecordSchema, leadContactSchema } from '../model';

export const STATE_FILE_FORMAT = 'real-estate-portal-sandbox-state';
export const STATE_FILE_VERSION = 1;

/** What generates the seeded world (seed.ts, network.ts); the saved changes apply to that world. */
export const worldSchema = z
	.object({
		seed: z.number().int(),
		/** Online ads of INMO-001. */
		ads: z.number().int().nonnegative(),
		/** Agencies of the network, and online ads of each. */
		agencies: z.number().int().nonnegative(),
		agencyAds: z.number().int().nonnegative(),
	})
	.strict();
export type World = z.infer<typeof worldSchema>;

const savedLeadSchema = z.object({
	idMensaje: z.number().int(),
	kind: z.enum(['CONTACTO', 'CONTACTO_MENSAJE']),
	contactTypeId: z.number().int(),
	/** Epoch milliseconds of the registration. */
	at: z.number(),
	idAvisoPlat: z.number().int(),
	/** The ad as it was when the lead was made: an index in `adVersions`, null for the seeded record. */
	adVersion: z.number().int().nonnegative().nullable(),
	contact: leadContactSchema,
});

/** What differs from the seeded interface; an interface left as seeded is not saved. */
const savedInterfaceSchema = z.object({
	id: z.string(),
	configuration: callbackConfigurationSchema.nullable(),
	pathLanguage: z.enum(['es', 'pt']),
	edition: z.enum(EDITIONS).nullable(),
	subscriptions: z.array(eventKindSchema),
	/** Agencies linked and unlinked since the seed. */
	linked: z.array(z.string()),
	unlinked: z.array(z.string()),
	/** Associations made (or given another code) since the seed, and seeded ones removed. */
	associated: z.array(z.tuple([z.number().int(), z.string()])),
	dissociated: z.array(z.number().int()),
});
export type SavedInterface = z.infer<typeof savedInterfaceSchema>;

export const savedStateSchema = z.object({
	format: z.literal(STATE_FILE_FORMAT),
	version: z.literal(STATE_FILE_VERSION),
	savedAt: z.string(),
	world: worldSchema,
	counters: z.object({
		lastMessageId: z.number().int(),
		lastAdId: z.number().int(),
		contactTypeTurns: z.object({
			CONTACTO: z.number().int().nonnegative(),
			CONTACTO_MENSAJE: z.number().int().nonnegative(),
		}),
	}),
	interfaces: z.array(savedInterfaceSchema),
	/** Every ad record that is not a seeded one as generated, each once. */
	adVersions: z.array(adRecordSchema),
	/** The indices in `adVersions` of the records the ads have now. */
	currentAds: z.array(z.number().int().nonnegative()),
	leads: z.array(savedLeadSchema),
	deliveries: z.array(pendingDeliverySchema),
});
export type SavedState = z.infer<typeof savedStateSchema>;
