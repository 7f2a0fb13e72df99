/**
 * Field notes, "Access tokens": OAuth2 client credentials. The parameters are read from the query
 * (as observed) or, for convenience, from a form or JSON body. Bad credentials answer XML.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { BEHAVIOUR, xmlError } from '../behaviour';
import type { SandboxContext } from '../context';
import { queryOf, type Query } from './common';

function sendXmlError(reply: FastifyReply, status: number, code: string, message: string) {
	return reply.code(status).type('application/xml').send(xmlError(code, message));
}

export function registerLogin(app: FastifyInstance, ctx: SandboxContext) {
	app.post('/v1/application/login', async (request, reply) => {
		const body = request.body && typeof request.body === 'object' ? (request.body as Query) : {};
		const param = (name: string) => {
			const value = queryOf(request)[name] ?? body[name];
			return typeof value === 'string' ? value : undefined;
		};
		if (param('grant_type') !== 'client_credentials') {
			return sendXmlError(
				reply,
				400,
				'unsupported_grant_type',
				'Only grant_type=client_credentials is supported',
			);
		}
		const caller = ctx.state.interfaceByClient(
			param('client_id') ?? '',
			param('client_secret') ?? '',
		);
		if (!caller) return sendXmlError(reply, 401, 'invalid_client', 'Bad client credentials');
		const { tokenType, expiresInSeconds, scope } = BEHAVIOUR.login;
		return {
			access_token: caller.token,
			token_type: tokenType,
			expires_in: expiresInSeconds,
			scope,
		};
	});
}
