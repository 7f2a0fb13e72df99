/**
 * Callback configuration and event subscriptions (docs/portal-api.md), one of each per interface.
 * The configuration is validated by the emulator's own schema (contract/callbackConfiguration.ts):
 * any body language and a missing url are kept as sent.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { eventKindSchema } from '../../nodes/shared/schemas';
import { errors } from '../behaviour';
import type { SandboxContext } from '../context';
import { callbackConfigurationSchema } from '../contract/callbackConfiguration';
import type { PathLanguage } from '../contract/editions';
import { callerOf, paramsOf, parseWith, requireCallbackAccess, noContent } from './common';

const eventParamSchema = z.object({ evento: eventKindSchema });

const BASES: ReadonlyArray<[string, PathLanguage]> = [
	['/v1/configuracion/callbacks', 'es'],
	['/v1/configuracao/callbacks', 'pt'],
];

export function registerCallbacks(app: FastifyInstance, ctx: SandboxContext) {
	for (const [base, pathLanguage] of BASES) {
		app.put(base, async (request, reply) => {
			const caller = requireCallbackAccess(callerOf(ctx, request));
			const configuration = parseWith(callbackConfigurationSchema.strip(), request.body);
			ctx.state.configure(caller, configuration, pathLanguage);
			return noContent(reply);
		});

		app.get(base, async (request, reply) => {
			const caller = requireCallbackAccess(callerOf(ctx, request));
			return caller.configuration ? { ...caller.configuration } : noContent(reply);
		});

		app.put(`${base}/:evento`, async (request, reply) => {
			const caller = requireCallbackAccess(callerOf(ctx, request));
			const { evento } = parseWith(eventParamSchema, paramsOf(request), 'evento');
			if (!caller.configuration) throw errors.noConfiguration();
			ctx.state.setSubscribed(caller, evento, true);
			return noContent(reply);
		});

		app.delete(`${base}/:evento`, async (request, reply) => {
			const caller = requireCallbackAccess(callerOf(ctx, request));
			const { evento } = parseWith(eventParamSchema, paramsOf(request), 'evento');
			ctx.state.setSubscribed(caller, evento, false);
			return noContent(reply);
		});
	}
}
