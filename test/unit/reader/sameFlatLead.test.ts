/** Both triggers give the same flat lead for the same body: one reader, one flat lead. */
import { readListedLead } from '../../../nodes/shared/listedLead';
import { receivedItem as delivered } from '../trigger/fixtures';
import { ALL_BODIES } from '../../engine/published/bodies';

const logger = { info: () => undefined };

it.each(ALL_BODIES.map((one) => [one.language, one.event, one.edition, one.body] as const))(
	'%s %s (edition %s): the callback trigger and the Poll Trigger give the same flat lead',
	async (_language, _event, _edition, body) => {
		const polled = readListedLead({ ...body } as never, 'INMO-001', {
			includeNationalId: false,
			logger,
		}).item;
		const pushed = await delivered(body);
		// One key from both, built from the ad, the registration instant, the prospect and the kind
		// (nodes/shared/leadKey.ts); a body without an ad code or an instant (English SF) falls back
		// to its message id, else to each path's own id (docs/portal-api.md, "Lead key").
		if (String(pushed.leadKey).startsWith('view:')) {
			expect(polled.leadKey).toBe(pushed.leadKey);
		} else if (typeof pushed.messageId === 'number') {
			expect([pushed.leadKey, polled.leadKey]).toEqual([
				`message:${pushed.messageId}`,
				`message:${pushed.messageId}`,
			]);
		} else {
			expect(pushed.leadKey).toBe(`event:${String(pushed.eventId)}`);
			expect(polled.leadKey).toMatch(/^listed:\d+$/);
		}
		// The Poll Trigger keys a lead by its listed id and fills the agency it polled.
		const own = ['leadKey', 'eventId', 'messageId', 'agencyCode', 'trigger'];
		const without = (item: Record<string, unknown>) =>
			Object.fromEntries(Object.entries(item).filter(([key]) => !own.includes(key)));
		expect(without(polled)).toEqual(without(pushed));
	},
);
