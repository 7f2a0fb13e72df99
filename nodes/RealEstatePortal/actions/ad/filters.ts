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
			description: 'Your code of the ad; ignored when Platform Ad ID is given',
		},
		{
			displayName: 'Currency Name or ID',
			name: 'codigoMoneda',
			type: 'options',
			typeOptions: { loadOptionsMethod: 'getCurrencies' },
			default: '',
			description:
				'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
		},
		{
			displayName: 'Location IDs',
			name: 'idUbicacion',
			type: 'string',
			typeOptions: { multipleValues: true, multipleValueButtonText: 'Add Location ID' },
			default: [],
			description: 'Location IDs of the portal; an ad in any of them matches',
		},
		{
			displayName: 'Maximum Price',
			name: 'precioHasta',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 0,
		},
		{
			displayName: 'Minimum Price',
			name: 'precioDesde',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 0,
		},
		{
			displayName: 'Operation Type Name or ID',
			name: 'operacion',
			type: 'options',
			typeOptions: { loadOptionsMethod: 'getOperations' },
			default: '',
			description:
				'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
		},
		{
			displayName: 'Platform Ad ID',
			name: 'idAvisoPlat',
			type: 'number',
			default: 0,
			description: "The portal's internal ID of the ad",
		},
		{
			displayName: 'Property Type IDs',
			name: 'idTipoDePropiedad',
			type: 'string',
			typeOptions: { multipleValues: true, multipleValueButtonText: 'Add Property Type ID' },
			default: [],
			description: 'Property type IDs of the portal; an ad of any of them matches',
		},
		{
			displayName: 'Title Words',
			name: 'titulo',
			type: 'string',
			default: '',
			placeholder: 'e.g. luminoso balcón',
			description: 'A title, or words to look for in the titles',
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
const price = z.coerce.number().nonnegative('must not be negative');

const filtersSchema = z
	.object({
		codigoAviso: text,
		codigoMoneda: text,
		idUbicacion: idList,
		precioHasta: price,
		precioDesde: price,
		operacion: text,
		idAvisoPlat: z.coerce
			.number()
			.int('must be a whole number')
			.nonnegative('must not be negative'),
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

/** The filters as the query of the ad summary; empty values and a zero ID are left out. */
export function readAdFilters(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const given = ctx.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const filters = validateInput(ctx.getNode(), filtersSchema, given, LABELS, itemIndex);
	const query: IDataObject = {};
	for (const [name, value] of Object.entries(filters)) {
		if (Array.isArray(value)) {
			if (value.length > 0) query[name] = value.join(',');
		} else if (value !== '' && !(name === 'idAvisoPlat' && value === 0)) {
			query[name] = value;
		}
	}
	return query;
}
