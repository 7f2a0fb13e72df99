/** The warnings n8n's log gets name fields as one line each, never values (readingWarnings.ts). */
import {
	partlyReadWarning,
	unplacedWarning,
} from '../../../nodes/RealEstatePortalTrigger/readingWarnings';
import { readEvent, type PortalEvent } from '../../../nodes/shared/readEvent';
import { phoneViewLead } from './fixtures';

function read(body: Record<string, unknown>): PortalEvent {
	const result = readEvent(body);
	if (!result.ok) throw new Error(result.problem);
	return result.event;
}

it('says nothing of an event read whole', () => {
	expect(partlyReadWarning(read(phoneViewLead))).toBeUndefined();
});

it('names what was not read, never a value, on one line', () => {
	const names = Object.fromEntries(
		Array.from({ length: 25 }, (_unused, index) => [`extra${index}`, `value-${index}`]),
	);
	const warning = partlyReadWarning(
		read({ ...phoneViewLead, fechaRegistro: 'secret-ish text', 'a\nlong': 'x', ...names }),
	)!;
	expect(warning).toMatch(
		/could not read: fechaRegistro; fields it does not know: a\\nlong, extra0,/,
	);
	expect(warning).toMatch(/and 6 more\./);
	expect(warning).not.toMatch(/value-|secret-ish|\n/);
});

it('cuts and escapes an id that comes from the sender', () => {
	const warning = unplacedWarning(`x\n${'y'.repeat(500)}`, 'no event kind', 'UNKNOWN');
	expect(warning).not.toContain('\n');
	expect(warning.length).toBeLessThan(300);
});
