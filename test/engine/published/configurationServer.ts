/**
 * A loopback portal for the callback configuration only: it answers GET and PUT of the
 * configuration and the subscriptions itself, keeping whatever it is sent (any body language, a
 * configuration without url, as integrators report the portal holds them), and forwards every
 * other request to the emulator.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const CONFIGURATION_PATH = '/v1/configuracion/callbacks';

export interface ConfigurationServer {
	url: string;
	/** What GET answers; undefined: 204, nothing configured. */
	configuration: unknown;
	/** Every configuration PUT, in order. */
	puts: unknown[];
	subscriptions: Set<string>;
	close(): Promise<void>;
}

async function bodyOf(request: http.IncomingMessage): Promise<unknown> {
	const chunks: Buffer[] = [];
	for await (const chunk of request) chunks.push(chunk as Buffer);
	const text = Buffer.concat(chunks).toString('utf8');
	return text === '' ? undefined : (JSON.parse(text) as unknown);
}

function forward(target: string, request: http.IncomingMessage, response: http.ServerResponse) {
	const forwarded = http.request(
		new URL(request.url ?? '/', target),
		{ method: request.method, headers: request.headers },
		(reply) => {
			response.writeHead(reply.statusCode ?? 502, reply.headers);
			reply.pipe(response);
		},
	);
	forwarded.on('error', () => response.destroy());
	request.pipe(forwarded);
}

export async function configurationServer(target: string): Promise<ConfigurationServer> {
	const state: Omit<ConfigurationServer, 'url' | 'close'> = {
		configuration: undefined,
		puts: [],
		subscriptions: new Set(),
	};
	const server = http.createServer((request, response) => {
		const { pathname } = new URL(request.url ?? '/', target);
		const answer = (status: number, body?: unknown) => {
			response.writeHead(status, { 'content-type': 'application/json' });
			response.end(body === undefined ? undefined : JSON.stringify(body));
		};
		if (pathname === CONFIGURATION_PATH) {
			if (request.method === 'GET')
				return state.configuration === undefined ? answer(204) : answer(200, state.configuration);
			void bodyOf(request).then((body) => {
				state.configuration = body;
				state.puts.push(body);
				answer(204);
			});
			return;
		}
		if (pathname.startsWith(`${CONFIGURATION_PATH}/`)) {
			const kind = pathname.slice(CONFIGURATION_PATH.length + 1);
			if (request.method === 'DELETE') state.subscriptions.delete(kind);
			else state.subscriptions.add(kind);
			return answer(204);
		}
		forward(target, request, response);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return Object.assign(state, {
		url: `http://127.0.0.1:${port}`,
		close: async () => {
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	});
}
