/**
 * Lookup → Get Contact Types: the portal's catalogue of contact types (`GET /v1/contatos/acoes`,
 * answering `[{id, tipo}]`; its Spanish spelling is a guess, nodes/shared/paths.ts). When the
 * catalogue cannot be asked (refused, unknown there, or failing after the retries), the kinds the
 * package knows (nodes/shared/contactTypes.ts), marked as its built-in list.
 */
import { NodeApiError, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';
import { KNOWN_CONTACT_TYPES, contactTypeWords } from '../../../shared/contactTypes';
import { portalRequest } from '../../../shared/transport';
import { forOperation, simplifyField } from '../common.descriptions';

export const description = forOperation('lookup', 'getContactTypes', [simplifyField]);

/** The answers after which the catalogue counts as not available, rather than the run failing. */
function catalogueUnavailable(error: unknown): boolean {
	if (!(error instanceof NodeApiError)) return false;
	const status = Number(error.httpCode);
	return status === 401 || status === 403 || status === 404 || status === 405 || status >= 500;
}

interface CatalogueEntry {
	id: number;
	tipo: string;
}

function entriesOf(body: unknown): CatalogueEntry[] {
	if (!Array.isArray(body)) return [];
	return body.filter(
		(entry): entry is CatalogueEntry =>
			typeof entry === 'object' && entry !== null && Number.isInteger(entry.id),
	);
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const simplify = this.getNodeParameter('simplify', itemIndex, true) as boolean;
	const asked = await portalRequest(this, 'listContactTypes', { itemIndex }).then(
		(body) => ({ entries: entriesOf(body), unavailable: undefined }),
		(error: unknown) => {
			if (!catalogueUnavailable(error)) throw error;
			return {
				entries: KNOWN_CONTACT_TYPES.map((type) => ({ id: type.id, tipo: type.code })),
				unavailable: `The portal's catalogue could not be read: ${(error as Error).message}`,
			};
		},
	);
	const { entries, unavailable } = asked;
	const source = unavailable ? 'built-in list of this package' : 'portal';
	return entries.map((entry) => {
		const item: IDataObject = simplify
			? {
					contactTypeId: entry.id,
					contactType: contactTypeWords(entry.id),
					code: typeof entry.tipo === 'string' ? entry.tipo : null,
				}
			: { ...entry };
		return unavailable ? { ...item, source, unavailable } : { ...item, source };
	});
}
