/**
 * Exactly once into the destination, n8n 2.41.1 in queue mode (support/queueDeployment.ts: two
 * webhook processes behind HAProxy, round robin, n8n's webhook URL the balancer's, so the trigger
 * registers it). The Data table and PostgreSQL examples are published (on the read-write and the
 * read-only interface); 200 distinct leads are made 20 at a time, each delivered to both interfaces,
 * about one delivery in five sent twice at once (the copies land on different webhook processes);
 * one worker is killed with SIGKILL after a third of the leads and the main process is restarted
 * after two thirds; then 50 late repeats per interface.
 */
import { finishAndMeasure, publishDestinations } from './support/destinations';
import { LandingBoard } from './support/landed';
import { leadStorm } from './support/leadStorm';
import { startQueueDeployment, type QueueDeployment } from './support/queueDeployment';
import { STORM } from './support/storm';

jest.setTimeout(2_400_000);

/**
 * Half the single-process suite's leads and late repeats: CI runs this suite, and its time is the
 * one to shorten first (docs/e2e.md, "CI time"). The interruptions still fall at a third and two
 * thirds.
 */
const LEADS = 200;
const LATE_REPEATS = STORM.lateRepeats / 2;

const board = new LandingBoard(
	'queue mode (n8n 2.41.1: main, 2 webhook processes behind HAProxy, 2 workers, Redis, PostgreSQL)',
);
const started = Date.now();
let deployment: QueueDeployment | undefined;

afterAll(async () => {
	board.print();
	process.stdout.write(`queue suite run time: ${Math.round((Date.now() - started) / 1000)} s\n`);
	await deployment?.stop();
});

test(`${LEADS} leads through two webhook processes behind a balancer, a worker killed, main restarted: every lead once in PostgreSQL`, async () => {
	deployment = await startQueueDeployment({ sandbox: STORM.sandbox });
	const { services, sandbox, balancer, owner, credential, portal, ads } = deployment;
	const destinations = await publishDestinations(owner, credential, sandbox.url, services.pgPort!);
	expect((await portal.interface()).configuration?.url).toContain(`${balancer.url}/webhook/`);

	const storm = await leadStorm({
		sandbox,
		portal,
		ads,
		leads: LEADS,
		concurrency: STORM.concurrency,
		interruptions: [
			{
				afterLeads: Math.round(LEADS / 3),
				what: 'worker 1 killed (SIGKILL)',
				run: () => deployment!.kill(deployment!.workers[0]),
			},
			{
				afterLeads: Math.round((LEADS * 2) / 3),
				what: 'main process stopped and started again',
				run: () => deployment!.restartMain(),
			},
		],
	});
	const { late, figures } = await finishAndMeasure({
		owner,
		services,
		sandbox,
		destinations,
		storm,
		scenario: `${LEADS} leads, ${STORM.concurrency} at a time, worker killed after ${Math.round(LEADS / 3)}, main restarted after ${Math.round((LEADS * 2) / 3)}`,
		lateRepeats: LATE_REPEATS,
		concurrency: STORM.concurrency,
	});
	const perWebhookProcess = await balancer.requestsPerServer();
	for (const figure of [figures.postgres, figures.dataTable]) board.add(figure);
	process.stdout.write(
		`${storm.log.join('\n')}\nrequests per webhook process (HAProxy): ${JSON.stringify(perWebhookProcess)}\nlate repeats answered ${[...new Set(late)]}\n`,
	);

	// Round robin: both webhook processes took their share.
	for (const count of Object.values(perWebhookProcess)) expect(count).toBeGreaterThan(LEADS / 4);
	expect(figures.postgres).toMatchObject({ missing: 0, duplicateRows: 0, unexpected: 0 });
	// The Data table's write is a lookup, then an insert: under PostgreSQL two copies at the same
	// instant may both insert. What it does is measured, not assumed.
	expect(figures.dataTable).toMatchObject({ unexpected: 0 });
});
