/**
 * The Poll Trigger through an n8n restart (issue 25), with both triggers writing into one table
 * (README, "Both triggers into one table"): the callback Data table example and the polling one
 * published on one credential, 50 leads made while n8n runs, 50 while it is stopped and 50 right
 * after it started again, on an agency whose lead list already holds a thousand leads (six pages,
 * as after the exactly-once suite's storm). The callback trigger gets the leads of the associated
 * ads, the ones made while n8n was down through the emulator's retries after the restart, after
 * the poll wrote them. Every lead is one row, and the Poll Trigger emits each lead once.
 */
import { pollThroughOutage } from '../queue/support/pollOutage';
import {
	importLandingExample,
	publishWorkflow,
	startPortalStack,
	type PortalStack,
} from './support';

/** Leads already listed for INMO-001 before the workflows are published (never delivered). */
const EARLIER_LEADS = 1_000;

describe('the Poll Trigger through an n8n restart, both triggers into one table', () => {
	let stack: PortalStack;

	beforeAll(async () => {
		stack = await startPortalStack('poll-outage', {
			sandbox: {
				// The portal retries for 72 hours: ten minutes of retries outlast the restart.
				retrySchedule: [2_000, 5_000, 10_000, 20_000, 40_000, ...Array<number>(9).fill(60_000)],
				deliveryTimeoutMs: 10_000,
			},
			n8nEnv: { N8N_GRACEFUL_SHUTDOWN_TIMEOUT: '30' },
		});
		const answer = await fetch(`${stack.sandbox.url}/__sandbox/leads`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({
				count: EARLIER_LEADS,
				agencies: ['INMO-001'],
				tipoEvento: 'CONTACTO_MENSAJE',
			}),
		});
		if (answer.status !== 201) throw new Error(`no earlier leads: ${await answer.text()}`);
		const callback = await importLandingExample(stack.owner, 'leadsToDataTable', stack.credential);
		expect((await publishWorkflow(stack.owner, callback.id)).status).toBe('published');
	}, 900_000);

	afterAll(async () => {
		await stack?.stop();
	});

	it('lands every lead as one row, and the Poll Trigger emits each once: made before, while n8n is stopped and after', async () => {
		const figure = await pollThroughOutage(stack, 50);
		process.stdout.write(`${JSON.stringify(figure)}\n`);

		expect(figure).toMatchObject({
			missing: 0,
			duplicateRows: 0,
			unexpected: 0,
			emitted: { rows: 150, missing: 0, duplicateRows: 0, unexpected: 0 },
		});
	}, 900_000);
});
