/** The outcome of a read from the portal as memory keeps it: its value, or why it failed in words. */
export type Looked<T> = { ok: true; value: T } | { ok: false; reason: string };

export function reasonOf(error: unknown): string {
	const message = (error as { message?: unknown })?.message;
	return typeof message === 'string' && message !== '' ? message : 'the portal could not be read';
}

/** The read's outcome; never rejects. */
export async function looked<T>(read: Promise<T>): Promise<Looked<T>> {
	return await read.then(
		(value) => ({ ok: true as const, value }),
		(error: unknown) => ({ ok: false as const, reason: reasonOf(error) }),
	);
}
