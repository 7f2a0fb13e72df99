/**
 * A lead list served by the test itself, for listings the emulator does not make: a portal whose
 * list holds rows the test writes as it likes (one message listed once per contact action, a list
 * id equal to another lead's message id, an instant missing or unreadable). It answers
 * `GET /v2/inmobiliarias/{agency}/mensajes?fromDate=yyyyMMdd` (field notes, "Lead polling") with the
 * rows registered on or after that day in the portal's local time (UTC-3), oldest first, in page
 * envelopes of at most PAGE_ITEMS rows (fewer than asked for, as a portal may serve), 204 when
 * empty, and counts the requests. It knows nothing of the node: rows are what the test gives it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A row of the list as the portal writes it, and the instant it filters `fromDate` on. */
export interface StubRow {
	registeredAt: number;
	fields: Record<string, unknown>;
}

const PAGE_ITEMS = 25;
const PORTAL_OFFSET_MS = -3 * 3_600_000;
const LIST_PATH = /^\/v2\/inmobiliarias\/([^/]+)\/mensajes$/;

/** Epoch ms at which the portal's local day yyyyMMdd starts. */
function localDayStart(day: string): number {
	const midnightUtc = Date.UTC(
		Number(day.slice(0, 4)),
		Number(day.slice(4, 6)) - 1,
		Number(day.slice(6, 8)),
	);
	return midnightUtc - PORTAL_OFFSET_MS;
}

export interface StubLeadList {
	url: string;
	/** Adds rows to an agency's list. */
	add(agency: string, ...rows: StubRow[]): void;
	/** Requests received since the last call, and clears the count. */
	takeRequests(): number;
	close(): Promise<void>;
}

export async function stubLeadList(): Promise<StubLeadList> {
	const rows = new Map<string, StubRow[]>();
	let requests = 0;
	const server = http.createServer((request, response) => {
		requests++;
		const url = new URL(request.url ?? '/', 'http://stub');
		const match = LIST_PATH.exec(url.pathname);
		const fromDate = url.searchParams.get('fromDate') ?? '';
		if (request.method !== 'GET' || !match || !/^\d{8}$/.test(fromDate)) {
			response.writeHead(404, { 'content-type': 'application/json' });
			response.end(
				JSON.stringify({ code: 'not_found', message: `${request.method} ${url.pathname}` }),
			);
			return;
		}
		const since = localDayStart(fromDate);
		const listed = (rows.get(decodeURIComponent(match[1])) ?? [])
			.filter((row) => row.registeredAt >= since)
			.sort((a, b) => a.registeredAt - b.registeredAt);
		const page = Number(url.searchParams.get('pageable.page') ?? 0);
		const size = Math.min(Number(url.searchParams.get('pageable.size') ?? PAGE_ITEMS), PAGE_ITEMS);
		const content = listed.slice(page * size, (page + 1) * size).map((row) => row.fields);
		if (content.length === 0) {
			response.writeHead(204);
			response.end();
			return;
		}
		response.writeHead(200, { 'content-type': 'application/json' });
		response.end(
			JSON.stringify({ number: page, size: content.length, total: listed.length, content }),
		);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		add: (agency, ...added) => rows.set(agency, [...(rows.get(agency) ?? []), ...added]),
		takeRequests: () => {
			const count = requests;
			requests = 0;
			return count;
		},
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}
