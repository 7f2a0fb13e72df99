/** The portal's coded message lists: errors become clear node errors, warnings stay in the item. */
import { portalErrorDetails } from '../../../nodes/shared/errors';
import { LIMITS_AGENCIES } from '../../../sandbox/seed';
import { adminAds, errorOf, failOnce, jsonOf, runPortal, useSandbox } from './support';

const sandbox = useSandbox();
const limits = { accessToken: 'limits-les-token' };

const associate = (agencyCode: string, platformAdId: number | string, adCode = 'LIM-1') => ({
	resource: 'ad',
	operation: 'associate',
	agencyCode,
	adCode,
	platformAdId,
});

async function firstAd(agency: string) {
	const [ad] = await adminAds(sandbox(), agency);
	return ad.idAvisoPlat;
}

test.each([
	[LIMITS_AGENCIES.noPlan, 'ERR-0501', /no active publication plan/],
	[LIMITS_AGENCIES.noCredits, 'ERR-0502', /no publication credits left/],
])(
	'association in %s fails with the text, the fix, and %s in the details',
	async (agency, code, fix) => {
		const id = await firstAd(agency);
		const result = await runPortal(sandbox(), associate(agency, id), { credentials: limits });
		const error = errorOf(result);
		expect(error.message).toMatch(/^The portal refused the request: La inmobiliaria no tiene/);
		expect(error.description).toMatch(fix);
		expect(error.description).toContain(`(${code})`);
		expect(portalErrorDetails(result.error)).toEqual(
			expect.objectContaining({
				portalStatus: 400,
				portalCode: code,
				portalMessages: [
					{ code, text: expect.stringContaining('La inmobiliaria'), level: 'error' },
				],
			}),
		);
	},
);

test('with Continue on Fail, the coded error is the item and the next item goes on', async () => {
	const id = await firstAd(LIMITS_AGENCIES.noCredits);
	const [good] = await adminAds(sandbox(), LIMITS_AGENCIES.largeGallery);
	const result = await runPortal(
		sandbox(),
		associate('={{ $json.agency }}', '={{ $json.id }}', '={{ $json.code }}'),
		{
			credentials: limits,
			continueOnFail: true,
			input: [
				{ agency: LIMITS_AGENCIES.noCredits, id, code: 'A-1' },
				{ agency: LIMITS_AGENCIES.largeGallery, id: good.idAvisoPlat, code: 'A-2' },
			],
		},
	);
	const [failed, done] = jsonOf(result);
	expect(failed.error).toEqual(expect.stringContaining('La inmobiliaria no tiene créditos'));
	expect(done).toEqual(expect.objectContaining({ associated: true, adCode: 'A-2' }));
});

test('a warning on a successful association is kept in the item, not thrown', async () => {
	const [large, normal] = await adminAds(sandbox(), LIMITS_AGENCIES.largeGallery);
	const result = await runPortal(
		sandbox(),
		associate(LIMITS_AGENCIES.largeGallery, '={{ $json.id }}', '={{ $json.code }}'),
		{
			credentials: limits,
			input: [
				{ id: large.idAvisoPlat, code: 'BIG-1' },
				{ id: normal.idAvisoPlat, code: 'SMALL-1' },
			],
		},
	);
	expect(result.status).toBe('success');
	const [big, small] = jsonOf(result);
	expect(big).toEqual(
		expect.objectContaining({
			associated: true,
			warnings: [{ code: 'WARN-0211', text: expect.stringContaining('50') }],
		}),
	);
	expect(small).not.toHaveProperty('warnings');
});

/** Ad → Get Many when the ad summary answers the coded lists of these codes, with this status. */
async function adListAnswering(status: number, messageCodes: string[]) {
	await failOnce(sandbox(), { path: 'resumen', status, messageCodes });
	const result = await runPortal(sandbox(), {
		resource: 'ad',
		operation: 'getAll',
		agencyCode: 'INMO-001',
		returnAll: true,
	});
	return { message: errorOf(result).message, details: portalErrorDetails(result.error) };
}

test('a 200 answer carrying coded errors is an error, every text shown', async () => {
	const { message, details } = await adListAnswering(200, ['ERR-0501', 'ERR-0502']);
	expect(message).toContain('no tiene un plan de publicación vigente');
	expect(message).toContain('no tiene créditos disponibles');
	expect(details?.portalMessages).toEqual([
		expect.objectContaining({ code: 'ERR-0501' }),
		expect.objectContaining({ code: 'ERR-0502' }),
	]);
});

test('a refusal carrying a warning as well shows both texts and keeps both codes', async () => {
	const { message, details } = await adListAnswering(400, ['ERR-0502', 'WARN-0211']);
	expect(message).toContain('no tiene créditos disponibles');
	expect(message).toContain('más de 50 imágenes');
	expect(details?.portalMessages).toEqual([
		expect.objectContaining({ code: 'ERR-0502', level: 'error' }),
		expect.objectContaining({ code: 'WARN-0211', level: 'warning' }),
	]);
});
