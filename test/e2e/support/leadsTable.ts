/** The tables the landing examples write into, read back, and the PostgreSQL one's credential. */
import { LEADS_TABLE } from '../../../harness/n8n/destinations';
import type { ProvisionedN8n } from '../../../harness/n8n/provision';

/** The rows of the leads data table (empty when it does not exist yet). */
export async function leadsTableRows(
	owner: ProvisionedN8n,
): Promise<Array<Record<string, unknown>>> {
	const table = await owner.api.dataTableNamed(LEADS_TABLE);
	return table ? await owner.api.dataTableRows(table.id) : [];
}

/** A Postgres credential for the `leads` database of scripts/services/services.sh's server. */
export async function createLeadsDatabaseCredential(owner: ProvisionedN8n, pgPort: number) {
	return await owner.api.createCredential({
		name: 'Leads database',
		type: 'postgres',
		data: {
			host: '127.0.0.1',
			port: pgPort,
			database: 'leads',
			user: 'n8n',
			password: '',
			ssl: 'disable',
			allowUnauthorizedCerts: false,
			sshTunnel: false,
		},
	});
}
