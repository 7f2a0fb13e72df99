/**
 * The workflows of the lead-burst sides: the landing example as a user imports it (its lead list
 * polled every minute for the run instead of every 5 minutes, its trigger's Respond as the side
 * says), and the peer users keep (n8n's Webhook node with Header Auth, then a Data table upsert
 * into the example's table, mapped from the raw Spanish body and keyed on the event id it has).
 */
import { randomUUID } from 'node:crypto';

import {
	LANDING_CALLBACK_TRIGGER,
	LANDING_LIST_TRIGGER,
	POLL_EVERY_MINUTE,
	loadExample,
	withParameters,
	type WorkflowDefinition,
} from '../../harness/n8n';
import { headerAuthWebhookNode } from '../trigger/workflows';
import type { Respond } from './sides';

type ExampleNode = {
	name: string;
	type: string;
	parameters: Record<string, unknown>;
	[key: string]: unknown;
};

/**
 * The landing example's upsert on leadKey: in a run of the list, its output items are the rows the
 * list wrote, those it made (createdAt = updatedAt) and those it wrote again.
 */
export const LIST_UPSERT_NODE = 'Save the Lead (Upsert on leadKey)';
/** Its update of the rows of an ad that lack its details: the rows a run completed (details added). */
export const LIST_FILL_NODE = "Fill In the Ad's Details Where Missing";
const UPSERT_NODE = 'Save the Lead (Upsert by Event Id)';

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
	// The example upserts on leadKey: the peer keys on the event id it has.
	leadKey: '={{ $json.body.idEvento }}',
	eventId: '={{ $json.body.idEvento }}',
	eventType: '={{ $json.body.tipoEvento }}',
	name: '={{ $json.body.nombre }}',
	email: '={{ $json.body.email }}',
	phone: '={{ $json.body.telefono }}',
	message: '={{ $json.body.mensaje }}',
	adCode: '={{ $json.body.referencia }}',
};

/**
 * n8n's Webhook node (Header Auth on `headerCredentialId`, at `webhookPath`) and the example's
 * upsert keyed on the event id: one Data table write per lead.
 */
export function webhookWorkflow(
	headerCredentialId: string,
	webhookPath: string,
	respond: Respond,
): WorkflowDefinition {
	const example = loadExample('leadsToDataTable', { id: 'unused', name: 'unused' });
	const save = (example.nodes as ExampleNode[]).find((node) => node.name === LIST_UPSERT_NODE)!;
	const byEventId = [
		{ keyName: 'leadKey', condition: 'eq', keyValue: '={{ $json.body.idEvento }}' },
	];
	const parameters = {
		...save.parameters,
		filters: { conditions: byEventId },
		columns: { mappingMode: 'defineBelow', value: WEBHOOK_MAPPED_COLUMNS },
	};
	const upsert = { ...save, name: UPSERT_NODE, id: randomUUID(), position: [300, 0], parameters };
	const webhook = headerAuthWebhookNode(headerCredentialId, webhookPath, respond);
	return {
		name: `bench: n8n's Webhook node (${respond}) → Data table`,
		nodes: [webhook, upsert],
		connections: {
			[webhook.name]: { main: [[{ node: UPSERT_NODE, type: 'main', index: 0 }]] },
		},
		settings: example.settings ?? {},
	};
}
