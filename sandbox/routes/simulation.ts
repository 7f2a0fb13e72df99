/**
 * Sandbox simulation of events (docs/portal-api.md): lead and credit
 * bodies, delivered asynchronously to the configuracionCallback of the body. The Portuguese edition
 * writes /v1/callbacks/geracao/eventos for both kinds, so there the body tells them apart.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EventKind } from '../../nodes/shared/schemas';
import { BEHAVIOUR, errors } from '../behaviour';
import type { SandboxContext } from '../context';
import type { PathLanguage } from '../contract/editions';
import { withEnvelope } from '../contract/eventEnvelope';
import type { BodyLanguage } from '../contract/languages';
import { creditFields } from '../eventBodies';
import { deliveryTarget, leadBodyFor } from '../events';
import type { AdRecord, InterfaceRecord } from '../model';
import { callerOf, parseWith, requireCallbackAccess, type Query } from './common';
import {
	creditSimulationSchema,
	leadSimulationSchema,
	type SimulationCallback,
} from './simulationBodies';

const CREDIT_ONLY_FIELDS = ['codigoEmpresa', 'accion', 'planDePublicacion', 'siteId', 'status'];

/** On the shared Portuguese path: a body naming a credit field and no lead kind is a credit. */
function isCreditBody(body: unknown): boolean {
	if (!body || typeof body !== 'object') return false;
	const fields = body as Query;
	if (fields.tipoDeEvento !== undefined) return fields.tipoDeEvento === 'CREDITO';
	return CREDIT_ONLY_FIELDS.some((name) => fields[name] !== undefined);
}

/** Rule 1: the ad must exist in the agency, named by the integrator's code or its platform id. */
function simulatedAd(
	ctx: SandboxContext,
	caller: InterfaceRecord,
	agencyCode: string,
	code: string,
): AdRecord {
	const inAgency = (id: number | undefined) => {
		const ad = id === undefined ? undefined : ctx.state.findAd(id);
		return ad?.agencyCode === agencyCode ? ad : undefined;
	};
	for (const sibling of ctx.state.interfaces.values()) {
		if (sibling.integrator !== caller.integrator) continue;
		const ad = inAgency(sibling.adIdByCode.get(code));
		if (ad) return ad;
	}
	const byPlatformId =
		BEHAVIOUR.simulation.adCodeMayBePlatformId && /^\d+$/.test(code)
			? inAgency(Number(code))
			: undefined;
	if (byPlatformId) return byPlatformId;
	throw errors.notFound(`Ad ${code} does not exist in agency ${agencyCode}`);
}

function enqueue(
	ctx: SandboxContext,
	caller: InterfaceRecord,
	kind: EventKind,
	configuration: SimulationCallback,
	bodyFor: (idEvento: string, language: BodyLanguage) => Record<string, unknown>,
) {
	const idEvento = randomUUID();
	const target = deliveryTarget(configuration)!;
	ctx.deliveries.enqueue({
		idEvento,
		kind,
		interfaceId: caller.id,
		source: 'simulation',
		target,
		body: bodyFor(idEvento, target.language),
	});
	return { code: 'ok', idEvento };
}

function simulateLead(ctx: SandboxContext, request: FastifyRequest, pathLanguage: PathLanguage) {
	const caller = requireCallbackAccess(callerOf(ctx, request));
	const body = parseWith(leadSimulationSchema, request.body);
	const agency = ctx.state.linkedAgency(caller, body.codigoInmobiliaria);
	const ad = simulatedAd(ctx, caller, agency.codigoInmobiliaria, body.codigoAviso);
	const kind = body.tipoDeEvento;
	const contact = {
		anonymous: false,
		nombre: body.contactName ?? null,
		email: body.contactEmail ?? null,
		telefono: body.contactPhone ?? null,
		mensaje: body.contactMessage ?? null,
		dni: null,
	};
	const record = ctx.state.recordMessage({ kind, ad, contact, at: Date.now() });
	const receiver = { target: caller, adCode: body.codigoAviso, pathLanguage };
	return enqueue(ctx, caller, kind, body.configuracionCallback, (idEvento, language) =>
		leadBodyFor(ctx, record, receiver, idEvento, language),
	);
}

function simulateCredit(ctx: SandboxContext, request: FastifyRequest) {
	const caller = requireCallbackAccess(callerOf(ctx, request));
	if (caller.kind === 'LEC' && !BEHAVIOUR.simulation.lecMaySimulateCredit)
		throw errors.lecAccessDenied();
	const body = parseWith(creditSimulationSchema, request.body);
	const agency = ctx.state.linkedAgency(caller, body.codigoEmpresa);
	const credit = {
		accion: body.accion,
		planDePublicacion: body.planDePublicacion ?? null,
		status: body.status ?? null,
		siteId: body.siteId ?? null,
	};
	const at = Date.now();
	return enqueue(ctx, caller, 'CREDITO', body.configuracionCallback, (idEvento, language) =>
		withEnvelope(
			language,
			idEvento,
			'CREDITO',
			creditFields({ agencyCode: agency.codigoInmobiliaria, credit, at }),
		),
	);
}

export function registerSimulation(app: FastifyInstance, ctx: SandboxContext) {
	app.post('/v1/callbacks/generacion/evento', async (request) => simulateLead(ctx, request, 'es'));
	app.post('/v1/callbacks/generacion/evento/credito', async (request) =>
		simulateCredit(ctx, request),
	);
	app.post('/v1/callbacks/geracao/eventos', async (request) =>
		isCreditBody(request.body) ? simulateCredit(ctx, request) : simulateLead(ctx, request, 'pt'),
	);
	app.post('/v1/callbacks/geracao/eventos/credito', async (request) =>
		simulateCredit(ctx, request),
	);
}
