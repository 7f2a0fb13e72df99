/** Ad → Associate "not found": the headline names what the portal's own sentence says is missing. */
import type { INode } from 'n8n-workflow';
import type { PortalSettings } from '../../../nodes/shared/credentials';
import { portalApiError } from '../../../nodes/shared/errors';

/** NodeApiError needs the node only to name it. */
const node = {
	name: 'Real Estate Portal',
	type: 'realEstatePortal',
	parameters: {},
} as unknown as INode;

const settings: PortalSettings = {
	environment: 'sandbox',
	baseUrl: 'http://127.0.0.1:4010',
	pathLanguage: 'es',
	interfaceKind: 'LES',
	authentication: 'accessToken',
};

function headlineFor(portalSaid: string | undefined): string {
	return portalApiError(
		node,
		{
			operation: 'associateAd',
			method: 'PUT',
			path: '/v1/inmobiliarias/INMO-7/avisos/X-1/asociar/54000420',
			status: 404,
			serviceCode: 'not_found',
			serviceMessage: portalSaid,
			attempts: 1,
			pathParams: { agencyCode: 'INMO-7', adCode: 'X-1', adId: 54000420 },
		},
		settings,
		[],
	).message;
}

test.each([
	['Agency INMO-7 is not linked to this interface', 'Agency "INMO-7" not found'],
	['La inmobiliaria INMO-7 no está vinculada a esta integración', 'Agency "INMO-7" not found'],
	['A imobiliária INMO-7 não existe', 'Agency "INMO-7" not found'],
	['Ad 54000420 does not exist in agency INMO-7', 'Ad 54000420 not found in agency INMO-7'],
	[
		'El aviso 54000420 no existe en la inmobiliaria INMO-7',
		'Ad 54000420 not found in agency INMO-7',
	],
	['O anúncio 54000420 não existe', 'Ad 54000420 not found in agency INMO-7'],
	['Not found', 'Ad 54000420 or agency INMO-7 not found'],
	[undefined, 'Ad 54000420 or agency INMO-7 not found'],
])('the portal saying %p gives the headline %p', (portalSaid, headline) => {
	expect(headlineFor(portalSaid)).toBe(headline);
});
