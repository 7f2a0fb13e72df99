/**
 * Property details on a stream of leads while the process is busy (issue 36, defect 15): 100 leads
 * on 30 ads at 5 a second, delivered by the emulator to the callback trigger while the trigger's own
 * process is busy with other work (its event loop held 20 ms out of every 25, as an n8n running
 * other executions is) and a CPU-burning process runs beside it. Every lead item must carry its
 * property's title and its agency's name: the linked agencies' ads are read at activation, so no
 * lead waits for the portal.
 */
import type { ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import type { IDataObject } from 'n8n-workflow';
import { startSandbox, type Sandbox } from '../../../sandbox';
import { admin, adminAds, interfaceState } from '../action/support';
import type { WebhookReceiver } from '../harness';
import { startTrigger } from '../trigger/support';
import {
	backgroundReadsEnded,
	burnOneCore,
	forgetLookups,
	keepEventLoopBusy,
	memoryHoldsAdsOf,
} from './support';

const LEADS = 100;
const ADS = 30;
const LEAD_EVERY_MS = 200;
const AGENCIES = ['INMO-001', 'INMO-002'];
/** The process's event loop is held this long out of every BUSY_EVERY_MS. */
const BUSY_MS = 20;
const BUSY_EVERY_MS = 25;

let sandbox: Sandbox;
let receiver: WebhookReceiver;
let burner: ChildProcess;
let stopBusyWork: () => void = () => undefined;

beforeAll(async () => {
	// 90 online ads on the first agency: a third of them (30) start associated to the interface.
	sandbox = await startSandbox({ port: 0, ads: 90 });
	forgetLookups();
	receiver = await startTrigger(sandbox, { parameters: { propertyDetails: true } });
	await receiver.trigger.activate();
	// Leads come after the activation's reads: the agencies' ads are in memory.
	await memoryHoldsAdsOf(sandbox, AGENCIES);
	burner = burnOneCore();
});
afterAll(async () => {
	stopBusyWork();
	if (burner.exitCode === null) burner.kill('SIGKILL');
	forgetLookups();
	await backgroundReadsEnded();
	await receiver.close();
	await sandbox.close();
});

/** The interface's first `count` associated online ads of the demo agencies. */
async function associatedOnlineAds(count: number): Promise<number[]> {
	const online = new Set<number>();
	for (const agency of AGENCIES) {
		for (const ad of await adminAds(sandbox, agency)) online.add(ad.idAvisoPlat);
	}
	const { associations } = await interfaceState(sandbox, 'demo-les');
	const associated = associations.map((a) => a.idAvisoPlat).filter((id) => online.has(id));
	expect(associated.length).toBeGreaterThanOrEqual(count);
	return associated.slice(0, count);
}

it('100 leads on 30 ads at 5 a second, the process busy: every lead has its title and agency name', async () => {
	const ads = await associatedOnlineAds(ADS);
	stopBusyWork = keepEventLoopBusy(BUSY_MS, BUSY_EVERY_MS);

	const started = Date.now();
	for (let index = 0; index < LEADS; index++) {
		const made = await admin(sandbox, 'POST', `/__sandbox/ads/${ads[index % ads.length]}/leads`, {
			tipoEvento: index % 2 === 0 ? 'CONTACTO_MENSAJE' : 'CONTACTO',
		});
		expect(made.status).toBe(200);
		await sleep(Math.max(0, started + (index + 1) * LEAD_EVERY_MS - Date.now()));
	}
	await sandbox.waitForIdle(60_000);
	stopBusyWork();

	const items = receiver.received.flatMap((request) =>
		request.items.map((item) => item.json as IDataObject),
	);
	const withoutDetails = items.filter(
		(item) => typeof item.adTitle !== 'string' || typeof item.agencyName !== 'string',
	);
	console.log(
		`property details, busy process: ${LEADS} leads on ${ads.length} ads, ${items.length} lead items of ` +
			`${new Set(items.map((item) => item.eventId)).size} leads, ${withoutDetails.length} without title or agency name` +
			[...new Set(withoutDetails.map((item) => `\n  ${String(item.detailsMissing)}`))].join(''),
	);
	expect(new Set(items.map((item) => item.eventId)).size).toBe(LEADS);
	expect(withoutDetails.map((item) => item.detailsMissing)).toEqual([]);
}, 120_000);
