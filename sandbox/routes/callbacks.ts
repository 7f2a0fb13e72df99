/**
 * Callback configuration and event subscriptions (docs/portal-api.md), one of each per interface.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { callbackConfigurationSchema, eventKindSchema } from '../../nodes/shared/schemas';
import { errors } from '../behaviour';
import type { SandboxContext } from '../context';
import { callerOf, paramsOf, parseWith, requireCallbackAccess, noContent } from './common';

/** RFC 9110 token characters: what a header name may contain. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export const headerKeyRule = {
	check: (key: string | null | undefined) => !key || HEADER_NAME.test(key),
	message: 'authorizationHeaderKey must be a valid HTTP header name',
};

/** The shared schema, plus: the header key must be usable as a header name. */
export const configurationBodySchema = callbackConfigurationSchema.refine(
	(c) => headerKeyRule.check(c.authorizationHeaderKey),
	{ path: ['authorizationHeaderKey'], message: headerKeyRule.message },
);

const eventParamSchema = z.object({ evento: eventKindSchema });

export function registerCallbacks(app: FastifyInstance, ctx: SandboxContext) {
	for (const base of ['/v1/configuracion/callbacks', '/v1/configuracao/callbacks']) {
		app.put(base, async (request, reply) => {
			const caller = callerOf(ctx, request);
			requireCallbackAccess(caller);
			caller.configuration = parseWith(configurationBodySchema, request.body);
			return noContent(reply);
		});

		app.get(base, async (request, reply) => {
			const caller = callerOf(ctx, request);
			requireCallbackAccess(caller);
			return caller.configuration ? { ...caller.configuration } : noContent(reply);
		});

		app.put(`${base}/:evento`, async (request, reply) => {
			const caller = callerOf(ctx, request);
			requireCallbackAccess(caller);
			const { evento } = parseWith(eventParamSchema, paramsOf(request), 'evento');
			if (!caller.configuration) throw errors.noConfiguration();
			caller.subscriptions.add(evento);
			return noContent(reply);
		});

		app.delete(`${base}/:evento`, async (request, reply) => {
			const caller = callerOf(ctx, request);
			requireCallbackAccess(caller);
			const { evento } = parseWith(eventParamSchema, paramsOf(request), 'evento');
			caller.subscriptions.delete(evento);
			return noContent(reply);
		});
	}
}
