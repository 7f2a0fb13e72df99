/** A real callback receiver on loopback: records every POST and answers as told. */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
	method: string;
	path: string;
	headers: IncomingHttpHeaders;
	body: any;
}

/** How to answer the n-th request (1-based): a status, optionally after a delay. */
export type Responder = (
	n: number,
	received: Received,
) => { status: number; delayMs?: number; headers?: Record<string, string> } | number;

export interface Receiver {
	url: string;
	received: Received[];
	respondWith(responder: Responder): void;
	/** Resolves once `count` requests have arrived. */
	waitFor(count: number, timeoutMs?: number): Promise<Received[]>;
	close(): Promise<void>;
}

export async function startReceiver(responder: Responder = () => 200): Promise<Receiver> {
	const received: Received[] = [];
	let respond = responder;
	const waiters = new Set<() => void>();
	const timers = new Set<NodeJS.Timeout>();
	const server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			const text = Buffer.concat(chunks).toString('utf8');
			const entry: Received = {
				method: req.method ?? '',
				path: req.url ?? '',
				headers: req.headers,
				body: text ? JSON.parse(text) : undefined,
			};
			received.push(entry);
			waiters.forEach((check) => check());
			const answer = respond(received.length, entry);
			const {
				status,
				delayMs = 0,
				headers = {},
			} = typeof answer === 'number' ? { status: answer } : answer;
			const timer = setTimeout(() => {
				timers.delete(timer);
				if (status >= 300 && status < 400) res.setHeader('location', '/elsewhere');
				res.writeHead(status, headers).end('ok');
			}, delayMs);
			timers.add(timer);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}/hook`,
		received,
		respondWith: (next) => {
			respond = next;
		},
		waitFor: (count, timeoutMs = 5_000) =>
			new Promise((resolve, reject) => {
				const check = () => {
					if (received.length < count) return;
					clearTimeout(timer);
					waiters.delete(check);
					resolve(received);
				};
				const timer = setTimeout(() => {
					waiters.delete(check);
					reject(new Error(`Expected ${count} callbacks, got ${received.length}`));
				}, timeoutMs);
				waiters.add(check);
				check();
			}),
		close: async () => {
			timers.forEach(clearTimeout);
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}

/** One receiver for a test file: started before all, emptied and answering 200 before each test. */
export function useReceiver(): { current: Receiver } {
	const holder = {} as { current: Receiver };
	beforeAll(async () => {
		holder.current = await startReceiver();
	});
	beforeEach(() => {
		holder.current.received.length = 0;
		holder.current.respondWith(() => 200);
	});
	afterAll(() => holder.current?.close());
	return holder;
}
