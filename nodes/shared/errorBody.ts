/**
 * What an error answer says, whatever its body: the service's error object `{code, message}`,
 * the portal's coded message lists (`errors` / `warnings` / `informacion`, each entry
 * `{messageCode, messageText}`), XML (some error bodies are XML), HTML, plain text or nothing at all.
 */
export interface ServiceError {
	code?: string;
	message?: string;
	/** The coded error entries, when the answer carries them. */
	messages?: CodedMessage[];
}

/** One entry of the portal's coded message lists. */
export interface CodedMessage {
	code: string;
	text: string;
	/** Which list it came from, on an error answer. */
	level?: 'error' | 'warning' | 'information';
}

const CODED_LISTS = [
	['errors', 'error'],
	['warnings', 'warning'],
	['informacion', 'information'],
] as const;

/** Coded entries of one list of a body (`errors`, `warnings`, `informacion`); malformed ones skipped. */
export function codedMessages(body: unknown, list: string): CodedMessage[] {
	if (!body || typeof body !== 'object' || Array.isArray(body)) return [];
	const entries = (body as Record<string, unknown>)[list];
	if (!Array.isArray(entries)) return [];
	return entries.flatMap((entry: unknown) => {
		const { messageCode, messageText } = (entry ?? {}) as Record<string, unknown>;
		if (typeof messageText !== 'string' || messageText.trim() === '') return [];
		return [
			{
				code: typeof messageCode === 'string' ? messageCode : '',
				text: messageText.trim(),
			},
		];
	});
}

/** The warnings and information a successful answer carries, to keep in the output item. */
export function portalNotices(body: unknown): {
	warnings?: CodedMessage[];
	information?: CodedMessage[];
} {
	const warnings = codedMessages(body, 'warnings');
	const information = codedMessages(body, 'informacion');
	return {
		...(warnings.length > 0 ? { warnings } : {}),
		...(information.length > 0 ? { information } : {}),
	};
}

const MAX_TEXT = 300;

const tagText = (xml: string, tag: string) =>
	new RegExp(`<${tag}[^>]*>([\\s\\S]*?)</${tag}>`, 'i').exec(xml)?.[1]?.trim() || undefined;

function shorten(text: string): string | undefined {
	const flat = text.replace(/\s+/g, ' ').trim();
	if (flat === '') return undefined;
	return flat.length > MAX_TEXT ? `${flat.slice(0, MAX_TEXT)}…` : flat;
}

function fromObject(body: Record<string, unknown>): ServiceError {
	// An error answer's every coded entry is shown, errors first; warnings may explain the refusal.
	const coded = CODED_LISTS.flatMap(([list, level]) =>
		codedMessages(body, list).map((entry) => ({ ...entry, level })),
	);
	if (coded.length > 0) {
		return {
			code: coded.find((entry) => entry.code)?.code,
			message: coded.map((entry) => entry.text).join(' '),
			messages: coded,
		};
	}
	const pick = (...names: string[]) => {
		for (const name of names) {
			const value = body[name];
			if (typeof value === 'string' && value.trim() !== '') return value.trim();
		}
		return undefined;
	};
	return {
		code: pick('code', 'error'),
		message: pick('message', 'error_description', 'mensaje', 'detail'),
	};
}

function fromText(text: string): ServiceError {
	const trimmed = text.trim();
	if (trimmed.startsWith('{')) {
		try {
			const parsed: unknown = JSON.parse(trimmed);
			if (parsed && typeof parsed === 'object')
				return fromObject(parsed as Record<string, unknown>);
		} catch {
			// Not JSON after all: read it as text below.
		}
	}
	if (/^<!doctype html|^<html/i.test(trimmed)) {
		return { message: shorten(tagText(trimmed, 'title') ?? trimmed.replace(/<[^>]+>/g, ' ')) };
	}
	if (trimmed.startsWith('<')) {
		return {
			code: tagText(trimmed, 'error') ?? tagText(trimmed, 'code'),
			message: shorten(
				tagText(trimmed, 'error_description') ??
					tagText(trimmed, 'message') ??
					trimmed.replace(/<[^>]+>/g, ' '),
			),
		};
	}
	return { message: shorten(trimmed) };
}

export function readServiceError(body: unknown): ServiceError {
	if (body === undefined || body === null) return {};
	if (Buffer.isBuffer(body)) return fromText(body.toString('utf8'));
	if (typeof body === 'string') return fromText(body);
	if (typeof body === 'object' && !Array.isArray(body)) {
		return fromObject(body as Record<string, unknown>);
	}
	return {};
}

/**
 * The service's one refusal, `{code: "error_inesperado", message: "Access is denied"}`: a write by a
 * read-only (LEC) interface, or, as a 500, a plan without callback access or lead polling
 * (docs/portal-api.md, "Plans without callbacks"). Repeating it never helps.
 */
export function isAccessDenied(error: ServiceError): boolean {
	return error.code === 'error_inesperado' && /access is denied/i.test(error.message ?? '');
}
