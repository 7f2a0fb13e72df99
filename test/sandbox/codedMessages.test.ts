/** The portal's coded message lists ({errors, warnings, informacion} of {messageCode, messageText}). */
import { LARGE_GALLERY_IMAGES, LIMITS_AGENCIES } from '../../sandbox/seed';
import { portal } from './helpers/http';
import { adminAds, useSandbox } from './helpers/sandbox';

const fx = useSandbox();
const limits = () => portal(fx.sandbox.url, 'limits-les-token');
const associate = (agency: string, id: number, code = 'LIM-1') =>
	limits().put(`/v1/inmobiliarias/${agency}/avisos/${code}/asociar/${id}`);

beforeEach(() => fx.admin.post('/reset'));

it.each([
	[LIMITS_AGENCIES.noPlan, 'ERR-0501'],
	[LIMITS_AGENCIES.noCredits, 'ERR-0502'],
])(
	'association in agency %s is refused with %s and nothing is associated',
	async (agency, code) => {
		const [ad] = await adminAds(fx, agency);
		const answer = await associate(agency, ad.idAvisoPlat);
		expect(answer.status).toBe(400);
		expect(answer.json).toEqual({
			errors: [{ messageCode: code, messageText: expect.any(String) }],
			warnings: [],
			informacion: [],
		});
		const summary = await limits().get(`/v1/inmobiliarias/${agency}/avisos/online/resumen`, {
			idAvisoPlat: ad.idAvisoPlat,
		});
		expect(summary.json.content[0].codigoAviso).toBeNull();
	},
);

it(`an ad with ${LARGE_GALLERY_IMAGES} images is associated with the WARN-0211 warning`, async () => {
	const [large, normal] = await adminAds(fx, LIMITS_AGENCIES.largeGallery);
	const answer = await associate(LIMITS_AGENCIES.largeGallery, large.idAvisoPlat);
	expect(answer.status).toBe(200);
	expect(answer.json).toMatchObject({
		code: 'ok',
		warnings: [{ messageCode: 'WARN-0211', messageText: expect.stringContaining('50') }],
	});
	const plain = await associate(LIMITS_AGENCIES.largeGallery, normal.idAvisoPlat, 'LIM-2');
	expect(plain.json.warnings).toBeUndefined();
});

it('the limits interface sees only its own agencies, and demo does not see them', async () => {
	const mine = await limits().get('/v1/inmobiliarias');
	expect(
		mine.json.content.map((a: { codigoInmobiliaria: string }) => a.codigoInmobiliaria),
	).toEqual(Object.values(LIMITS_AGENCIES));
	expect(mine.json.content[0]).not.toHaveProperty('publishing');
	const demo = await fx.les.get('/v1/inmobiliarias');
	expect(demo.json.content).toHaveLength(2);
});

it('fault injection answers coded lists once', async () => {
	await fx.admin.post('/faults/once', {
		path: 'asociar',
		status: 400,
		messageCodes: ['ERR-0502', 'WARN-0211'],
	});
	// The second online ad of INMO-001 is not associated in the seed.
	const [, ad] = await adminAds(fx, 'INMO-001', true);
	const answer = await fx.les.put(
		`/v1/inmobiliarias/INMO-001/avisos/F-1/asociar/${ad.idAvisoPlat}`,
	);
	expect(answer.status).toBe(400);
	expect(answer.json.errors.map((m: { messageCode: string }) => m.messageCode)).toEqual([
		'ERR-0502',
	]);
	expect(answer.json.warnings.map((m: { messageCode: string }) => m.messageCode)).toEqual([
		'WARN-0211',
	]);
	const again = await fx.les.put(`/v1/inmobiliarias/INMO-001/avisos/F-1/asociar/${ad.idAvisoPlat}`);
	expect(again.status).toBe(200);
});
