import net from 'node:net';

/** Ports this process handed out: nothing may listen on one yet, and the system may offer it again. */
const handedOut = new Set<number>();

/**
 * A TCP port that is free on 127.0.0.1 right now, never one this process handed out before (two
 * picks in a row, n8n's and its task broker's, could get one port). For processes that cannot be
 * told to listen on port 0 and report back (n8n and its task broker need their ports up front).
 */
export async function freePort(): Promise<number> {
	for (;;) {
		const port = await portTheSystemOffers();
		if (handedOut.has(port)) continue;
		handedOut.add(port);
		return port;
	}
}

/** `wanted` when it is not 0, free and not handed out before, else a free port: handed out either way. */
export async function wantedOrFreePort(wanted: number): Promise<number> {
	if (wanted === 0 || handedOut.has(wanted) || !(await portIsFree(wanted))) return await freePort();
	handedOut.add(wanted);
	return wanted;
}

function portTheSystemOffers(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = net.createServer();
		server.unref();
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address() as net.AddressInfo;
			server.close(() => resolve(port));
		});
	});
}

/** Whether nothing listens on `port` of loopback any more (a new server can take it). */
export function portIsFree(port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const server = net.createServer();
		server.once('error', () => resolve(false));
		server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
	});
}
