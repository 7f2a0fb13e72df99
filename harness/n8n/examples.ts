import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import type { WorkflowDefinition } from './n8nPublicApi';
import { projectRoot } from './projectPaths';

export const examplesDir = path.join(projectRoot, 'examples');

/** The example workflows in `examples/`, by what they do. */
export const EXAMPLES = {
	leadsToDataTable: 'leads-to-data-table.json',
	pollLeadsToDataTable: 'poll-leads-to-data-table.json',
	importLeads: 'import-last-30-days-of-leads.json',
	leadsToPostgres: 'leads-to-postgres.json',
	sheetsTemplate: 'template-leads-to-google-sheets.json',
	hubspotTemplate: 'template-leads-to-hubspot.json',
	inventoryExport: 'nightly-ad-inventory-export.json',
	bulkAssociation: 'bulk-associate-ads.json',
	callbackCheck: 'callback-setup-check.json',
	aiAgentTools: 'ai-agent-tools-mcp.json',
} as const;

export type ExampleName = keyof typeof EXAMPLES;

export const CREDENTIAL_TYPE = 'realEstatePortalApi';
export const TRIGGER_TYPE = 'n8n-nodes-real-estate-portal.realEstatePortalTrigger';
export const POLL_TRIGGER_TYPE = 'n8n-nodes-real-estate-portal.realEstatePortalPollTrigger';
/** The tool variant n8n generates for the action node (`usableAsTool`). */
export const TOOL_TYPE = 'n8n-nodes-real-estate-portal.realEstatePortalTool';
export const MCP_TRIGGER_TYPE = '@n8n/n8n-nodes-langchain.mcpTrigger';

interface ExampleNode extends Record<string, unknown> {
	name: string;
	type: string;
	webhookId?: string;
	credentials?: Record<string, { id: string; name: string }>;
}

export type CredentialRef = { id: string; name: string };

/** An example file as it is in `examples/`. */
export function readExample(name: ExampleName): WorkflowDefinition {
	return JSON.parse(
		fs.readFileSync(path.join(examplesDir, EXAMPLES[name]), 'utf8'),
	) as WorkflowDefinition;
}

/**
 * An example workflow ready for n8n's public API: the credential placeholders replaced by real
 * credentials (ours, and `others` by credential type, e.g. `{ postgres: … }`), and a fresh webhook
 * ID on our trigger (the editor gives one to every imported webhook node, so two imports never share
 * a production URL).
 */
export function loadExample(
	name: ExampleName,
	credential: CredentialRef,
	others: Record<string, CredentialRef> = {},
): WorkflowDefinition {
	const file = readExample(name);
	const replacements: Record<string, CredentialRef> = { ...others, [CREDENTIAL_TYPE]: credential };
	const nodes = (file.nodes as ExampleNode[]).map((node) => ({
		...node,
		...((node.type === TRIGGER_TYPE && !node.webhookId) || node.type === MCP_TRIGGER_TYPE
			? { webhookId: randomUUID() }
			: {}),
		...(node.credentials
			? {
					credentials: Object.fromEntries(
						Object.entries(node.credentials).map(([type, placeholder]) => {
							const real = replacements[type] ?? placeholder;
							return [type, { id: real.id, name: real.name }];
						}),
					),
				}
			: {}),
	}));
	return { name: file.name, nodes, connections: file.connections, settings: file.settings ?? {} };
}

/** The production URL n8n registers for a webhook node: `<base>/webhook/<webhookId>/<path>`. */
export function productionWebhookUrl(
	baseUrl: string,
	webhookId: string,
	webhookPath = 'real-estate-portal',
) {
	return `${baseUrl}/webhook/${webhookId}/${webhookPath}`;
}

/** The landing example's two triggers (leads-to-data-table.json): the callback and the lead list. */
export const LANDING_CALLBACK_TRIGGER = 'New Portal Lead';
export const LANDING_LIST_TRIGGER = 'Leads From the Lead List';
/**
 * Its upsert on leadKey (output: the rows written; a Data table row made by the run has
 * createdAt = updatedAt), the If letting the list's rows with their ad's details on, and the update
 * giving those details to the ad's rows that lack them (output: the rows it completed).
 */
export const LANDING_UPSERT = 'Save the Lead (Upsert on leadKey)';
export const LANDING_DETAILS_IF = "Listed, With the Property's Details?";
export const LANDING_DETAILS_FILL = "Fill In the Ad's Details Where Missing";

/** A Poll Trigger's parameters for a poll every minute (the examples poll every 5). */
export const POLL_EVERY_MINUTE = { pollTimes: { item: [{ mode: 'everyMinute' }] } };

/** The workflow with `changes` merged into the parameters of the node named `nodeName`. */
export function withParameters(
	workflow: WorkflowDefinition,
	nodeName: string,
	changes: Record<string, unknown>,
): WorkflowDefinition {
	if (!workflow.nodes.some((node) => node.name === nodeName))
		throw new Error(`"${workflow.name}" has no node "${nodeName}"`);
	return {
		...workflow,
		nodes: workflow.nodes.map((node) =>
			node.name === nodeName
				? { ...node, parameters: { ...(node.parameters as object), ...changes } }
				: node,
		),
	};
}
