/**
 * What the trigger's panel tells a user to key their table on is the key the examples use: a lead's
 * `leadKey`, the same from every path (docs/portal-api.md, "Lead key"); never `eventId`, which the
 * lead list does not carry.
 */
import type { INodeProperties } from 'n8n-workflow';

import { triggerProperties } from '../../../nodes/RealEstatePortalTrigger/properties';

function texts(properties: readonly INodeProperties[]): string[] {
	return properties.flatMap((property) => [
		property.displayName,
		property.description ?? '',
		...(
			(property.options ?? []) as Array<Partial<INodeProperties> & { description?: string }>
		).flatMap((option) => [
			option.description ?? '',
			...texts(option.options ? [option as INodeProperties] : []),
		]),
	]);
}

it('names leadKey, never eventId, as the key a table is written on', () => {
	const said = texts(triggerProperties).filter((text) =>
		/keyed on|write.*keyed|table keyed/i.test(text),
	);
	expect(said.length).toBeGreaterThan(0);
	for (const text of said) {
		expect(text).toContain('leadKey');
		expect(text).not.toContain('eventId');
	}
});
