/**
 * A loopback proxy in front of the emulator for tests that watch the node's traffic: it holds each
 * request a while (so that requests overlap), counts those in flight, records every request's path
 * and query, and may rewrite a request or answer it itself.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** How long the fill gate waits for more requests before it lets fewer than `fillTo` go. */
const FILL_IDLE_MS = 1_000;

export type Hold = number | ((url: URL) => number);

export interface PortalProxyOptions {
	/**
	 * How long each request is held before it is forwarded, ms, or how long a request to that URL is
	 * (`setHold` changes it).
	 */
	holdMs?: Hold;
	/**
	 * Holds requests until this many are in flight at once, then `holdMs` more (so that one beyond
	 * would be counted), or until none has come for `FILL_IDLE_MS` (the last ones of a run). A bound
	 * on concurrency is then reached however slowly this machine sends requests.
	 */
	fillTo?: number;
	/** Changes the request URL before it is forwarded. */
	rewrite?: (url: URL) => void;
	/** An answer of the proxy's own instead of the emulator's. */
	answer?: (url: URL) => { status: number; body: unknown } | undefined;
}

export interface PortalProxy {
	url: string;
	/** The most requests in flight at once. */
	most(): number;
	/** Every request received, in order, as the node sent it. */
	requests: URL[];
	/** Holds the requests received from now on as `hold` says. */
	setHold(hold: Hold): void;
	close(): Promise<void>;
}

export async function portalProxy(
	target: string,
	{ holdMs = 30, fillTo, rewrite, answer }: PortalProxyOptions = {},
): Promise<PortalProxy> {
	let inFlight = 0;
	let most = 0;
	let hold = holdMs;
	const requests: URL[] = [];
	const holdOf = (url: URL) => (typeof hold === 'number' ? hold : hold(url));
	const gate = fillTo === undefined ? undefined : fillGate(fillTo, () => inFlight);
	const server = http.createServer((request, response) => {
		inFlight++;
		most = Math.max(most, inFlight);
		const url = new URL(request.url ?? '/', target);
		requests.push(new URL(url));
		response.on('close', () => inFlight--);
		void (gate ? gate.hold(holdOf(url)) : sleep(holdOf(url))).then(() => {
			const own = answer?.(url);
			if (own) {
				response.writeHead(own.status, { 'content-type': 'application/json' });
				response.end(JSON.stringify(own.body));
				return;
			}
			rewrite?.(url);
			const forwarded = http.request(
				url,
				{ method: request.method, headers: request.headers },
				(reply) => {
					response.writeHead(reply.statusCode ?? 502, reply.headers);
					reply.pipe(response);
				},
			);
			// A client that gives up (a time-out) closes its request: the forwarded one goes with it.
			forwarded.on('error', () => response.destroy());
			response.on('close', () => forwarded.destroy());
			request.pipe(forwarded);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		most: () => most,
		requests,
		setHold: (next) => (hold = next),
		close: () =>
			new Promise<void>((resolve) => {
				gate?.stop();
				server.close(() => resolve());
			}),
	};
}

/** Requests held together, let go once `fillTo` are in flight (after `holdMs`) or when idle. */
function fillGate(fillTo: number, inFlight: () => number) {
	let held: Array<() => void> = [];
	let timer: NodeJS.Timeout | undefined;
	const release = () => {
		timer = undefined;
		const waiting = held;
		held = [];
		for (const go of waiting) go();
	};
	return {
		hold: (holdMs: number) =>
			new Promise<void>((go) => {
				held.push(go);
				clearTimeout(timer);
				timer = setTimeout(release, inFlight() >= fillTo ? holdMs : FILL_IDLE_MS);
			}),
		stop: () => {
			clearTimeout(timer);
			release();
		},
	};
}
