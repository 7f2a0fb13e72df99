import {
	DEDUPE_WINDOW,
	duplicateCheckOf,
	rememberEvent,
	type DedupeStore,
} from '../../../nodes/RealEstatePortalTrigger/dedupe';

const HOUR = 60 * 60 * 1000;

describe('the duplicate window', () => {
	it('lets an id through once and drops its repeats', () => {
		const store: DedupeStore = {};
		expect(rememberEvent(store, 'a', 0)).toBe(true);
		expect(rememberEvent(store, 'a', 1)).toBe(false);
		expect(rememberEvent(store, 'b', 2)).toBe(true);
		expect(rememberEvent(store, 'a', 3)).toBe(false);
	});

	it('drops a retry 71 hours later, lets the id through again after 72 hours', () => {
		const store: DedupeStore = {};
		rememberEvent(store, 'a', 0);
		expect(rememberEvent(store, 'a', 71 * HOUR)).toBe(false);
		expect(rememberEvent(store, 'a', 72 * HOUR + 1)).toBe(true);
	});

	it(`keeps at most ${DEDUPE_WINDOW.maxIds} ids: the oldest is forgotten first`, () => {
		const store: DedupeStore = {};
		for (let n = 0; n <= DEDUPE_WINDOW.maxIds; n++) rememberEvent(store, `id-${n}`, n);
		expect(store.recentEventIds).toHaveLength(DEDUPE_WINDOW.maxIds);
		expect(rememberEvent(store, `id-${DEDUPE_WINDOW.maxIds}`, 5_000)).toBe(false);
		expect(rememberEvent(store, 'id-1', 5_000)).toBe(false);
		expect(rememberEvent(store, 'id-0', 5_000)).toBe(true);
	});

	it('survives a JSON round trip (n8n stores static data as JSON)', () => {
		const store: DedupeStore = {};
		rememberEvent(store, 'a', 10);
		const reloaded = JSON.parse(JSON.stringify(store)) as DedupeStore;
		expect(rememberEvent(reloaded, 'a', 20)).toBe(false);
	});
});

describe("this process's memory of each registration", () => {
	// n8n 2.41.1 does not keep what webhook() writes to static data, so each delivery starts from
	// the saved static data: here, an empty store every time.
	const isFirst = (registration: string, eventId: string) =>
		duplicateCheckOf({}).isFirst(registration, eventId, Date.now());

	it('keeps the production registration that is in use while 100 "Listen for test event" runs come and go', () => {
		expect(isFirst('production', 'lead-1')).toBe(true);
		for (let run = 1; run <= 100; run++) {
			expect(isFirst(`test-run-${run}`, `test-event-${run}`)).toBe(true);
			expect(isFirst('production', `lead-${run + 1}`)).toBe(true);
		}

		expect(isFirst('production', 'lead-1')).toBe(false);
	});

	it('keeps the memory of a webhook URL when its registration is made again (a published edit of the trigger)', () => {
		const url = 'https://n8n.example.com/webhook/0f5e2f4c/real-estate-portal';
		const check = (registration: string) =>
			duplicateCheckOf({}, url).isFirst(registration, 'lead-before-the-edit', Date.now());
		expect(check('digest-before-the-edit')).toBe(true);

		expect(check('digest-after-the-edit')).toBe(false);
	});

	it('forgets the least recently used registration first', () => {
		expect(isFirst('idle', 'lead-1')).toBe(true);
		for (let run = 1; run <= 100; run++) isFirst(`busy-${run}`, 'x');

		expect(isFirst('idle', 'lead-1')).toBe(true);
	});
});
