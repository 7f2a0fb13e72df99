import { EVENT_FIELDS, readFields } from '../../../nodes/shared/eventFields';
import { ALL_BODIES } from '../../engine/published/bodies';

const namesOf = (value: unknown): string[] =>
	typeof value === 'string' ? [value] : Array.isArray(value) ? (value as string[]) : [];

describe('the alias table', () => {
	it('gives every name one field only', () => {
		const fieldsOfName = new Map<string, Set<string>>();
		for (const [field, sources] of Object.entries(EVENT_FIELDS)) {
			for (const value of Object.values(sources)) {
				for (const name of namesOf(value))
					fieldsOfName.set(name, new Set([...(fieldsOfName.get(name) ?? []), field]));
			}
		}
		const shared = [...fieldsOfName].filter(([, fields]) => fields.size > 1);
		expect(shared).toEqual([]);
	});

	it.each(ALL_BODIES.map((one) => [one.language, one.event, one.edition, one.body] as const))(
		'knows every field name of the published %s %s body (edition %s)',
		(_language, _event, _edition, body) => {
			expect(readFields(body, null).unknownNames).toEqual([]);
		},
	);
});
