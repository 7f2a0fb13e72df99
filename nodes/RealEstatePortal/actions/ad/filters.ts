/**
 * The online ad summary's nine query filters (specification, "Online ad summary"): the Filters
 * collection of Ad → Get Many, its validation, and the query it becomes.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';
import { validateInput } from '../../../shared/validation';

export const filtersField: INodeProperties = {
	displayName: 'Filters',
	name: 'filters',
	type: 'collection',
	placeholder: 'Add Filter',
	default: {},
	description: 'Every filter given must match; for a list, any one of its values is enough',
	options: [
		{
			displayName: 'Ad Code',
			name: 'codigoAviso',
			type: 'string',
			default: '',
			placeholder: 'e.g. PROP-1042',
			description:
				'Sent as codigoAviso. The code your own system gave the ad (shown as Ad Code in the output); ignored when Platform Ad ID is given.',
		},
		{
			displayName: 'Currency Name or ID',
			name: 'codigoMoneda',
			type: 'options',
			typeOptions: { loadOptionsMethod: 'getCurrencies' },
			default: '',
			description:
				'Sent as codigoMoneda: a currency code such as USD or ARS, from the portal\'s currency list. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		},
		{
			displayName: 'Location IDs',
			name: 'idUbicacion',
			type: 'string',
			typeOptions: { multipleValues: true, multipleValueButtonText: 'Add Location ID' },
			default: [],
			placeholder: 'e.g. 3001',
			description:
				"Sent as idUbicacion: the portal's location IDs (whole numbers, e.g. 3001); an ad in any of them matches. An expression may give them as comma-separated text.",
		},
		{
			displayName: 'Maximum Price',
			name: 'precioHasta',
			type: 'string',
			default: '',
			placeholder: 'e.g. 400000',
			description:
				"Sent as precioHasta: the highest price, in the ad's own currency (combine with Currency to compare like with like). A number above 0; empty sends nothing.",
		},
		{
			displayName: 'Minimum Price',
			name: 'precioDesde',
			type: 'string',
			default: '',
			placeholder: 'e.g. 50000',
			description:
				"Sent as precioDesde: the lowest price, in the ad's own currency. Empty or 0 means no minimum and sends nothing.",
		},
		{
			displayName: 'Operation Type Name or ID',
			name: 'operacion',
			type: 'options',
			typeOptions: { loadOptionsMethod: 'getOperations' },
			default: '',
			description:
				'Sent as operacion: VENTA (sale), ALQUILER (rent) or ALQUILER_TEMPORAL (short-term rent); Any sends nothing. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		},
		{
			displayName: 'Platform Ad ID',
			name: 'idAvisoPlat',
			type: 'string',
			default: '',
			placeholder: 'e.g. 54000002',
			description:
				"Sent as idAvisoPlat: the portal's own ID of the ad (Platform Ad ID in the output), a whole number above 0; empty sends nothing",
		},
		{
			displayName: 'Property Type IDs',
			name: 'idTipoDePropiedad',
			type: 'string',
			typeOptions: { multipleValues: true, multipleValueButtonText: 'Add Property Type ID' },
			default: [],
			placeholder: 'e.g. 1',
			description:
				"Sent as idTipoDePropiedad: the portal's property type IDs (whole numbers); an ad of any of them matches. An expression may give them as comma-separated text.",
		},
		{
			displayName: 'Title Words',
			name: 'titulo',
			type: 'string',
			default: '',
			placeholder: 'e.g. casa luminoso',
			description: 'Sent as titulo: a title, or words to look for in the titles',
		},
	],
};

const LABELS = {
	codigoAviso: 'Ad Code',
	codigoMoneda: 'Currency',
	idUbicacion: 'Location IDs',
	precioHasta: 'Maximum Price',
	precioDesde: 'Minimum Price',
	operacion: 'Operation Type',
	idAvisoPlat: 'Platform Ad ID',
	idTipoDePropiedad: 'Property Type IDs',
	titulo: 'Title Words',
};

/** A list given as a list, as "a,b" text (an expression), or a mix of both. */
const idList = z
	.union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))])
	.transform((value) =>
		(Array.isArray(value) ? value : [value])
			.flatMap((entry) => String(entry).split(','))
			.map((entry) => entry.trim())
			.filter((entry) => entry !== ''),
	)
	.refine((ids) => ids.every((id) => /^\d+$/.test(id)), {
		message: 'every value must be a whole number',
	});

const text = z.string().trim();
/**
 * A number typed as text, or given as a number (an expression, or a version 1 number field). Empty
 * text is "not given": a filter just added is empty, and sends nothing (n8n's own WooCommerce node
 * types its price filters the same way).
 */
const typedNumber = (example: string) =>
	z.preprocess(
		(value) =>
			typeof value !== 'string' ? value : value.trim() === '' ? undefined : Number(value.trim()),
		z
			.number({ invalid_type_error: `must be a number, e.g. ${example}` })
			.nonnegative('must not be negative')
			.optional(),
	);
const price = typedNumber('400000');
/** A typed 0 would match no ad: refused, naming the fix, not sent. */
const notZero = <T extends z.ZodTypeAny>(schema: T, fix: string) =>
	schema.refine((value?: number) => value !== 0, { message: `0 matches no ad; ${fix}` });

const filtersSchema = z
	.object({
		codigoAviso: text,
		codigoMoneda: text,
		idUbicacion: idList,
		precioHasta: notZero(price, 'enter the highest price, or leave it empty'),
		precioDesde: price,
		operacion: text,
		idAvisoPlat: notZero(
			typedNumber('54000002').refine((value) => value === undefined || Number.isInteger(value), {
				message: 'must be a whole number',
			}),
			"enter the ad's platform ID, or leave it empty",
		),
		idTipoDePropiedad: idList,
		titulo: text,
	})
	.partial()
	.strict()
	.refine(
		(f) =>
			f.precioDesde === undefined || f.precioHasta === undefined || f.precioDesde <= f.precioHasta,
		{ path: ['precioDesde'], message: 'must not be greater than Maximum Price' },
	);

/** The filters as the query of the ad summary; empty values and a Minimum Price of 0 are left out. */
export function readAdFilters(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const given = ctx.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const filters = validateInput(ctx, filtersSchema, given, LABELS, itemIndex);
	const query: IDataObject = {};
	for (const [name, value] of Object.entries(filters)) {
		if (Array.isArray(value)) {
			if (value.length > 0) query[name] = value.join(',');
		} else if (value !== undefined && value !== '' && !(name === 'precioDesde' && value === 0)) {
			query[name] = value;
		}
	}
	return query;
}
