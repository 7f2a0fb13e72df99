import { creditSimulationBodySchema } from '../../../shared/schemas';
import { agencyCodeField, callbackConfigurationFields, forOperation } from '../common.descriptions';
import { simulationExecute } from './simulation';

export const description = forOperation('sandbox', 'simulateCreditEvent', [
	agencyCodeField,
	{
		displayName: 'Action',
		name: 'creditAction',
		type: 'string',
		required: true,
		default: 'ALTA',
		description: 'What happened to the publication plan (accion), e.g. ALTA',
	},
	{
		displayName: 'Publication Plan',
		name: 'publicationPlan',
		type: 'string',
		default: '',
		placeholder: 'e.g. SIMPLE',
	},
	{
		displayName: 'Site ID',
		name: 'siteId',
		type: 'string',
		default: '',
	},
	{
		displayName: 'Status',
		name: 'creditStatus',
		type: 'string',
		default: 'HABILITADO',
		description: 'Status of the plan, e.g. HABILITADO',
	},
	...callbackConfigurationFields,
]);

export const execute = simulationExecute({
	operation: 'simulateCreditEvent',
	schema: creditSimulationBodySchema,
	labels: {
		accion: 'Action',
		codigoEmpresa: 'Agency',
		planDePublicacion: 'Publication Plan',
		siteId: 'Site ID',
		status: 'Status',
	},
	fields: (read) => ({
		accion: read('creditAction'),
		codigoEmpresa: read('agencyCode'),
		planDePublicacion: read('publicationPlan') || undefined,
		siteId: read('siteId') || undefined,
		status: read('creditStatus') || undefined,
	}),
	eventTypeOf: () => 'CREDITO',
});
