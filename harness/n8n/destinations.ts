/**
 * The examples that land leads in a table (n8n's Data table, PostgreSQL): importing one as a user
 * would, running its "Run once" branch that creates the table.
 */
import { loadExample, type CredentialRef, type ExampleName } from './examples';
import { runManually } from './manualRun';
import type { DataTable, StoredWorkflow, WorkflowDefinition } from './n8nPublicApi';
import type { ProvisionedN8n } from './provision';

/** The data table the Data table examples write into, by name. */
export const LEADS_TABLE = 'Portal leads';
/** The Manual Trigger of each landing example's "Run once" branch that creates its table. */
export const CREATE_TABLE_TRIGGER = 'Run Once to Create the Table';

/** Runs a landing workflow's "Run once" branch, as a user clicks it: its table exists afterwards. */
export async function createTableOf(owner: ProvisionedN8n, workflow: StoredWorkflow) {
	const setUp = await runManually(owner, workflow.id, CREATE_TABLE_TRIGGER);
	if (setUp.status !== 'success') {
		const reason = setUp.data?.resultData.error?.message ?? setUp.status;
		throw new Error(`"${workflow.name}": creating its table failed: ${reason}`);
	}
}

/**
 * Imports a landing example and runs its "Run once" branch: the table exists afterwards. `adjust`
 * changes the workflow before the import, as a user's edit would (a shorter poll interval).
 */
export async function importLandingExample(
	owner: ProvisionedN8n,
	name: ExampleName,
	credential: CredentialRef,
	others: Record<string, CredentialRef> = {},
	adjust: (workflow: WorkflowDefinition) => WorkflowDefinition = (workflow) => workflow,
): Promise<StoredWorkflow> {
	const workflow = await owner.api.createWorkflow(adjust(loadExample(name, credential, others)));
	await createTableOf(owner, workflow);
	return workflow;
}

/** Where the editor shows a data table's rows. */
export function dataTableUrl(n8nUrl: string, table: DataTable): string {
	return `${n8nUrl}/projects/${table.projectId}/datatables/${table.id}`;
}
