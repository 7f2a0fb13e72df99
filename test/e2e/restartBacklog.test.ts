/**
 * A restart's backlog (issue 27) in a real n8n: the landing example (Respond "When Last Node
 * Finishes", Data table upsert by event id) receives a stream of leads; n8n is SIGKILLed part-way,
 * more leads are made while it is down, and the emulator retries every failed delivery in
 * synchronised waves (a fixed delay, Retry-After not honoured), so the whole backlog arrives at the
 * restarted n8n at the same moments. Before issue 27, such waves were all cut at the portal's 1.5 s
 * and the backlog never drained; now every lead lands as one row and no delivery is given up.
 */
import { setTimeout as sleep } from 'node:timers/promises';

import {
	DEMO_INTERFACE,
	everyDeliveryOver,
	importLandingExample,
	leadsTableRows,
	publishWorkflow,
	startPortalStack,
	type PortalStack,
} from './support';

const WAVE_MS = 5_000;
/**
 * What n8n 2.41.1 answers, with 200, every request while it migrates its database at start
 * (`abstract-server.js`), before any workflow or node runs: the portal counts the lead delivered.
 * Such a lead is n8n's loss, not the trigger's; the hourly reconciliation example lands it
 * (docs/reliability.md, sections 9 and 10).
 */
const N8N_STARTING_UP = 'n8n is starting up. Please wait';
/** Three minutes of waves: enough for n8n to boot again on a loaded machine and drain. */
const RETRIES = 36;

describe('a backlog after n8n was killed (Respond "When Last Node Finishes")', () => {
	let stack: PortalStack;

	beforeAll(async () => {
		stack = await startPortalStack('restart-backlog', {
			sandbox: {
				retrySchedule: Array<number>(RETRIES).fill(WAVE_MS),
				deliveryTimeoutMs: 1_500,
				deliveriesKept: 100_000,
			},
		});
	}, 900_000);

	afterAll(async () => {
		await stack?.stop();
	});

	it('lands every lead as one row once n8n is back, retried in synchronised waves', async () => {
		const workflow = await importLandingExample(stack.owner, 'leadsToDataTable', stack.credential);
		expect((await publishWorkflow(stack.owner, workflow.id)).status).toBe('published');
		const ad = await stack.portal.associatedOnlineAd();
		const eventIds: string[] = [];
		const makeLeads = async (count: number, perSecond: number) => {
			for (let index = 0; index < count; index++) {
				const events = await stack.portal.createLead(ad.idAvisoPlat, {
					tipoEvento: index % 2 === 0 ? 'CONTACTO_MENSAJE' : 'CONTACTO',
					nombre: `Prospect ${eventIds.length + 1}`,
				});
				eventIds.push(
					...events.filter((e) => e.interfaceId === DEMO_INTERFACE).map((e) => e.idEvento),
				);
				await sleep(1_000 / perSecond);
			}
		};

		// Ten leads a second; n8n is killed three seconds in, while they go on being made.
		const stream = makeLeads(60, 10);
		await sleep(3_000);
		await stack.n8n.kill();
		const killedAt = new Date().toISOString();
		await stream;
		// A burst while n8n is down: its retries arrive together.
		await makeLeads(40, 100);
		await stack.restartN8n();
		const restartedAt = new Date().toISOString();
		await makeLeads(20, 10);

		const attempts = (
			await stack.sandbox.waitForDeliveries(everyDeliveryOver(eventIds), (RETRIES + 2) * WAVE_MS)
		).filter((attempt) => eventIds.includes(attempt.idEvento));
		const givenUp = eventIds.filter(
			(id) => !attempts.some((a) => a.idEvento === id && a.outcome === 'success'),
		);
		const rows = (await leadsTableRows(stack.owner)).map((row) => String(row.eventId));
		const rowsPerEvent = new Map<string, number>();
		for (const id of rows) rowsPerEvent.set(id, (rowsPerEvent.get(id) ?? 0) + 1);
		const deferred = attempts.filter(
			(a) => a.status === 503 && a.responseBody.includes('retryAfterSeconds'),
		);
		console.log(
			`restart backlog: ${eventIds.length} leads, ${attempts.length} attempts, ` +
				`${deferred.length} answered 503 with Retry-After, longest answer ` +
				`${Math.max(...attempts.map((a) => a.durationMs))} ms`,
		);

		if (eventIds.some((one) => rowsPerEvent.get(one) !== 1))
			console.log(
				`n8n killed at ${killedAt}, started again by ${restartedAt}; ${rows.length} rows, ` +
					`${rows.filter((id) => !eventIds.includes(id)).length} of other event ids`,
			);
		for (const id of eventIds.filter((one) => rowsPerEvent.get(one) !== 1))
			console.log(
				`lead ${id}: ${rowsPerEvent.get(id) ?? 0} row(s); attempts ` +
					attempts
						.filter((a) => a.idEvento === id)
						.map(
							(a) =>
								`${a.status ?? a.outcome} at ${a.startedAt} after ${a.durationMs} ms` +
								(a.responseBody ? ` (${a.responseBody.slice(0, 120)})` : '') +
								(a.error ? ` [${a.error}]` : ''),
						)
						.join(', '),
			);

		const answeredByStartingN8n = new Set(
			attempts
				.filter((a) => a.status === 200 && a.responseBody.includes(N8N_STARTING_UP))
				.map((a) => a.idEvento),
		);
		expect(eventIds).toHaveLength(120);
		expect(givenUp).toEqual([]);
		expect(
			eventIds.filter(
				(id) =>
					rowsPerEvent.get(id) !== 1 && !(answeredByStartingN8n.has(id) && !rowsPerEvent.has(id)),
			),
		).toEqual([]);
	}, 600_000);
});
