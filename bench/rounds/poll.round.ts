/**
 * One round of the poll benchmark in its own process: `{ side, url }`. Ours: the poll trigger
 * (Ad Changed, INMO-001) is activated (the first poll records the snapshot), a few ads change, then
 * ONE poll is measured. Baseline: Ad → Get Many with Return All over the same ads, what any
 * hand-wired polling of the summary has to read before it can compare anything (read twice, the
 * second measured, as ours is warmed up by its activation poll).
 */
import { RealEstatePortalApi } from '../../credentials/RealEstatePortalApi.credentials';
import { PollWorkflow } from '../../harness/engine/poll/pollWorkflow';
import { measure, roundMain } from '../lib/childRound';
import { AGENCY, portalCredentials, runOurs } from './engineNodes';

// tsx resolves `*.node` to the node's codex file first (see engineNodes.ts).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { RealEstatePortalPollTrigger } =
	require('../../nodes/RealEstatePortalPollTrigger/RealEstatePortalPollTrigger.node.ts') as typeof import('../../nodes/RealEstatePortalPollTrigger/RealEstatePortalPollTrigger.node');

const CHANGES = 10;

async function changeSomeAds(url: string): Promise<void> {
	const ads = (await (
		await fetch(`${url}/__sandbox/agencies/${AGENCY}/ads?online=true`)
	).json()) as Array<{ idAvisoPlat: number }>;
	const step = Math.floor(ads.length / CHANGES);
	for (let i = 0; i < CHANGES; i++) {
		await fetch(`${url}/__sandbox/ads/${ads[i * step].idAvisoPlat}`, {
			method: 'PATCH',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ precio: 99_000 + i }),
		});
	}
}

async function pollOnce(url: string) {
	const workflow = new PollWorkflow({
		nodeType: RealEstatePortalPollTrigger,
		parameters: { event: 'adChanged', agencyScope: 'one', agencyCode: AGENCY },
		credentials: portalCredentials(url),
		credentialTypes: [new RealEstatePortalApi()],
	});
	await workflow.activate();
	await new Promise((resolve) => setTimeout(resolve, 5));
	await changeSomeAds(url);
	const { figures, value } = await measure(() => workflow.poll());
	if (value.error) throw value.error;
	const snapshot = (workflow.nodeStaticData.ads as Record<string, { ids: number[] }>)[AGENCY];
	return {
		...figures,
		emitted: value.items?.length ?? 0,
		ads: snapshot.ids.length,
		staticDataBytes: JSON.stringify(workflow.nodeStaticData).length,
	};
}

async function readAll(url: string) {
	const read = () =>
		runOurs(url, { resource: 'ad', operation: 'getAll', agencyCode: AGENCY, returnAll: true });
	// Warmed up as ours is by its activation poll: the second read is measured.
	await read();
	const { figures, value } = await measure(read);
	if (value.status !== 'success') throw new Error(`baseline failed: ${value.error?.message}`);
	return { ...figures, emitted: value.items.length, ads: value.items.length, staticDataBytes: 0 };
}

roundMain(async ({ side, url }: { side: string; url: string }) =>
	side === 'ours' ? await pollOnce(url) : await readAll(url),
);
