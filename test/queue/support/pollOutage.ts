/**
 * The Poll Trigger through an outage: its example published (into the Portal leads data table),
 * leads made while n8n runs, while it is stopped, and after it started again; then every poll
 * needed to catch up, and one more to show that nothing comes twice.
 */
import { setTimeout as sleep } from 'node:timers/promises';

import {
	importLandingExample,
	publishWorkflow,
	type PortalStack,
	type SandboxClient,
	type Services,
} from '../../e2e/support';
import { landedIds, whenDatabaseReady } from './destinations';
import { landed, type LandingFigure } from './landed';

/** n8n polls "every minute", at the start of each minute. */
const POLL_CYCLE_MS = 60_000;

async function leadsOn(portal: SandboxClient, ads: number[], count: number): Promise<number[]> {
	const made: number[] = [];
	for (let i = 0; i < count; i++)
		made.push(
			(await portal.lead(ads[i % ads.length], { tipoEvento: 'CONTACTO_MENSAJE' })).idMensaje,
		);
	return made;
}

export async function pollThroughOutage(
	stack: PortalStack,
	services: Services,
	leadsPerPhase: number,
): Promise<LandingFigure> {
	const { owner, portal } = stack;
	const ads = [
		...(await portal.ads('INMO-001')).map((ad) => ad.idAvisoPlat),
		...(await portal.ads('INMO-002')).map((ad) => ad.idAvisoPlat),
	];
	const poll = await importLandingExample(owner, 'pollLeadsToDataTable', stack.credential);
	const publication = await publishWorkflow(owner, poll.id);
	if (publication.status !== 'published') throw new Error(`the Poll Trigger was not published`);

	const made = await leadsOn(portal, ads, leadsPerPhase);
	// One poll emits the first leads; then n8n is stopped and leads are made while it is down.
	await sleep(POLL_CYCLE_MS + 10_000);
	await stack.restartN8n(async () => {
		made.push(...(await leadsOn(portal, ads, leadsPerPhase)));
	});
	made.push(...(await leadsOn(portal, ads, leadsPerPhase)));

	const deadline = Date.now() + 4 * POLL_CYCLE_MS;
	while ((await landedIds(owner, services)).poll.length < made.length && Date.now() < deadline)
		await sleep(5_000);
	await sleep(POLL_CYCLE_MS + 5_000);
	const ids = await landedIds(owner, services);
	return {
		scenario: `${leadsPerPhase} leads before, ${leadsPerPhase} while n8n is stopped, ${leadsPerPhase} after it started again`,
		destination: 'Data table (Poll Trigger, every minute, upsert on eventId)',
		leads: made.length,
		deliveries: 0,
		executions: await whenDatabaseReady(() => owner.api.countExecutions(poll.id)),
		...landed(made.map(String), ids.poll),
	};
}
