/**
 * What the demo's terminal shows of the emulator's log once the demo is ready: the emulator's own
 * errors, and each delivery attempt and request only when asked (DEMO_VERBOSE=1); the leads
 * themselves are told as they land in the table (landedRows.ts). The whole log is in sandbox.log.
 */

/** The emulator's line for a delivery attempt (sandbox/delivery.ts). */
const DELIVERY = /^delivery (\S+) (\S+) → (\S+) attempt (\d+): (\S+)$/;
/** The emulator's line for a request it answered (sandbox/server.ts): `GET /path → 200 (2.7 ms)`. */
const REQUEST = /^[A-Z]+ \S+ → \d{3} \([\d.]+ ms\)$/;

const LEAD_KINDS: Record<string, string> = {
	CONTACTO: 'phone view',
	CONTACTO_MENSAJE: 'message',
};

function outcomeOf(result: string): string {
	const status = Number(result);
	if (!Number.isInteger(status)) return `not delivered (${result})`;
	return status < 400
		? `n8n answered ${status}`
		: `n8n answered ${status}: the portal sends it again`;
}

/** The line to print for one log line of the emulator, or null to print nothing. */
export function terminalLine(line: string, verbose: boolean): string | null {
	const delivery = DELIVERY.exec(line);
	if (delivery && !verbose) return null;
	if (delivery) {
		const [, kind, eventId, , attempt, result] = delivery;
		const what = LEAD_KINDS[kind] ? `lead (${LEAD_KINDS[kind]})` : `${kind} event`;
		const again = attempt === '1' ? '' : `, attempt ${attempt}`;
		return `${what} ${eventId}: ${outcomeOf(result)}${again}`;
	}
	if (REQUEST.test(line)) return verbose ? line : null;
	return line;
}
