/**
 * The untidy portal's lead switches (sandbox/untidyLeads.ts): leads on ads not associated to the
 * receiver, one click made two leads, alike prospects. Off by default; on, the activity makes them
 * and the callbacks and the lead list show them, over real HTTP with real receivers.
 */
import { startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox';
import { CALLBACKS, adminAds, allPages, useSandbox } from './helpers/sandbox';
import { portal, type Portal } from './helpers/http';
import { startReceiver, type Receiver } from './helpers/receiver';

const fx = useSandbox();
const receivers: Record<'les' | 'lec', Receiver> = {} as never;
const LEADS = ['CONTACTO', 'CONTACTO_MENSAJE'];

beforeAll(async () => {
	receivers.les = await startReceiver();
	receivers.lec = await startReceiver();
});
afterAll(async () => {
	for (const receiver of Object.values(receivers)) await receiver.close();
});
beforeEach(async () => {
	for (const receiver of Object.values(receivers)) receiver.received.length = 0;
	await fx.admin.post('/reset');
});

const today = () =>
	new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10).replace(/-/g, '');

async function subscribeLeads(les: Portal, lec: Portal) {
	for (const [client, receiver] of [
		[les, receivers.les],
		[lec, receivers.lec],
	] as const) {
		await client.put(CALLBACKS, { url: receiver.url, lenguajeCallbackBody: 'ES' });
		for (const kind of LEADS) await client.put(`${CALLBACKS}/${kind}`);
	}
}

/** A sandbox of its own (the activity's turn starts at 0), its LES and LEC told of leads. */
async function withActivity(
	options: SandboxOptions,
	ticks: number,
	check: (sandbox: Sandbox, listed: (client: Portal) => Promise<any[]>) => Promise<void>,
) {
	const sandbox = await startSandbox({ port: 0, ...options });
	try {
		const les = portal(sandbox.url, 'demo-les-token');
		await subscribeLeads(les, portal(sandbox.url, 'demo-lec-token'));
		for (let i = 0; i < ticks; i++) sandbox.activity.lead();
		await sandbox.waitForIdle();
		const listed = async (client: Portal) =>
			(
				await Promise.all(
					['INMO-001', 'INMO-002'].map((agency) =>
						allPages(client, `/v2/inmobiliarias/${agency}/mensajes`, { fromDate: today() }),
					),
				)
			).flat();
		await check(sandbox, listed);
	} finally {
		await sandbox.close();
	}
}

const byId = (items: any[]) => [...items].sort((a, b) => a.id - b.id);
const lastEight = (phone: string) => phone.replace(/\D/g, '').slice(-8);

describe('unassociatedAdLeads', () => {
	/** An online ad of INMO-001 associated to neither demo-les nor demo-lec. */
	async function unassociatedAd(): Promise<number> {
		const codes = await Promise.all(
			['demo-les', 'demo-lec'].map(
				async (id) => (await fx.admin.get(`/interfaces/${id}`)).json.associations,
			),
		);
		const associated = new Set(codes.flat().map((a: any) => a.idAvisoPlat));
		return (await adminAds(fx, 'INMO-001', true)).find((ad) => !associated.has(ad.idAvisoPlat))!
			.idAvisoPlat;
	}

	it('off: a lead on an ad not associated to an interface is told to nobody', async () => {
		await subscribeLeads(fx.les, fx.lec);
		const ad = await unassociatedAd();
		const made = await fx.admin.post(`/ads/${ad}/leads`, { tipoEvento: 'CONTACTO' });
		expect(made.json.events).toEqual([]);
	});

	it('on: the LES is told, the ad code null (no platform id in a phone view); the LEC is not (rule 3)', async () => {
		await fx.admin.put('/untidy', { unassociatedAdLeads: true });
		await subscribeLeads(fx.les, fx.lec);
		const ad = await unassociatedAd();
		for (const tipoEvento of LEADS) {
			const made = await fx.admin.post(`/ads/${ad}/leads`, { tipoEvento });
			expect(made.json.events.map((e: any) => e.interfaceId)).toEqual(['demo-les']);
		}
		const [view, message] = (await receivers.les.waitFor(2)).map((r) => r.body);
		expect(view).toMatchObject({ tipoEvento: 'CONTACTO', referencia: null });
		expect(view).not.toHaveProperty('idPlat');
		expect(message).toMatchObject({ tipoEvento: 'CONTACTO_MENSAJE', referencia: null, idPlat: ad });
		await fx.sandbox.waitForIdle();
		expect(receivers.lec.received).toEqual([]);
		const listed = await allPages(fx.les, '/v2/inmobiliarias/INMO-001/mensajes', {
			fromDate: today(),
		});
		expect(listed.map((item) => [item.idAvisoPlat, item.codigoAviso])).toEqual([
			[ad, null],
			[ad, null],
		]);
	});

	it('the activity makes every third lead on an ad associated to no interface of its agency', async () => {
		await withActivity({ untidy: { unassociatedAdLeads: true } }, 15, async (sandbox, listed) => {
			const associated = new Set(
				[...sandbox.context.state.interfaces.values()].flatMap((i) => [...i.codeByAdId.keys()]),
			);
			const leads = byId(await listed(portal(sandbox.url, 'demo-les-token')));
			const first = leads[0].id;
			// Tick n makes lead first + n; INMO-001 has ticks 0, 7, 14 and INMO-002 ticks 1, 8.
			const third = leads.filter((lead) => (lead.id - first) % 3 === 2);
			expect(third.map((lead) => lead.id - first)).toEqual([8, 14]);
			for (const lead of third) {
				expect(associated.has(lead.idAvisoPlat)).toBe(false);
				expect(lead.codigoAviso).toBeNull();
			}
			const told = receivers.les.received.map((r) => r.body.referencia);
			expect(told.filter((code) => code === null).length).toBeGreaterThanOrEqual(2);
		});
	});
});

describe('oneClickTwoTypes', () => {
	it('the activity makes every other phone view two leads of one click: types 6 and 10, one prospect, ad and second', async () => {
		// unassociatedAdLeads: every lead of INMO-001 and INMO-002 is told to demo-les.
		const untidy = { oneClickTwoTypes: true, unassociatedAdLeads: true };
		await withActivity({ untidy }, 16, async (sandbox, listed) => {
			const views = byId(await listed(portal(sandbox.url, 'demo-les-token'))).filter(
				(lead) => lead.idMensaje === null,
			);
			// INMO-001's tick 7 and INMO-002's tick 15 are clicks; INMO-002's tick 1 is one view.
			const byEmail = new Map<string, any[]>();
			for (const lead of views) byEmail.set(lead.email, [...(byEmail.get(lead.email) ?? []), lead]);
			const clicks = [...byEmail.values()].filter((group) => group.length === 2);
			expect(clicks).toHaveLength(2);
			expect(views).toHaveLength(5);
			for (const [six, ten] of clicks) {
				expect([six.idContactoAccion, ten.idContactoAccion]).toEqual([6, 10]);
				expect(ten.id).not.toBe(six.id);
				expect([ten.idAvisoPlat, ten.nombre, ten.telefono]).toEqual([
					six.idAvisoPlat,
					six.nombre,
					six.telefono,
				]);
				expect(Math.floor(Date.parse(ten.fecha) / 1000)).toBe(
					Math.floor(Date.parse(six.fecha) / 1000),
				);
				const told = receivers.les.received
					.map((r) => r.body)
					.filter((body) => body.email === six.email);
				expect(told.map((body) => body.idTipoContacto)).toEqual([6, 10]);
				expect(new Set(told.map((body) => body.idEvento)).size).toBe(2);
			}
		});
	});
});

describe('alikeProspects', () => {
	it('the activity makes pairs of leads by prospects of one name whose phones end alike, listed without e-mail', async () => {
		const untidy = { alikeProspects: true, unassociatedAdLeads: true };
		await withActivity({ untidy }, 23, async (sandbox, listed) => {
			const leads = byId(await listed(portal(sandbox.url, 'demo-les-token')));
			const unlisted = leads.filter((lead) => lead.email === null);
			// Ticks 1 (a phone view of INMO-002), 7 (a phone view of INMO-001), 22 (a message of INMO-002).
			expect(unlisted).toHaveLength(6);
			const pairs = [0, 2, 4].map((i) => unlisted.slice(i, i + 2));
			expect(new Set(pairs.map(([one]) => one.idMensaje === null))).toEqual(new Set([true, false]));
			for (const [one, other] of pairs) {
				expect(one.telefono).not.toBe(other.telefono);
				expect(lastEight(one.telefono)).toBe(lastEight(other.telefono));
				const same = ['nombre', 'idAvisoPlat', 'idContactoAccion', 'textoMensaje', 'fecha'];
				for (const field of same) expect(other[field]).toEqual(one[field]);
				expect(other.idContacto).not.toBe(one.idContacto);
			}
			// Their callbacks carry an e-mail each (the specification's lead body requires one).
			const told = receivers.les.received
				.map((r) => r.body)
				.filter((body) => unlisted.some((lead) => lead.telefono === body.telefono));
			expect(told).toHaveLength(6);
			for (const body of told) expect(body.email).toEqual(expect.stringContaining('@'));
			expect(new Set(told.map((body) => body.email)).size).toBe(6);
		});
	});

	it('off, with every other switch: every prospect has an e-mail of its own in the list', async () => {
		const untidy = {
			all: true,
			alikeProspects: false,
			viewsListedWithoutEmail: false,
			// The list hides the leads of the half hour before the portal's midnight: none to check then.
			lateLeads: false,
		};
		await withActivity({ untidy }, 23, async (sandbox, listed) => {
			const leads = await listed(portal(sandbox.url, 'demo-les-token'));
			expect(leads.length).toBeGreaterThan(0);
			for (const lead of leads) expect(lead.email).toEqual(expect.stringContaining('@'));
		});
	});
});
