/**
 * The PostgreSQL landing example's statements, as its file holds them, on a real PostgreSQL: one
 * lead the two paths key apart (a phone view the list writes without its e-mail), saved by the
 * callback's and the list's statement, each execution then running the settle step. n8n runs each
 * statement in its own transaction (read committed: a statement sees what was committed when it
 * began). The two saves are run at the same moment (each begun before the other committed, so
 * neither sees the other's row) and one after the other, and the settle steps in either order:
 * every way ends with two rows, the newer naming the older, both with the property details and no
 * note that they were missing.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { readExample, startServices, type Services } from './support';

type ExampleNode = { name: string; parameters: { query?: string } };

const queryOf = (name: string) =>
	(readExample('leadsToPostgres').nodes as ExampleNode[]).find((node) => node.name === name)!
		.parameters.query!;
const DDL = queryOf('Create the portal_leads Table');
const SAVE_CALLBACK = queryOf('Save the Lead (Insert or Complete by Lead Key)');
const SAVE_LISTED = queryOf('Save the Listed Lead (Insert If New, Add Missing Details)');
const SETTLE = queryOf("Settle the Lead's Rows (Pair, Details, Note)");

/** One lead as each path's trigger emits it: the callback without the details, the list with them. */
const fromCallback = {
	leadKey: 'view:1',
	registeredAt: '2024-05-14T10:31:07.100-03:00',
	name: 'Ana Pérez',
	email: 'ana.perez@example.com',
	eventType: 'CONTACTO',
	contactTypeId: 6,
	adCode: 'DEMO-0001',
	eventId: 'ev-1',
	detailsMissing: 'The portal did not give the ad details within 300 ms',
	matchKey: 'match:one',
};
const fromList = {
	leadKey: 'listed:2',
	registeredAt: '2024-05-14T10:31:07-03:00',
	name: 'Ana Pérez',
	eventType: 'CONTACTO',
	contactTypeId: 6,
	adCode: 'DEMO-0001',
	adTitle: 'Departamento 3 ambientes',
	adLocation: 'Palermo',
	agencyName: 'Demo Propiedades',
	matchKey: 'match:one',
};

/** A statement with its one parameter, as n8n's Postgres node binds it. */
const bound = (query: string, type: string, value: unknown) =>
	`PREPARE statement(${type}) AS ${query}\n;EXECUTE statement($value$${typeof value === 'string' ? value : JSON.stringify(value)}$value$);DEALLOCATE statement;`;
const save = (query: string, lead: object) => bound(query, 'jsonb', lead);
const settle = (leadKey: string) => bound(SETTLE, 'text', leadKey);

/** A psql session of its own: each call runs its SQL there and answers once it has finished. */
class Session {
	private readonly psql: ChildProcessWithoutNullStreams;
	private output = '';
	private marker = 0;

	constructor(port: number) {
		this.psql = spawn('psql', [
			...['-h', '127.0.0.1', '-p', String(port), '-U', 'n8n', '-d', 'leads'],
			...['-At', '-q', '-v', 'ON_ERROR_STOP=1'],
		]);
		this.psql.stdout.on('data', (chunk: Buffer) => (this.output += chunk.toString('utf8')));
		this.psql.stderr.on('data', (chunk: Buffer) => (this.output += chunk.toString('utf8')));
	}

	run(sql: string): Promise<void> {
		const done = `done ${++this.marker}`;
		this.psql.stdin.write(`${sql}\n\\echo '${done}'\n`);
		return new Promise((resolve, reject) => {
			const check = () => {
				if (/ERROR/.test(this.output)) return reject(new Error(this.output));
				if (!this.output.includes(done)) return void setTimeout(check, 5);
				this.output = '';
				resolve();
			};
			check();
		});
	}

	close() {
		this.psql.stdin.end();
	}
}

describe('the PostgreSQL example settles one lead the two paths keyed apart, however their statements meet', () => {
	let services: Services;
	let folder: string;

	beforeAll(() => {
		folder = fs.mkdtempSync(path.join(os.tmpdir(), 'postgres-settle-'));
		services = startServices(folder, ['postgres']);
		services.query(DDL, 'leads');
	}, 300_000);

	afterAll(() => {
		services?.stop();
		fs.rmSync(folder, { recursive: true, force: true });
	});

	const rows = () =>
		services
			.query(
				'SELECT lead_key, source, possible_duplicate_of, ad_title, details_missing FROM portal_leads ORDER BY lead_key',
				'leads',
			)
			.map(([leadKey, source, named, adTitle, note]) => ({
				leadKey,
				source,
				named,
				adTitle,
				note,
			}));

	/** Both saves, then both settle steps (the callback's first or the list's). */
	const orders: Array<[string, 'together' | 'callback first' | 'list first', 'callback' | 'list']> =
		[];
	for (const saves of ['together', 'callback first', 'list first'] as const)
		for (const settledFirst of ['callback', 'list'] as const)
			orders.push([`saves ${saves}, the ${settledFirst}'s settle first`, saves, settledFirst]);

	it.each(orders)('%s', async (_name, saves, settledFirst) => {
		services.query('TRUNCATE portal_leads', 'leads');
		const callback = new Session(services.pgPort!);
		const list = new Session(services.pgPort!);
		try {
			if (saves === 'together') {
				// Each save begun before the other committed: neither sees the other's row.
				await callback.run(`BEGIN;${save(SAVE_CALLBACK, fromCallback)}`);
				await list.run(`BEGIN;${save(SAVE_LISTED, fromList)}`);
				await callback.run('COMMIT;');
				await list.run('COMMIT;');
			} else {
				const first = saves === 'callback first';
				await (first ? callback : list).run(
					first ? save(SAVE_CALLBACK, fromCallback) : save(SAVE_LISTED, fromList),
				);
				await (first ? list : callback).run(
					first ? save(SAVE_LISTED, fromList) : save(SAVE_CALLBACK, fromCallback),
				);
			}
			const steps = [
				() => callback.run(settle(fromCallback.leadKey)),
				() => list.run(settle(fromList.leadKey)),
			];
			for (const step of settledFirst === 'callback' ? steps : steps.reverse()) await step();
		} finally {
			callback.close();
			list.close();
		}

		const listNewer = saves !== 'list first';
		const detailed = { adTitle: fromList.adTitle, note: '' };
		expect(rows()).toEqual([
			{
				leadKey: fromList.leadKey,
				source: 'list',
				named: listNewer ? fromCallback.leadKey : '',
				...detailed,
			},
			{
				leadKey: fromCallback.leadKey,
				source: 'callback',
				named: listNewer ? '' : fromList.leadKey,
				...detailed,
			},
		]);
	});
});
