/**
 * Scrubs secrets from any text that leaves the package (error messages, descriptions, paths): the
 * `access_token` query parameter wherever it appears, and the credential's own secret values.
 */
export const REDACTED = '**hidden**';

const TOKEN_PARAMETER = /(access_token|client_secret)=[^&\s"'<>]*/gi;

export function redact(text: string, secrets: readonly string[] = []): string {
	let clean = text.replace(TOKEN_PARAMETER, `$1=${REDACTED}`);
	for (const secret of secrets) {
		if (secret) clean = clean.split(secret).join(REDACTED);
	}
	return clean;
}
