/**
 * Requests to n8n's door as the tests send them: one connection each, from a chosen loopback
 * source, with or without the trigger's secret, a sender that may hang up; a flood of them; and a
 * wait for the door to see n8n up.
 */
import http from 'node:http';
import https from 'node:https';
import { setTimeout as sleep } from 'node:timers/promises';

import type { Door } from '../../../harness/n8n';
import { until } from './until';

/** The header the trigger's secret travels in. */
export const SECRET_HEADER = 'x-portal-webhook-secret';

export type Outcome =
	| { status: number; retryAfter: string | undefined; body: string }
	| { closed: string }
	| { hungUp: true };

interface SendOptions {
	secret?: string;
	body?: string;
	method?: string;
	/** The source address (any 127.x.y.z is loopback). */
	from?: string;
	/** The sender hangs up after this long. */
	patienceMs?: number;
	/** The certificate to trust (the door's self-signed one). */
	ca?: string;
	/** More request headers. */
	headers?: http.OutgoingHttpHeaders;
}

/** One request on its own connection, and how it ended. */
export function send(url: string, options: SendOptions = {}): Promise<Outcome> {
	const { secret, body = '', method = 'POST', from = '127.0.0.1' } = options;
	const headers: http.OutgoingHttpHeaders = {
		'content-type': 'application/json',
		...options.headers,
	};
	if (secret !== undefined) headers[SECRET_HEADER] = secret;
	const client = url.startsWith('https:') ? https : http;
	return new Promise((resolve) => {
		const request = client.request(url, {
			method,
			headers,
			agent: false,
			localAddress: from,
			ca: options.ca,
			signal: options.patienceMs ? AbortSignal.timeout(options.patienceMs) : undefined,
		});
		request.on('response', (response) => {
			let text = '';
			response.setEncoding('utf8');
			response.on('data', (chunk: string) => (text += chunk));
			response.on('end', () =>
				resolve({
					status: response.statusCode ?? 0,
					retryAfter: response.headers['retry-after'],
					body: text,
				}),
			);
		});
		request.on('error', (error: NodeJS.ErrnoException) =>
			resolve(
				error.name === 'AbortError' ? { hungUp: true } : { closed: error.code ?? error.message },
			),
		);
		request.end(body);
	});
}

export const statusOf = (outcome: Outcome) => ('status' in outcome ? outcome.status : outcome);

/** Waits until the door's readiness check sees n8n up. */
export async function doorSeesN8nUp(door: Door): Promise<void> {
	await until(
		() => door.webhookSide(),
		(side) => side.n8n === 'UP',
		'the door seeing n8n up',
	);
}

export interface FloodPlan {
	requests: number;
	/** Sent at once, one batch every `everyMs`. */
	batch: number;
	everyMs: number;
	/** Each sender hangs up after this long. */
	patienceMs: number;
}

/**
 * Deliveries to `url` without the secret, from 127.0.0.2 (another source than the portal's and the
 * editor's), each `{"junk":n}`: `flooding` while batches are still being sent, `outcomes` once each
 * request has ended.
 */
export function floodWithoutSecret(url: string, plan: FloodPlan) {
	const sent: Array<Promise<Outcome>> = [];
	const flood = { flooding: true, outcomes: Promise.resolve<Outcome[]>([]) };
	flood.outcomes = (async () => {
		for (let n = 0; n < plan.requests; n++) {
			if (n > 0 && n % plan.batch === 0) await sleep(plan.everyMs);
			const body = JSON.stringify({ junk: n });
			sent.push(send(url, { body, from: '127.0.0.2', patienceMs: plan.patienceMs }));
		}
		await sleep(plan.everyMs);
		flood.flooding = false;
		return await Promise.all(sent);
	})();
	return flood;
}
