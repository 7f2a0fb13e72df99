/** Whether a text is JSON, as JSON.parse reads it: the tests' own word, not the node's. */
export function isJson(text: string): boolean {
	try {
		JSON.parse(text);
		return true;
	} catch {
		return false;
	}
}
