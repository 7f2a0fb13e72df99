import type { INodeProperties } from 'n8n-workflow';

/** The option that adds a listed lead's national id (personal data) to the flat lead. */
export const includeNationalIdOption: INodeProperties = {
	displayName: 'Include National ID',
	name: 'includeNationalId',
	type: 'boolean',
	default: false,
	description:
		"Whether to add the prospect's national ID (DNI, CPF: personal data) to each lead as nationalId",
};
