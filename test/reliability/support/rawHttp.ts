/** A request with full control of method, headers (repeated ones too) and body bytes, over loopback. */
import { request } from 'node:http';

export interface RawAnswer {
	status: number;
	text: string;
}

export function sendRaw(
	url: string,
	options: {
		method?: string;
		headers?: Record<string, string | string[]>;
		body?: string | Buffer;
	} = {},
): Promise<RawAnswer> {
	return new Promise((resolve, reject) => {
		const req = request(
			url,
			{ method: options.method ?? 'POST', headers: options.headers, agent: false },
			(res) => {
				const chunks: Buffer[] = [];
				res.on('data', (chunk: Buffer) => chunks.push(chunk));
				res.on('end', () =>
					resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
				);
			},
		);
		// A server may answer 413 and close before reading a large body: that answer is what counts.
		req.on('error', (error: NodeJS.ErrnoException) =>
			error.code === 'EPIPE' || error.code === 'ECONNRESET'
				? resolve({ status: -1, text: error.code })
				: reject(error),
		);
		if (options.body !== undefined) req.write(options.body);
		req.end();
	});
}
