/**
 * What an error answer says, whatever its body: the specification's error object `{code, message}`,
 * XML (field notes: some error bodies are XML), HTML, plain text or nothing at all.
 */
export interface ServiceError {
	code?: string;
	message?: string;
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
