/**
 * Sends `amount` POSTs at a fixed concurrency with autocannon, a different body per request
 * (setupRequest), and records every response time and answer.
 */
import { leadDelivery, type AdReference } from './leadBodies';

interface AutocannonResult {
	duration: number;
	non2xx: number;
	errors: number;
	timeouts: number;
	requests: { total: number };
}
interface RequestSpec {
	method: string;
	setupRequest: (request: Record<string, unknown>) => Record<string, unknown>;
	onResponse: (status: number, body: string) => void;
}
interface AutocannonInstance extends Promise<AutocannonResult> {
	on(
		event: 'response',
		listener: (client: unknown, status: number, bytes: number, ms: number) => void,
	): void;
}
// autocannon ships no type declarations; this is the part used here.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require('autocannon') as (
	options: Record<string, unknown>,
) => AutocannonInstance;

export interface DeliveryRound {
	sent: number;
	durationMs: number;
	perSecond: number;
	latenciesMs: number[];
	failures: number;
	/** Answers saying the delivery started no execution (our trigger: a duplicate or a filter). */
	ignored: number;
}

export async function deliver(options: {
	url: string;
	headers: Record<string, string>;
	amount: number;
	connections: number;
	ads: AdReference[];
	firstIndex: number;
}): Promise<DeliveryRound> {
	let index = options.firstIndex;
	let ignored = 0;
	const latenciesMs: number[] = [];
	const instance = autocannon({
		url: options.url,
		connections: options.connections,
		amount: options.amount,
		pipelining: 1,
		timeout: 30,
		headers: { 'content-type': 'application/json', ...options.headers },
		requests: [
			{
				method: 'POST',
				setupRequest: (request) => ({ ...request, body: leadDelivery(index++, options.ads) }),
				onResponse: (_status, body) => {
					if (body.includes('"ignored"')) ignored++;
				},
			} satisfies RequestSpec,
		],
	});
	instance.on('response', (_client, _status, _bytes, ms) => latenciesMs.push(ms));
	const result = await instance;
	const durationMs = result.duration * 1000;
	return {
		sent: result.requests.total,
		durationMs,
		perSecond: result.requests.total / result.duration,
		latenciesMs,
		failures: result.non2xx + result.errors + result.timeouts,
		ignored,
	};
}
