import { RealEstatePortal } from '../../../nodes/RealEstatePortal/RealEstatePortal.node';
import { RealEstatePortalTrigger } from '../../../nodes/RealEstatePortalTrigger/RealEstatePortalTrigger.node';
import { isReceivedBy, kindsReceivedBy } from '../../../nodes/shared/eventKinds';
import { EVENT_KINDS } from '../../../nodes/shared/schemas';

type Option = { name: string; value: string };

function eventKindLabels(properties: Array<{ name: string; options?: unknown }>, name: string) {
	const lists = properties.filter((property) => property.name === name);
	return lists.map((property) =>
		Object.fromEntries((property.options as Option[]).map((option) => [option.value, option.name])),
	);
}

describe('event kinds', () => {
	it('have the same label in the trigger and in the subscribe and unsubscribe operations', () => {
		const [trigger] = eventKindLabels(
			new RealEstatePortalTrigger().description.properties,
			'events',
		);
		const actions = eventKindLabels(new RealEstatePortal().description.properties, 'eventKinds');

		expect(Object.keys(trigger).sort()).toEqual([...EVENT_KINDS].sort());
		expect(trigger.CONTACTO).toBe('Lead: Phone View (CONTACTO)');
		expect(actions).toHaveLength(2);
		for (const labels of actions) expect(labels).toEqual(trigger);
	});

	it('reach a read-only (LEC) interface only when they are leads', () => {
		expect(kindsReceivedBy('LEC')).toEqual(['CONTACTO', 'CONTACTO_MENSAJE']);
		expect(kindsReceivedBy('LES')).toEqual([...EVENT_KINDS]);
		expect(isReceivedBy('LEC', 'CREDITO')).toBe(false);
	});
});
