import { detectBodyLanguage } from '../../../nodes/shared/eventFields';
import { ALL_BODIES } from '../../engine/published/bodies';

describe('detectBodyLanguage', () => {
	it.each(ALL_BODIES.map((one) => [one.language, one.event, one.edition, one.body] as const))(
		'recognises %s (%s, edition %s) from the body itself, whatever the configured language',
		(language, _event, _edition, body) => {
			for (const hint of ['ES', 'PT', 'EN', undefined])
				expect(detectBodyLanguage(body, hint)).toBe(language);
		},
	);

	it('lets the configured language settle a body that fits two languages equally', () => {
		const shared = { idEvento: 'x', tipoEvento: 'CONTACTO', email: 'a@example.com' };
		expect(detectBodyLanguage(shared, 'PT')).toBe('PT');
		expect(detectBodyLanguage(shared, 'ES')).toBe('ES');
	});

	it('answers null for a body with no published field name', () => {
		expect(detectBodyLanguage({ hello: 'world' }, 'ES')).toBeNull();
	});
});
