import { leadSimulationBodySchema } from '../../../shared/schemas';
import {
	adCodeField,
	agencyCodeField,
	callbackConfigurationFields,
	forOperation,
} from '../common.descriptions';
import { simulationExecute } from './simulation';

export const description = forOperation('sandbox', 'simulateLeadEvent', [
	agencyCodeField,
	{ ...adCodeField, description: 'The ad the lead is about: your ad code, or its platform ad ID' },
	{
		displayName: 'Event Type',
		name: 'eventType',
		type: 'options',
		options: [
			{
				name: 'Lead (CONTACTO)',
				value: 'CONTACTO',
				description: 'A phone-number view: only the contact email is required',
			},
			{
				name: 'Lead Message (CONTACTO_MENSAJE)',
				value: 'CONTACTO_MENSAJE',
				description: 'A message: name, phone, email and message are required',
			},
		],
		default: 'CONTACTO',
	},
	{
		displayName: 'Contact Email',
		name: 'contactEmail',
		type: 'string',
		placeholder: 'name@email.com',
		default: '',
	},
	{ displayName: 'Contact Name', name: 'contactName', type: 'string', default: '' },
	{ displayName: 'Contact Phone', name: 'contactPhone', type: 'string', default: '' },
	{
		displayName: 'Contact Message',
		name: 'contactMessage',
		type: 'string',
		typeOptions: { rows: 3 },
		default: '',
	},
	...callbackConfigurationFields,
]);

export const execute = simulationExecute({
	operation: 'simulateLeadEvent',
	schema: leadSimulationBodySchema,
	labels: {
		codigoAviso: 'Ad Code',
		codigoInmobiliaria: 'Agency',
		tipoDeEvento: 'Event Type',
		contactEmail: 'Contact Email',
		contactName: 'Contact Name',
		contactPhone: 'Contact Phone',
		contactMessage: 'Contact Message',
	},
	fields: (read, ctx, itemIndex) => ({
		codigoAviso: read('adCode'),
		codigoInmobiliaria: read('agencyCode'),
		tipoDeEvento: ctx.getNodeParameter('eventType', itemIndex),
		contactEmail: read('contactEmail') || undefined,
		contactName: read('contactName') || undefined,
		contactPhone: read('contactPhone') || undefined,
		contactMessage: read('contactMessage') || undefined,
	}),
	eventTypeOf: (body) => body.tipoDeEvento,
});
