import { AD_SUMMARY, adminAds, useSandbox } from './helpers/sandbox';

const fx = useSandbox();

async function unassociatedAd(agency = 'INMO-001', client = fx.les) {
	const page = await client.get(`/v1/inmobiliarias/${agency}/avisos/online/resumen`, {
		'pageable.size': 200,
	});
	return page.json.content.find((item: any) => item.codigoAviso === null).idAvisoPlat as number;
}

const codeSeenBy = async (client: typeof fx.les, id: number) =>
	(await client.get(AD_SUMMARY, { idAvisoPlat: id })).json.content[0].codigoAviso;

describe('associate an ad to the calling interface', () => {
	beforeEach(() => fx.admin.post('/reset'));

	it('assigns the code, which the summary then shows (rule 1)', async () => {
		const id = await unassociatedAd();
		const answer = await fx.les.put(`/v1/inmobiliarias/INMO-001/avisos/MY-CODE-1/asociar/${id}`);
		expect(answer.status).toBe(200);
		expect(answer.json).toEqual({
			code: 'ok',
			respuesta: expect.any(String),
			resposta: expect.any(String),
		});
		for (const part of [String(id), 'INMO-001', 'MY-CODE-1'])
			expect(answer.json.respuesta).toContain(part);
		expect(answer.json.resposta).toBe(answer.json.respuesta);
		expect(await codeSeenBy(fx.les, id)).toBe('MY-CODE-1');
		const byCode = await fx.les.get(AD_SUMMARY, { codigoAviso: 'MY-CODE-1' });
		expect(byCode.json.content.map((i: any) => i.idAvisoPlat)).toEqual([id]);
	});

	it.each([
		'/v1/imobiliarias/INMO-001/anuncios/PT-1/asociar/',
		'/v1/inmobiliarias/INMO-001/anuncios/PT-1/asociar/',
		'/v1/imobiliarias/INMO-001/avisos/PT-1/asociar/',
	])('accepts the Portuguese and mixed segments: %s', async (prefix) => {
		const id = await unassociatedAd();
		expect((await fx.les.put(`${prefix}${id}`)).json.code).toBe('ok');
		expect(await codeSeenBy(fx.les, id)).toBe('PT-1');
	});

	it('accepts an empty JSON body sent with the call', async () => {
		const id = await unassociatedAd();
		const answer = await fx.les.send(
			'PUT',
			`/v1/inmobiliarias/INMO-001/avisos/EMPTY-1/asociar/${id}`,
			{
				raw: '',
				contentType: 'application/json',
			},
		);
		expect(answer.status).toBe(200);
	});

	it('answers a repeated association like production: 403 no_permission', async () => {
		const id = await unassociatedAd();
		await fx.les.put(`/v1/inmobiliarias/INMO-001/avisos/TWICE/asociar/${id}`);
		for (const code of ['TWICE', 'OTHER-CODE']) {
			const again = await fx.les.put(`/v1/inmobiliarias/INMO-001/avisos/${code}/asociar/${id}`);
			expect(again.status).toBe(403);
			expect(again.json).toEqual({
				code: 'no_permission',
				message: `El idAviso ${id} ya esta asociado a esta integracion.`,
			});
		}
		expect(await codeSeenBy(fx.les, id)).toBe('TWICE');
	});

	it('refuses a code already given to another ad of the interface', async () => {
		const id = await unassociatedAd();
		const answer = await fx.les.put(`/v1/inmobiliarias/INMO-001/avisos/DEMO-0001/asociar/${id}`);
		expect(answer.status).toBe(400);
		expect(answer.json.message).toContain('DEMO-0001');
	});

	it('refuses a LEC with error_inesperado / Access is denied (rule 3), changing nothing', async () => {
		const id = await unassociatedAd();
		const answer = await fx.lec.put(`/v1/inmobiliarias/INMO-001/avisos/LEC-1/asociar/${id}`);
		expect(answer.status).toBe(403);
		expect(answer.json).toEqual({ code: 'error_inesperado', message: 'Access is denied' });
		expect(await codeSeenBy(fx.lec, id)).toBeNull();
		expect(await codeSeenBy(fx.les, id)).toBeNull();
	});

	it('lets the admin associate an ad for the LEC, which only the LEC then sees (per interface)', async () => {
		const id = await unassociatedAd();
		const answer = await fx.admin.put(`/interfaces/demo-lec/associations/${id}`, {
			codigoAviso: 'LEC-7',
		});
		expect(answer.json.code).toBe('ok');
		expect(await codeSeenBy(fx.lec, id)).toBe('LEC-7');
		expect(await codeSeenBy(fx.les, id)).toBeNull();
	});

	it("seeds the demo LEC with some of INMO-002's ads (LEC-0001…): it sees its own codes, not the LES's", async () => {
		const inmo2 = '/v1/inmobiliarias/INMO-002/avisos/online/resumen';
		const seenByLec = (await fx.lec.get(inmo2, { 'pageable.size': 200 })).json.content;
		const coded = seenByLec.filter((item: any) => item.codigoAviso !== null);
		expect(coded.length).toBeGreaterThan(0);
		expect(coded.every((item: any) => /^LEC-\d{4}$/.test(item.codigoAviso))).toBe(true);
		const seenByLes = (await fx.les.get(inmo2, { 'pageable.size': 200 })).json.content;
		const lesCodes = new Map(seenByLes.map((item: any) => [item.idAvisoPlat, item.codigoAviso]));
		expect(coded.some((item: any) => lesCodes.get(item.idAvisoPlat) === item.codigoAviso)).toBe(
			false,
		);
	});

	it('refuses the LEC re-associating its own ad to the code it has (Access is denied), changing nothing', async () => {
		const before = (await fx.admin.get('/interfaces/demo-lec')).json.associations;
		const [own] = before;
		const answer = await fx.lec.put(
			`/v1/inmobiliarias/INMO-002/avisos/${own.codigoAviso}/asociar/${own.idAvisoPlat}`,
		);
		expect(answer.status).toBe(403);
		expect(answer.json).toEqual({ code: 'error_inesperado', message: 'Access is denied' });
		expect((await fx.admin.get('/interfaces/demo-lec')).json.associations).toEqual(before);
	});

	it('answers 404 for an unknown ad or an ad of another agency, 400 for a malformed id', async () => {
		expect((await fx.les.put('/v1/inmobiliarias/INMO-001/avisos/X/asociar/1')).status).toBe(404);
		const [foreign] = await adminAds(fx, 'INMO-900');
		const crossed = await fx.les.put(
			`/v1/inmobiliarias/INMO-001/avisos/X/asociar/${foreign.idAvisoPlat}`,
		);
		expect(crossed.status).toBe(404);
		const malformed = await fx.les.put('/v1/inmobiliarias/INMO-001/avisos/X/asociar/abc');
		expect(malformed.status).toBe(400);
		expect(malformed.json.message).toContain('idAviso');
	});

	it('lets an offline ad be associated', async () => {
		const [offline] = (await adminAds(fx, 'INMO-001', false)).slice(-1);
		const answer = await fx.les.put(
			`/v1/inmobiliarias/INMO-001/avisos/OFF-1/asociar/${offline.idAvisoPlat}`,
		);
		expect(answer.status).toBe(200);
	});
});

describe('integrator isolation', () => {
	beforeEach(() => fx.admin.post('/reset'));

	it('never lets another integrator associate, see or find the demo agencies and ads', async () => {
		const id = await unassociatedAd();
		const attempt = await fx.other.put(`/v1/inmobiliarias/INMO-001/avisos/STOLEN/asociar/${id}`);
		expect(attempt.status).toBe(404);
		expect(await codeSeenBy(fx.les, id)).toBeNull();
		expect((await fx.other.get(AD_SUMMARY)).status).toBe(404);
		const viaOwnAgency = await fx.other.get('/v1/inmobiliarias/INMO-900/avisos/online/resumen', {
			idAvisoPlat: id,
		});
		expect(viaOwnAgency.status).toBe(204);
		const admin = await fx.admin.get('/interfaces/other-les');
		expect(admin.json.associations.map((a: any) => a.idAvisoPlat)).not.toContain(id);
	});

	it('keeps the same code free for each integrator', async () => {
		const ownAd = await unassociatedAd('INMO-900', fx.other);
		const otherAnswer = await fx.other.put(
			`/v1/inmobiliarias/INMO-900/avisos/DEMO-0001/asociar/${ownAd}`,
		);
		expect(otherAnswer.status).toBe(200);
		expect(
			(await fx.les.get(AD_SUMMARY, { codigoAviso: 'DEMO-0001' })).json.content[0].codigoAviso,
		).toBe('DEMO-0001');
	});

	it('refuses an admin association across integrators', async () => {
		const id = await unassociatedAd();
		const answer = await fx.admin.put(`/interfaces/other-les/associations/${id}`, {
			codigoAviso: 'X',
		});
		expect(answer.status).toBe(404);
	});
});
