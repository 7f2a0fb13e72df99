/**
 * The e2e project's default time-out (test/e2e/support/hookTimeout.ts, a setup file) reaches
 * hooks: an `afterAll` as slow as a slow n8n shutdown, 10 s, twice jest's own default, passes.
 * Nothing here sets a time-out of its own.
 */
import { setTimeout as sleep } from 'node:timers/promises';

let hookRan = false;

afterAll(async () => {
	await sleep(10_000);
	hookRan = true;
});

test('a suite whose afterAll takes 10 s passes', () => {
	expect(hookRan).toBe(false);
});
