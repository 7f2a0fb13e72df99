/** What the lists do when n8n's editor asks for them before the node has its credential. */
import { NodeOperationError } from 'n8n-workflow';

/**
 * n8n's editor may ask for a list before the node has its credential (a freshly added node): that
 * is not an error the user can act on, so the list is empty until the credential is chosen. Any
 * other failure (a refused token, an unreachable portal) still shows its message.
 */
export function isCredentialNotSetYet(error: unknown): boolean {
	return (
		error instanceof NodeOperationError && /does not have any credentials set/i.test(error.message)
	);
}

export async function emptyUntilCredentialSet<T>(load: () => Promise<T>, empty: T): Promise<T> {
	const outcome = await load().then(
		(value) => ({ value }),
		(error: unknown) => ({ error }),
	);
	if ('value' in outcome) return outcome.value;
	if (isCredentialNotSetYet(outcome.error)) return empty;
	// Already the transport's NodeApiError / NodeOperationError, naming the fix.
	throw outcome.error;
}
