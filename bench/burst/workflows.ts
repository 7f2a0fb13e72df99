/**
 * The workflows of the lead-burst sides: the landing example as a user imports it (its lead list
 * polled every minute for the run instead of every 5 minutes, its trigger's Respond as the side
 * says), and the peer users keep (n8n's Webhook node with Header Auth, then one Data table insert
 * into the example's table of the row mapped from the raw Spanish body: n8n's cheapest write).
 */
import { randomUUID } from 'node:crypto';

import {
	LANDING_CALLBACK_TRIGGER,
	LANDING_LIST_TRIGGER,
	LANDING_UPSERT,
	POLL_EVERY_MINUTE,
	loadExample,
	withParameters,
	type WorkflowDefinition,
} from '../../harness/n8n';
import type { Respond } from './sides';

type ExampleNode = {
	name: string;
	type: string;
	parameters: Record<string, unknown>;
	[key: string]: unknown;
};

const INSERT_NODE = 'Save the Lead (Insert)';

/** The landing example as the run imports it: its list polled every minute, its trigger answering as `respond`. */
export function landingForTheRun(respond: Respond) {
	return (example: WorkflowDefinition): WorkflowDefinition =>
		withParameters(
			withParameters(example, LANDING_LIST_TRIGGER, POLL_EVERY_MINUTE),
			LANDING_CALLBACK_TRIGGER,
			{ responseMode: respond },
		);
}

/** The columns the peer fills from the Spanish body n8n's Webhook node outputs. */
const WEBHOOK_MAPPED_COLUMNS: Record<string, string> = {
	// The row's key is the event id the body has (a lead run twice is then two rows of one key).
	leadKey: '={{ $json.body.idEvento }}',
	eventId: '={{ $json.body.idEvento }}',
	eventType: '={{ $json.body.tipoEvento }}',
	name: '={{ $json.body.nombre }}',
	email: '={{ $json.body.email }}',
	phone: '={{ $json.body.telefono }}',
	message: '={{ $json.body.mensaje }}',
	adCode: '={{ $json.body.referencia }}',
	rawBody: '={{ JSON.stringify($json.body) }}',
};

/** n8n's Webhook node with Header Auth (credential 'bench header'), answering as `responseMode` says. */
function headerAuthWebhookNode(credentialId: string, webhookPath: string, responseMode: Respond) {
	return {
		name: 'Webhook',
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2.1,
		position: [0, 0] as [number, number],
		webhookId: randomUUID(),
		parameters: {
			httpMethod: 'POST',
			path: webhookPath,
			authentication: 'headerAuth',
			responseMode,
			options: {},
		},
		credentials: { httpHeaderAuth: { id: credentialId, name: 'bench header' } },
	};
}

/**
 * n8n's Webhook node (Header Auth on `headerCredentialId`, at `webhookPath`) and one Data table
 * insert of the row into the example's table: one write per run, no lookup.
 */
export function webhookWorkflow(
	headerCredentialId: string,
	webhookPath: string,
	respond: Respond,
): WorkflowDefinition {
	const example = loadExample('leadsToDataTable', { id: 'unused', name: 'unused' });
	const save = (example.nodes as ExampleNode[]).find((node) => node.name === LANDING_UPSERT)!;
	const parameters = {
		resource: 'row',
		operation: 'insert',
		dataTableId: save.parameters.dataTableId,
		columns: { mappingMode: 'defineBelow', value: WEBHOOK_MAPPED_COLUMNS },
		options: {},
	};
	const insert = { ...save, name: INSERT_NODE, id: randomUUID(), position: [300, 0], parameters };
	const webhook = headerAuthWebhookNode(headerCredentialId, webhookPath, respond);
	return {
		name: `bench: n8n's Webhook node (${respond}) → Data table insert`,
		nodes: [webhook, insert],
		connections: {
			[webhook.name]: { main: [[{ node: INSERT_NODE, type: 'main', index: 0 }]] },
		},
		settings: example.settings ?? {},
	};
}
