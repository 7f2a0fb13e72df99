/**
 * Queue mode behind the door: deploy/haproxy/n8n-door.cfg, as shipped, in front of a balancer over
 * two webhook processes (two workers behind them), n8n's webhook URL the door's, so the trigger
 * registers it. The balancer shares requests by a hash of the body: each webhook process remembers
 * the leads it ran, and a repeated delivery, byte for byte the same, meets the process that ran it
 * (round robin, the repeat of a lead one process ran may run again at the other: measured once,
 * docs/deployment.md). The Data table and PostgreSQL examples are published (on the read-write and
 * the read-only interface); a burst of 200 leads is made at once, each delivered to both interfaces
 * as the benchmark's portal delivers (an answer within 1.5 s, 8 attempts over about two minutes,
 * Retry-After honoured). Printed: executions, failed attempts, leads given up, how long until the
 * portal was done. Asserted: no lead twice in PostgreSQL, none missing that the portal delivered.
 *
 * Not in CI (`QUEUE_SUITES=queueDoor npm test`, or `npm run test:queue` with the other two).
 */
import { ANSWER_TIME_MS, benchmarkSchedule } from '../../bench/burst/schedules';
import { DEMO_INTERFACE, DEMO_LEC_INTERFACE, startDoor, type Door } from '../e2e/support';
import { finishAndMeasure, publishDestinations } from './support/destinations';
import { LandingBoard } from './support/landed';
import { leadStorm } from './support/leadStorm';
import { startQueueDeployment, type QueueDeployment } from './support/queueDeployment';

jest.setTimeout(2_400_000);

const BURST = 200;
const SCHEDULE = benchmarkSchedule('full');

const board = new LandingBoard(
	'queue mode behind the door (n8n 2.41.1: the door, HAProxy by body hash over 2 webhook processes, 2 workers, Redis, PostgreSQL)',
);
let deployment: QueueDeployment | undefined;
let door: Door | undefined;

afterAll(async () => {
	board.print();
	await deployment?.stop();
	door?.stop();
});

test(`a burst of ${BURST} leads through the door into two webhook processes: every lead the portal delivered once in PostgreSQL`, async () => {
	deployment = await startQueueDeployment({
		sandbox: {
			deliveryTimeoutMs: ANSWER_TIME_MS,
			retrySchedule: [...SCHEDULE.retryScheduleMs],
			honourRetryAfter: SCHEDULE.honourRetryAfter,
			deliveriesKept: 100_000,
		},
		balanceBy: 'body',
		webhookBase: (balancerPort) => {
			door = startDoor({ n8nPort: balancerPort });
			return door.url;
		},
	});
	const { services, sandbox, owner, credential, portal, ads } = deployment;
	const destinations = await publishDestinations(owner, credential, sandbox.url, services.pgPort!);
	// Each interface's callback (the Data table's on the read-write one, PostgreSQL's on the
	// read-only one) points at the door, which is closed until it knows both triggers' secrets.
	const registered = await Promise.all(
		[DEMO_INTERFACE, DEMO_LEC_INTERFACE].map(
			async (id) => (await portal.interface(id)).configuration,
		),
	);
	for (const callback of registered) expect(callback?.url).toContain(`${door!.url}/webhook/`);
	door!.admit(registered.map((callback) => callback!.authorizationHeaderValue!));

	const storm = await leadStorm({ sandbox, portal, ads, leads: BURST, concurrency: BURST });
	const { figures } = await finishAndMeasure({
		owner,
		services,
		sandbox,
		destinations,
		storm,
		scenario: `a burst of ${BURST} leads, ${SCHEDULE.retryScheduleMs.length + 1} attempts each over about two minutes`,
		lateRepeats: 0,
		concurrency: 1,
	});
	for (const figure of [figures.postgres, figures.dataTable]) board.add(figure);
	const firsts = await door!.statsRow('n8n_first_deliveries', 'n8n');
	const perWebhookProcess = await deployment.balancer.requestsPerServer();
	process.stdout.write(
		`${storm.log.join('\n')}\nthe door let ${firsts.stot} first deliveries in, at most ${firsts.smax} at once; requests per webhook process: ${JSON.stringify(perWebhookProcess)}\n`,
	);

	expect(figures.postgres).toMatchObject({ duplicateRows: 0, unexpected: 0 });
	expect(figures.postgres.missing).toBeLessThanOrEqual(figures.postgres.givenUp!);
});
