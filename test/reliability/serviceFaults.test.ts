/**
 * Suite 1, service faults: 1,000-item workflows per operation family against the emulator failing
 * 20% of requests (500, 502, 503, 429 with Retry-After, XML bodies), resetting connections and
 * adding latency, plus truncated bodies. Every input item must end as a result or an error item
 * (pairedItem intact), retries must be bounded, and the token must appear nowhere.
 */
jest.mock('n8n-workflow', () => jest.requireActual('./support/fastSleep').workflowWithFastSleep());

import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { RETRY_POLICY } from '../../nodes/shared/retry';
import { startSandbox, type FaultSettings, type Sandbox } from '../../sandbox';
import { adminAds, failOnce, runPortal } from '../engine/action/support';
import { askedSleeps } from './support/fastSleep';
import { FigureBoard } from './support/figures';
import { accountItems } from './support/items';
import { recordRequests, type LoggedRequest } from './support/requestLog';

jest.setTimeout(120_000);

const ITEMS = 1_000;
const FAULTS: Partial<FaultSettings> = {
	seed: 7,
	rate: 0.2,
	statuses: [500, 502, 503, 429],
	retryAfterSeconds: 1,
	xmlRate: 0.3,
	resetRate: 0.03,
	latencyJitterMs: 3,
};
const BATCH = { options: { batching: { batch: { batchSize: 20, batchInterval: 0 } } } };
const TOKEN_LIKE = /demo-les-token|access_token=demo/;

const board = new FigureBoard('service faults (engine, 20% fault rate)');
let sandbox: Sandbox;
let requests: LoggedRequest[];

beforeAll(async () => {
	sandbox = await startSandbox({ port: 0, ads: 1_100, faults: FAULTS });
	requests = recordRequests(sandbox);
});
afterAll(async () => {
	board.print();
	await sandbox.close();
});
beforeEach(() => {
	sandbox.reset({ ads: 1_100 });
	requests.length = 0;
	askedSleeps.length = 0;
});

interface Family {
	name: string;
	parameters: INodeParameters;
	input: () => Promise<IDataObject[]>;
	/** Output items one successful input item makes. */
	perInput?: number;
	/** Requests one input item makes when nothing fails. */
	requestsPerInput?: number;
	idempotent: boolean;
	/** Applies path-specific faults before the run (truncated bodies). */
	arrange?: () => Promise<void>;
}

const plainInput = async () => Array.from({ length: ITEMS }, (_unused, i) => ({ i }));

async function onlineAdIds(): Promise<number[]> {
	return (await adminAds(sandbox, 'INMO-001')).map((ad) => ad.idAvisoPlat);
}

const FAMILIES: Family[] = [
	{
		name: 'reads: ad get',
		parameters: {
			resource: 'ad',
			operation: 'get',
			agencyCode: 'INMO-001',
			findBy: 'platformAdId',
			platformAdId: '={{ $json.adId }}',
			...BATCH,
		},
		input: async () => {
			const ids = await onlineAdIds();
			return Array.from({ length: ITEMS }, (_unused, i) => ({ adId: ids[i % ids.length] }));
		},
		idempotent: true,
		// A cut-off JSON answer with 200: the node must not take it for an ad list.
		arrange: () =>
			failOnce(sandbox, {
				method: 'GET',
				path: '/avisos/online/resumen$',
				status: 200,
				body: '{"number":0,"size":1,"content":[{"idAvisoPlat":',
				times: 10,
				skip: 100,
			}),
	},
	{
		name: 'reads: agencies get many',
		parameters: { resource: 'agency', operation: 'getAll', returnAll: true },
		input: plainInput,
		perInput: 2,
		idempotent: true,
	},
	{
		name: 'reads: currencies lookup',
		parameters: { resource: 'lookup', operation: 'getCurrencies' },
		input: plainInput,
		perInput: 2,
		idempotent: true,
	},
	{
		name: 'writes: associate',
		parameters: {
			resource: 'ad',
			operation: 'associate',
			agencyCode: 'INMO-001',
			adCode: '={{ $json.code }}',
			platformAdId: '={{ $json.adId }}',
			options: { alreadyAssociatedIsSuccess: true, batching: BATCH.options.batching },
		},
		input: async () => {
			const ids = await onlineAdIds();
			return ids.slice(-ITEMS).map((adId, i) => ({ adId, code: `REL-${i}` }));
		},
		idempotent: false,
	},
	{
		name: 'configuration: callback get',
		parameters: { resource: 'callbackConfiguration', operation: 'get' },
		input: plainInput,
		idempotent: true,
	},
	{
		name: 'configuration: callback set',
		parameters: {
			resource: 'callbackConfiguration',
			operation: 'set',
			callbackUrl: '=https://n8n.example.com/webhook/{{ $json.i }}',
			authorizationHeaderKey: 'X-Secret',
			authorizationHeaderValue: 'not-a-token',
		},
		input: plainInput,
		idempotent: true,
		// Set reads the current configuration first, to warn when it replaces a trigger's.
		requestsPerInput: 2,
	},
	{
		name: 'configuration: subscribe',
		parameters: {
			resource: 'eventSubscription',
			operation: 'subscribe',
			eventKinds: ['CONTACTO', 'CONTACTO_MENSAJE'],
		},
		input: plainInput,
		perInput: 2,
		requestsPerInput: 2,
		idempotent: true,
		// Subscribing needs a configuration; it is made before faults are switched back on.
		arrange: async () => {
			const { faults } = sandbox.context;
			const settings = faults.describe().settings;
			faults.configure({ ...settings, rate: 0, resetRate: 0 });
			await runPortal(sandbox, {
				resource: 'callbackConfiguration',
				operation: 'set',
				callbackUrl: 'https://n8n.example.com/webhook/x',
			});
			faults.configure(settings);
			requests.length = 0;
		},
	},
];

test.each(FAMILIES)(
	'$name: 1,000 items under faults end as results or error items, retries bounded, no token',
	async (family) => {
		const input = await family.input();
		expect(input).toHaveLength(ITEMS);
		if (family.arrange) await family.arrange();

		let crashes = 0;
		const result = await runPortal(sandbox, family.parameters, {
			input,
			continueOnFail: true,
		}).catch((error: unknown) => {
			crashes++;
			throw error;
		});

		const account = accountItems(result.items, ITEMS, family.perInput ?? 1);
		const faulted = requests.filter((request) => request.fault !== 'none').length;
		const retries = askedSleeps.length;
		board.add({
			scenario: family.name,
			inputs: ITEMS,
			executions: 1,
			lost: account.lost,
			duplicated: account.duplicated,
			crashes,
			notes: `${requests.length} requests, ${faulted} faulted, ${retries} retries, ${account.errorItems} error items`,
		});

		expect(result.status).toBe('success');
		expect(account.lost).toBe(0);
		expect(account.unpaired).toBe(0);
		expect(account.duplicated).toBe(0);
		expect(faulted).toBeGreaterThan(ITEMS * 0.15);
		// Some faults were survived through retries, and no input was retried without bound.
		expect(retries).toBeGreaterThan(0);
		expect(requests.length).toBeLessThanOrEqual(
			ITEMS * (family.requestsPerInput ?? 1) * RETRY_POLICY.maxAttempts,
		);
		expect(Math.max(...askedSleeps)).toBeLessThanOrEqual(RETRY_POLICY.maxDelayMs);
		// 429 answers said Retry-After: 1, and that is what the transport waited.
		if (requests.some((request) => request.fault === 429)) expect(askedSleeps).toContain(1_000);
		// Every repetition the emulator saw is one the transport decided (no hidden retries elsewhere).
		if ((family.requestsPerInput ?? 1) === 1) expect(requests.length).toBe(ITEMS + retries);
		if (!family.idempotent) {
			// A write whose answer was lost (5xx, reset) is not repeated: it may have been applied.
			expect(account.errorItems).toBeGreaterThan(0);
		}
		const everything =
			JSON.stringify([result.items, result.runData, result.error ?? null]) + result.logs.join('\n');
		expect(everything).not.toMatch(TOKEN_LIKE);
		expect(everything).toContain('error');
	},
);
