import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { z } from 'zod';
import { portalNotices } from '../../../shared/errorBody';
import { isAlreadyAssociated, portalErrorDetails } from '../../../shared/errors';
import { associationResultSchema } from '../../../shared/schemas';
import { portalRequest } from '../../../shared/transport';
import { validateInput } from '../../../shared/validation';
import {
	adCodeField,
	adLocatorField,
	agencyCodeField,
	batchingOption,
	forOperation,
	optionsCollection,
	platformAdIdField,
} from '../common.descriptions';
import {
	agencyCodeSchema,
	platformAdIdSchema,
	readPlatformAdId,
	stringParameter,
} from '../parameters';
import { FROM_VERSION_2, ONLY_VERSION_1, onlyWhen } from '../../../shared/versionConditions';
import { typeVersionOf } from '../versions';

export const description = forOperation('ad', 'associate', [
	agencyCodeField,
	{ ...adCodeField, description: 'Your own code to assign to the ad (codigoAviso)' },
	onlyWhen(ONLY_VERSION_1, {
		...platformAdIdField,
		description: "The portal's ID of the ad to associate (idAvisoPlat)",
	}),
	onlyWhen(FROM_VERSION_2, {
		...adLocatorField,
		description: 'The ad to associate: pick it from the list, or give its platform ID',
		// An ad that has an ad code on this interface is already associated: the portal refuses it.
		modes: adLocatorField.modes?.filter((mode) => mode.name !== 'adCode'),
	}),
	optionsCollection(batchingOption, {
		displayName: 'Treat Already Associated as Success',
		name: 'alreadyAssociatedIsSuccess',
		type: 'boolean',
		default: false,
		description:
			'Whether an ad that is already associated to this interface counts as done instead of failing, so a bulk load can be re-run',
	}),
]);

const associationSchema = z.object({
	agencyCode: agencyCodeSchema,
	adCode: z.string().trim().min(1, 'is required').max(255, 'must be at most 255 characters'),
	adId: platformAdIdSchema,
});

const LABELS = { agencyCode: 'Agency', adCode: 'Ad Code', adId: 'Platform Ad ID' };

/** Built once: building the schema for every item was a measured share of a bulk run. */
const answerSchema = associationResultSchema.partial().passthrough();

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const params = validateInput(
		this,
		associationSchema,
		{
			agencyCode: stringParameter(this, 'agencyCode', itemIndex),
			adCode: this.getNodeParameter('adCode', itemIndex, ''),
			adId:
				typeVersionOf(this) < 2
					? this.getNodeParameter('platformAdId', itemIndex)
					: readPlatformAdId(this, itemIndex),
		},
		LABELS,
		itemIndex,
	);
	const tolerant = this.getNodeParameter(
		'options.alreadyAssociatedIsSuccess',
		itemIndex,
		false,
	) as boolean;
	const summary = {
		agencyCode: params.agencyCode,
		adCode: params.adCode,
		platformAdId: params.adId,
	};
	const outcome = await portalRequest(this, 'associateAd', { pathParams: params, itemIndex }).then(
		(body) => ({ body }),
		(error: unknown) => ({ error }),
	);
	if ('error' in outcome) {
		if (!tolerant || !isAlreadyAssociated(outcome.error)) throw outcome.error;
		const message = portalErrorDetails(outcome.error)?.portalMessage ?? null;
		return [{ ...summary, associated: true, alreadyAssociated: true, message }];
	}
	const answer = answerSchema.safeParse(outcome.body);
	const message = answer.success ? (answer.data.respuesta ?? answer.data.resposta ?? null) : null;
	// Warnings (e.g. WARN-0211, more than 50 images) do not undo the association: kept in the item.
	const notices = portalNotices(outcome.body);
	return [{ ...summary, associated: true, alreadyAssociated: false, message, ...notices }];
}
