/**
 * Associate an ad to the calling interface (docs/portal-api.md). Every mix of the
 * Spanish and Portuguese segments is accepted: the Portuguese guide itself calls
 * /v1/inmobiliarias/{c}/anuncios/{code}/asociar/{id}.
 */
import type { FastifyInstance } from 'fastify';
import {
	BEHAVIOUR,
	CodedSandboxError,
	associationWarnings,
	codedBody,
	codedRefusal,
	errors,
} from '../behaviour';
import type { SandboxContext } from '../context';
import { callerOf, paramsOf, requireReadWrite } from './common';

const AGENCY_SEGMENTS = ['inmobiliarias', 'imobiliarias'];
const AD_SEGMENTS = ['avisos', 'anuncios'];

export function associationText(idAviso: number, agencyCode: string, codigoAviso: string): string {
	return `El aviso ${idAviso} de la inmobiliaria ${agencyCode} fue asociado al codigo ${codigoAviso}.`;
}

export function parseAdId(text: string): number {
	if (!/^\d+$/.test(text))
		throw errors.badRequest(`idAviso must be a positive integer, got "${text}"`);
	return Number(text);
}

export function registerAssociation(app: FastifyInstance, ctx: SandboxContext) {
	for (const agencies of AGENCY_SEGMENTS) {
		for (const ads of AD_SEGMENTS) {
			app.put(`/v1/${agencies}/:agencyCode/${ads}/:adCode/asociar/:adId`, async (request) => {
				const caller = callerOf(ctx, request);
				const { agencyCode, adCode, adId } = paramsOf(request);
				requireReadWrite(caller);
				const agency = ctx.state.linkedAgency(caller, agencyCode);
				const idAviso = parseAdId(adId);
				const ad = ctx.state.findAd(idAviso);
				if (!ad || ad.agencyCode !== agency.codigoInmobiliaria) {
					throw errors.notFound(`Ad ${idAviso} does not exist in agency ${agencyCode}`);
				}
				if (adCode.trim() === '') throw errors.badRequest('codigoAviso must not be blank');
				const refusal = codedRefusal(agency.publishing);
				if (refusal.length > 0) {
					throw new CodedSandboxError(BEHAVIOUR.association.codedRefusalStatus, refusal);
				}
				ctx.state.associate(caller, ad, adCode);
				const text = associationText(idAviso, agencyCode, adCode);
				const warnings = associationWarnings(ad.imageCount);
				return {
					code: 'ok',
					respuesta: text,
					resposta: text,
					...(warnings.length > 0 ? codedBody({ warnings }) : {}),
				};
			});
		}
	}
}
